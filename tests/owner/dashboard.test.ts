// The dashboard's full settings form (contract 10): every field of the type, the lists as rows,
// a row added without losing what was typed or the logo chosen, and every mistake shown at once.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot, BAKERY_PRICES } from '../support/chatbots'
import { path } from '../support/endpoints'
import { tinyPng } from '../chat/tiny-images'
import { csrfOf, formOf, signIn } from '../dashboard/browser-client'

let app: TestApp
let token: string
const OWNER = 'settings@bakery.example'

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, OWNER)
})
afterAll(() => app.stop())

test('the owner changes a price and the next quote uses it; three mistakes are shown at once; adding a row keeps the logo', async () => {
  const { id } = await createChatbot(app, token, 'quote', { chatbot_title: 'Sweet Crumb Catering' })
  const { client: browser } = await signIn(app, OWNER)
  const editUrl = `/dashboard/chatbots/${id}/edit/`
  const page = await browser.get(editUrl)
  expect(page.status).toBe(200)
  expect(page.html).toContain('value="Wedding cake"')
  expect(page.html).toContain('name="owner_notifications"')

  // Three mistakes: an empty name, a price that is not one, a validity that is not a number of days.
  const bad: Record<string, string> = { ...Object.fromEntries(formOf(page.html)), chatbot_name: '', 'plan-1-excl': 'cheap', quotes_validity: 'a month' }
  const refused = await browser.post(editUrl, bad)
  expect(refused.status).toBe(400)
  for (const message of ['must not be empty', 'must be a price such as 12.50', 'must be a whole number of days, such as 30']) expect(refused.html).toContain(message)
  expect(refused.html).not.toMatch(/Expected string|must match|%PDF-|endpoint/)
  expect(refused.html).toContain('value="cheap"')

  // Add a row with a new logo chosen: the logo comes back as kept, the typed values too.
  const adding = {
    ...Object.fromEntries(formOf(page.html)),
    chatbot_greeting: 'Welcome back!',
    business_logo: new File([tinyPng() as Uint8Array<ArrayBuffer>], 'new-logo.png', { type: 'image/png' }),
    add: 'plan',
  }
  const grown = await browser.post(editUrl, adding)
  expect(grown.status).toBe(200)
  expect(grown.html).toContain('name="business_logo_kept" value="data:image/png;base64,')
  expect(grown.html).toContain('Welcome back!')
  expect(grown.html).toContain(`name="plan_rows" value="${BAKERY_PRICES.length + 1}"`)

  // Remove the first item: the rest move up, the greeting and the chosen logo stay.
  expect(grown.html).toContain('aria-label="Remove item 1"')
  const shrunk = await browser.post(editUrl, { ...Object.fromEntries(formOf(grown.html)), 'plan-0-name': 'Gone soon', remove: 'plan-0' })
  expect(shrunk.status).toBe(200)
  expect(shrunk.html).toContain(`name="plan_rows" value="${BAKERY_PRICES.length}"`)
  expect(shrunk.html).not.toContain('Gone soon')
  expect(shrunk.html).toContain(`id="plan-0-name" name="plan-0-name" type="text" value="${BAKERY_PRICES[1]['Product/Service Name']}"`)
  expect(shrunk.html).toContain('name="business_logo_kept" value="data:image/png;base64,')
  expect(shrunk.html).toContain('Welcome back!')
  expect((await client(app.url, token).get(path.get(id))).body.pricing_plans).toHaveLength(BAKERY_PRICES.length)

  // Save with a new price for the wedding cake, the first item removed.
  const save = { ...Object.fromEntries(formOf(shrunk.html)), 'plan-0-excl': '300', 'plan-0-incl': '324' }
  const saved = await browser.post(editUrl, save)
  expect(saved.status).toBe(303)
  const got = (await client(app.url, token).get(path.get(id))).body
  expect(got.chatbot_greeting).toBe('Welcome back!')
  expect(got.pricing_plans.find((p: Record<string, string>) => p['Product/Service Name'] === 'Wedding cake')['Price excluding VAT']).toBe('300')
  expect(got.pricing_plans.map((p: Record<string, string>) => p['Product/Service Name'])).toEqual(BAKERY_PRICES.slice(1).map((p) => p['Product/Service Name']))
  const quote = await client(app.url).post(path.quote(id), {
    visitor_id: 'v',
    client_name: 'Ada',
    client_email: 'ada@client.example',
    items: [{ name: 'Wedding cake', quantity: 1 }],
  })
  expect(quote.body.total_excluding_vat).toBe('300.00')
})

test('the owner turns notifications off in the form', async () => {
  const { id } = await createChatbot(app, token, 'business')
  const { client: browser } = await signIn(app, OWNER)
  const editUrl = `/dashboard/chatbots/${id}/edit/`
  const html = (await browser.get(editUrl)).html
  const form = Object.fromEntries([...formOf(html)].filter(([k]) => k !== 'owner_notifications'))
  expect(form._csrf).toBe(csrfOf(html))
  const saved = await browser.post(editUrl, form)
  expect(saved.status).toBe(303)
  expect((await client(app.url, token).get(path.get(id))).body.owner_notifications).toBe(false)
})

test('the appointments page cancels an appointment; the leads page deletes a lead; both pages say so', async () => {
  const { id } = await createChatbot(app, token, 'appointment')
  const calendarId = (await client(app.url).get(path.widget(id))).body.calendars[0].calendar_id
  const start = new Date(app.clock.now().getTime() + 3 * 86_400_000)
  const date = start.toISOString().slice(0, 10)
  const slots = (await client(app.url).get(`${path.slots(id)}?calendar_id=${calendarId}&duration=30&date=${date}`)).body.slots
  const booked = await client(app.url).post(path.book(id), {
    visitor_id: 'v',
    calendar_id: calendarId,
    duration: 30,
    start: slots[0].start,
    client_name: 'Ada',
    client_email: 'ada@client.example',
  })
  expect(booked.status).toBe(200)

  const { client: browser } = await signIn(app, OWNER)
  const page = await browser.get(`/dashboard/chatbots/${id}/appointments/`)
  const action = `/dashboard/chatbots/${id}/appointments/${booked.body.appointment_id}/cancel/`
  expect(page.html).toContain(`action="${action}"`)
  // The start on the calendar's clock, labelled with its zone; the page's script adds the owner's own (browser test).
  expect(slots[0].start).toEndWith(':00-05:00')
  const wall = new Date(Date.parse(slots[0].start) - 5 * 3_600_000).toISOString().slice(11, 16)
  expect(page.html).toMatch(
    new RegExp(`<time datetime="${slots[0].start}" data-local="true" data-zone="America/New_York">\\d{1,2} \\w{3} \\d{4}, ${wall} \\(America/New_York\\)</time>`),
  )
  const cancelled = await browser.post(action, { _csrf: csrfOf(page.html) })
  expect(cancelled.status).toBe(303)
  const after = await browser.get(cancelled.location!.replace(app.url, ''))
  expect(after.html).toContain('Appointment cancelled.')
  expect(after.html).toContain('data-status="cancelled"')
  expect(after.html).not.toContain(`action="${action}"`)
  const listed = (await client(app.url, token).get(path.appointments(id))).body.appointments
  expect(listed[0].status).toBe('cancelled')

  const quoteBot = (await createChatbot(app, token, 'quote')).id
  const quote = await client(app.url).post(path.quote(quoteBot), {
    visitor_id: 'v',
    client_name: 'Ada',
    client_email: 'ada@client.example',
    items: [{ name: 'Wedding cake', quantity: 12 }],
  })
  const leadsPage = await browser.get(`/dashboard/chatbots/${quoteBot}/leads/`)
  // Amounts for people, and the quote's number.
  expect(leadsPage.html).toContain('3,000.00 EUR')
  expect(leadsPage.html).toContain(quote.body.quote_number)
  const [lead] = (await client(app.url, token).get(path.leads(quoteBot))).body.leads
  const deleted = await browser.post(`/dashboard/chatbots/${quoteBot}/leads/${lead.lead_id}/delete/`, { _csrf: csrfOf(leadsPage.html) })
  expect(deleted.status).toBe(303)
  expect((await browser.get(deleted.location!.replace(app.url, ''))).html).toContain('Lead deleted')
  expect((await client(app.url, token).get(path.leads(quoteBot))).body.leads).toEqual([])
  expect((await fetch(quote.body.quote_url)).status).toBe(404)
})

test('calendar hours are time inputs; the edit page changes a calendar and names a wrong field next to it', async () => {
  const { id } = await createChatbot(app, token, 'appointment')
  const { client: browser } = await signIn(app, OWNER)
  const list = await browser.get(`/dashboard/chatbots/${id}/calendars/`)
  // The add form: time inputs, and the browser's zone preselected by the page's script.
  expect(list.html).toMatch(/<input[^>]*type="time"[^>]*name="calendar-0-daily_start"|<input[^>]*name="calendar-0-daily_start"[^>]*type="time"/)
  expect(list.html).toContain('data-browser-zone="true"')
  const calendarId = (await client(app.url, token).get(path.calendarView(id))).body.calendar_list[0].calendar_id
  const editUrl = `/dashboard/chatbots/${id}/calendars/${calendarId}/edit/`
  expect(list.html).toContain(`href="${editUrl}"`)
  const page = await browser.get(editUrl)
  expect(page.html).toContain('value="09:00"')
  const fields = Object.fromEntries(formOf(page.html))
  const backwards = await browser.post(editUrl, { ...fields, 'calendar-0-daily_start': '18:00', 'calendar-0-daily_end': '08:00' })
  expect(backwards.status).toBe(400)
  expect(backwards.html).toContain('Closes at must be later than the opening time')
  expect(backwards.html).toContain('id="calendar-0-daily_end-error"')
  const saved = await browser.post(editUrl, { ...fields, 'calendar-0-daily_start': '10:30', 'calendar-0-daily_end': '15:00', 'calendar-0-min15App': 'true' })
  expect(saved.status).toBe(303)
  expect((await client(app.url, token).get(path.calendarView(id))).body.calendar_list[0]).toMatchObject({ daily_start: '10:30', daily_end: '15:00', min15App: true })
})

test('the submissions page deletes a submission with its uploaded file', async () => {
  const questions = [
    { title: 'Name', question: 'Your name?', type: 'text' },
    { title: 'Photo', question: 'A photo?', type: 'image' },
  ]
  const { id } = await createChatbot(app, token, 'data', { data_collection: questions })
  const visitor = client(app.url)
  const opened = await visitor.post(path.chat(id), { visitor_id: 'v-s', message: 'hi' })
  await visitor.post(path.chat(id), { visitor_id: 'v-s', session_id: opened.body.session_id, message: 'Grace' })
  const form = new FormData()
  form.append('file', new Blob([tinyPng() as Uint8Array<ArrayBuffer>]), 'photo.png')
  form.append('visitor_id', 'v-s')
  form.append('session_id', opened.body.session_id)
  const upload = await visitor.form(path.upload(id), form)
  await visitor.post(path.chat(id), { visitor_id: 'v-s', session_id: opened.body.session_id, message: upload.body.upload_id })
  const [submission] = (await client(app.url, token).get(path.submissions(id))).body.submissions
  const fileUrl = submission.answers[1].value

  const { client: browser } = await signIn(app, OWNER)
  const page = await browser.get(`/dashboard/chatbots/${id}/submissions/`)
  // The uploaded file opens with the owner's session, and with nothing else.
  expect((await browser.get(new URL(fileUrl).pathname)).status).toBe(200)
  expect((await fetch(fileUrl)).status).toBe(404)
  const action = `/dashboard/chatbots/${id}/submissions/${submission.submission_id}/delete/`
  expect(page.html).toContain(`action="${action}"`)
  const deleted = await browser.post(action, { _csrf: csrfOf(page.html) })
  expect(deleted.status).toBe(303)
  expect((await browser.get(deleted.location!.replace(app.url, ''))).html).toContain('Submission deleted')
  expect((await client(app.url, token).get(path.submissions(id))).body.submissions).toEqual([])
  expect((await browser.get(new URL(fileUrl).pathname)).status).toBe(404)
})
