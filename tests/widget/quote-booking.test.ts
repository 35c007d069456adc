// The widget's panels on a host site, in real Chromium: a quote (totals on screen, in the PDF
// behind the download link and in the e-mail) and a booking (slots on the visitor's clock, the
// first free day, yes/no questions, the .ics e-mails, 409s).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ParsedMail } from 'mailparser'
import type { BrowserContext } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { SLOT_UNAVAILABLE } from '../../src/features/chat/texts'
import { ANSWER_REASONS } from '../../src/features/forms/answer-check'
import { DAY } from '../../src/lib/clock'
import { client } from '../support/app'
import { CALENDAR, CREATION_BODIES, PNG_1x1, PRICE_LIST } from '../support/chatbots'
import { addDays, dateIn, DESKTOP, newContext, openHostPage, pageErrors, screenshot, startSuite, waitForCount, type Suite } from './harness'

/** Each browser step gives up after 10 s (see newContext); a whole test after this. */
const TIMEOUT = 30_000

let suite: Suite
let markdown: BrowserContext

beforeAll(async () => {
  suite = await startSuite()
  markdown = await newContext(suite.browser)
}, 30_000)
afterAll(async () => {
  await suite?.stop()
})

const attachmentsOf = (mail: ParsedMail): { filename?: string; contentType: string; content: Buffer }[] => mail.attachments ?? []

describe('Quote Generation', () => {
  test(
    'the quote panel prices the items, and the PDF link and the e-mail carry the same totals',
    async () => {
      const { page, w } = await openHostPage(markdown, suite, 'quote', { markdown: true })
      await w.launcher.click()
      // The logo from the creation body is shown in the header.
      expect(await w.t('chatbot-logo').getAttribute('src')).toBe(suite.chatbots.quote.logo_url)
      // A chat message before the quote gets the hint towards the panel.
      await w.input.fill('Hello')
      await w.input.press('Enter')
      await w.bot.nth(1).waitFor()

      await w.t('quote-open').click()
      await w.t('quote-panel').waitFor({ state: 'visible' })
      expect(await w.t('chatbot-chat').isHidden()).toBe(true)
      expect(await w.t('quote-open').isHidden()).toBe(true) // the action bar shows with the chat only
      const audit = w.host.locator('[data-testid=quote-qty][data-name="Website audit"]')
      const hosting = w.host.locator('[data-testid=quote-qty][data-name="Hosting"]')
      expect(await w.t('quote-qty').count()).toBe(2)
      expect(await audit.inputValue()).toBe('0')

      // Nothing chosen, no name, a broken address: every problem at once, each beside its field, nothing sent.
      await w.t('quote-email').fill('grace@')
      await w.t('quote-submit').click()
      expect(await w.t('quote-items-error').textContent()).toBe('Choose a quantity for at least one item.')
      expect(await w.t('quote-name-error').textContent()).toBe('Please enter your name.')
      expect(await w.t('quote-email-error').textContent()).toBe('Please enter a valid e-mail address.')
      expect(await w.t('quote-error').isHidden()).toBe(true)
      expect(await w.t('quote-name').getAttribute('aria-invalid')).toBe('true')
      // Each message sits with its own field and is read out with it.
      expect(await w.t('quote-email').getAttribute('aria-describedby')).toBe(await w.t('quote-email-error').getAttribute('id'))
      const below = async (field: string, error: string) => (await w.t(error).boundingBox())!.y > (await w.t(field).boundingBox())!.y
      expect(await below('quote-name', 'quote-name-error')).toBe(true)
      expect(await below('quote-email', 'quote-email-error')).toBe(true)
      expect((await w.t('quote-name-error').boundingBox())!.y).toBeLessThan((await w.t('quote-email').boundingBox())!.y)
      expect(await w.focused()).toBe('quote-qty')
      await screenshot(page, 'quote-problems-desktop')

      await audit.fill('2')
      await hosting.fill('3')
      const estimate = (await w.t('quote-estimate').textContent())!
      expect(estimate).toContain('229.97')
      expect(estimate).toContain('275.97')
      await w.t('quote-name').fill('Grace Hopper')
      await w.t('quote-email').fill('grace@')
      await w.t('quote-submit').click()
      expect(await w.t('quote-email-error').textContent()).toBe('Please enter a valid e-mail address.')
      expect(await w.t('quote-items-error').isHidden()).toBe(true)
      expect(await w.t('quote-name-error').isHidden()).toBe(true)
      expect(await w.t('quote-email').getAttribute('aria-invalid')).toBe('true')
      await w.t('quote-email').fill('grace@client.example')
      await w.t('quote-submit').click()

      // 2 x 100 + 3 x 9.99 = 229.97 excluding VAT; 2 x 120 + 3 x 11.99 = 275.97 including VAT.
      const excl = w.t('quote-total-excl')
      await excl.waitFor({ state: 'visible' })
      expect(await excl.getAttribute('data-value')).toBe('229.97')
      expect(await excl.textContent()).toContain('229.97')
      expect(await w.t('quote-total-incl').getAttribute('data-value')).toBe('275.97')
      expect(await w.t('quote-total-incl').textContent()).toContain('275.97')
      const validUntil = new Date(suite.app.clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10)
      expect(await w.t('quote-valid-until').getAttribute('data-value')).toBe(validUntil)
      expect(await w.t('quote-form').isHidden()).toBe(true)
      await screenshot(page, 'quote-desktop')

      // The download link is the stored lead's quote_url, an absolute URL of the app.
      const quoteUrl = (await w.t('quote-download').getAttribute('href'))!
      expect(quoteUrl).toStartWith(`${suite.app.url}/`)
      const leads = await suite.api.get(`/api/v1.0/chatbot-leads/${suite.ids.quote}/`)
      expect(leads.body.leads).toHaveLength(1)
      expect(leads.body.leads[0]).toMatchObject({
        client_name: 'Grace Hopper',
        client_email: 'grace@client.example',
        quote_url: quoteUrl,
        total_excluding_vat: '229.97',
        total_including_vat: '275.97',
        currency: '€',
      })

      const download = await fetch(quoteUrl)
      expect(download.status).toBe(200)
      expect(download.headers.get('content-type')).toBe('application/pdf')
      const pdfBytes = new Uint8Array(await download.arrayBuffer())
      const { text } = await extractText(await getDocumentProxy(pdfBytes.slice()), { mergePages: true })
      for (const expected of ['Grace Hopper', 'grace@client.example', 'Website audit', 'Hosting', '229.97', '275.97', validUntil]) expect(text).toContain(expected)

      // The e-mail to the client carries the same PDF.
      const mail = await suite.sink.waitFor('grace@client.example')
      const pdfs = attachmentsOf(mail).filter((a) => a.contentType === 'application/pdf')
      expect(pdfs).toHaveLength(1)
      expect(pdfs[0].filename).toEndWith('.pdf')
      expect(new Uint8Array(pdfs[0].content)).toEqual(pdfBytes)

      // A new quote starts from an empty form.
      await w.t('quote-new').click()
      await w.t('quote-form').waitFor({ state: 'visible' })
      expect(await audit.inputValue()).toBe('0')
      expect(await w.t('quote-result').isHidden()).toBe(true)

      // What only the service can know (the owner dropped Hosting meanwhile) shows beside the items, in words.
      const edited = await suite.api.post(`/api/v1.0/chatbot-edit/${suite.ids.quote}/`, { pricing_plans: [PRICE_LIST[0]] })
      expect(edited.status).toBe(200)
      await hosting.fill('1')
      await w.t('quote-name').fill('Grace Hopper')
      await w.t('quote-email').fill('grace@client.example')
      await w.t('quote-submit').click()
      await w.t('quote-items-error').waitFor({ state: 'visible' })
      expect(await w.t('quote-items-error').textContent()).toBe('Not in the price list.')
      expect(await w.t('quote-error').isHidden()).toBe(true)
      await w.t('quote-back').click()
      await w.input.waitFor({ state: 'visible' })
      expect(pageErrors(page)).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )
})

/** The wall clock of an instant in a zone, as 'YYYY-MM-DDTHH:MM'. */
function wallIn(zone: string, iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`
}

/** The next weekday after `today`: a full day of the calendar's free slots (it skips weekends). */
function nextWeekday(today: string): string {
  let day = addDays(today, 1)
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1)
  return day
}

describe('Appointment/Calendar Support', () => {
  test(
    "books a free slot shown on the visitor's own clock: confirmation, .ics to the client and the calendar, and the slot is gone",
    async () => {
      const PARIS = 'Europe/Paris'
      const paris = await newContext(suite.browser, { ...DESKTOP, timezoneId: PARIS })
      const { page, w } = await openHostPage(paris, suite, 'appointment', { markdown: false })
      const api = client(suite.app.url)
      const config = (await api.get(`/api/v1.0/widget/${suite.ids.appointment}/`)).body
      const calendarId: string = config.calendars[0].calendar_id
      const slotsAt = (query: string) => api.get(`/api/v1.0/chat/${suite.ids.appointment}/slots/?calendar_id=${calendarId}&${query}`)

      await w.launcher.click()
      await w.t('booking-open').click()
      await w.t('booking-panel').waitFor({ state: 'visible' })
      const calendarSelect = w.t('booking-calendar')
      expect(await calendarSelect.inputValue()).toBe(calendarId)
      expect(await calendarSelect.locator('option').allTextContents()).toEqual(['Consultations'])
      expect(await w.t('booking-calendar-description').textContent()).toBe(CALENDAR.description)
      expect(
        await w
          .t('booking-duration')
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      ).toEqual(['30', '60'])

      // The panel opens on the first day, in the visitor's zone, that has a free time.
      const today = dateIn(PARIS, suite.app.clock.now())
      const todays = await slotsAt(`duration=30&date=${today}&time_zone=${PARIS}`)
      const firstFree: string = todays.body.slots.length ? today : todays.body.next_available_date
      expect(firstFree).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const dateInput = w.t('booking-date')
      await page.waitForFunction(
        (day) => (document.querySelector('chatbot-widget')?.shadowRoot?.querySelector('[data-testid=booking-date]') as HTMLInputElement | null)?.value === day,
        firstFree,
      )
      await w.host.locator('[data-testid=booking-slot]').first().waitFor()
      expect(await dateInput.getAttribute('min')).toBe(today)
      await w.t('booking-next-day').click()
      expect(await dateInput.inputValue()).toBe(addDays(firstFree, 1))

      // A weekday of New York's 9:00 to 17:00, shown on the Paris clock with the Paris offset.
      const day = nextWeekday(today)
      const inNewYork = (await slotsAt(`duration=60&date=${day}`)).body.slots as { start: string }[]
      expect(inNewYork[0].start).toBe(`${day}T09:00:00${inNewYork[0].start.slice(-6)}`)
      const parisTime = (newYorkHour: number) => wallIn(PARIS, inNewYork[newYorkHour - 9].start)
      await dateInput.fill(day)
      const slot = (wall: string) => w.host.locator(`[data-testid=booking-slot][data-start^="${wall}:00"]`)
      await slot(parisTime(9)).waitFor()
      await waitForCount(page, '[data-testid=booking-slot]', 16) // 9:00 to 17:00 in New York by 30 minutes
      expect(await w.t('booking-timezone').textContent()).toContain(PARIS)
      expect(await slot(parisTime(9)).getAttribute('aria-label')).toContain(PARIS)
      expect(await slot(parisTime(9)).textContent()).toBe(
        new Intl.DateTimeFormat('en-US', { timeZone: PARIS, hour: 'numeric', minute: '2-digit' }).format(new Date(inNewYork[0].start)),
      )

      await w.t('booking-duration').selectOption('60')
      await waitForCount(page, '[data-testid=booking-slot]', 8)
      const ten = slot(parisTime(10))
      const eleven = slot(parisTime(11))
      const tenStart = (await ten.getAttribute('data-start'))!
      const elevenStart = (await eleven.getAttribute('data-start'))!
      expect(tenStart).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\+0[12]:00$/)
      expect(Date.parse(tenStart)).toBe(Date.parse(inNewYork[1].start))

      // Someone else takes 11:00 through the API while the visitor looks at it: the widget says so and reloads.
      const rival = await api.post(`/api/v1.0/chat/${suite.ids.appointment}/book/`, {
        visitor_id: 'rival',
        calendar_id: calendarId,
        duration: 60,
        start: elevenStart,
        client_name: 'Rival',
        client_email: 'rival@client.example',
        answers: [{ title: 'Name', value: 'Rival' }],
      })
      expect(rival.status).toBe(200)
      await eleven.click()
      expect(await eleven.getAttribute('aria-pressed')).toBe('true')
      await w.t('booking-name').fill('Alan Turing')
      await w.t('booking-email').fill('alan@client.example')
      await w.host.locator('[data-testid=booking-answer][data-title="Name"]').fill('Alan')
      await w.t('booking-submit').click()
      await w.t('booking-error').waitFor({ state: 'visible' })
      expect(await w.t('booking-error').textContent()).toBe(SLOT_UNAVAILABLE)
      await eleven.waitFor({ state: 'detached' })
      await waitForCount(page, '[data-testid=booking-slot]', 7)

      // Submitting without a time is refused in the widget.
      await w.t('booking-submit').click()
      expect(await w.t('booking-error').textContent()).toBe('Please choose a time.')

      await ten.click()
      await w.t('booking-submit').click()
      const confirmation = w.t('booking-confirmation')
      await confirmation.waitFor({ state: 'visible' })
      expect(await confirmation.textContent()).toContain("You're booked!")
      expect(await confirmation.textContent()).toContain(PARIS)
      expect(await w.t('booking-confirmation-time').getAttribute('data-start')).toBe(tenStart)
      expect(await w.t('booking-appointment-id').textContent()).toStartWith('Reference: ')
      expect(await w.focused()).toBe('booking-confirmation')
      await screenshot(page, 'appointment-desktop')

      // The owner sees it, with the answer to the chatbot's question.
      const listed = await suite.api.get(`/api/v1.0/chatbot-appointments/${suite.ids.appointment}/`)
      const alan = (listed.body.appointments as { client_email: string; start: string; answers: unknown }[]).find((a) => a.client_email === 'alan@client.example')
      expect(alan).toMatchObject({ calendar_id: calendarId, calendar_name: 'Consultations', duration: 60, client_name: 'Alan Turing' })
      expect(Date.parse(alan?.start ?? '')).toBe(Date.parse(tenStart))
      expect(alan?.answers).toEqual([expect.objectContaining({ title: 'Name', value: 'Alan' })])

      // The client and the calendar's address each get an .ics invitation.
      const isIcs = (a: { filename?: string; contentType: string }) => !!a.filename?.endsWith('.ics') || a.contentType.startsWith('text/calendar')
      const hasIcs = (m: ParsedMail) => attachmentsOf(m).some(isIcs)
      const toClient = await suite.sink.waitFor('alan@client.example', hasIcs)
      const toCalendar = await suite.sink.waitFor(CALENDAR.calendar_email, (m) => hasIcs(m) && JSON.stringify(m.text ?? '').includes('Alan Turing'))
      for (const mail of [toClient, toCalendar]) {
        const ics = attachmentsOf(mail).find(isIcs)!.content.toString('utf8')
        expect(ics).toContain('BEGIN:VCALENDAR')
        expect(ics).toContain('METHOD:REQUEST')
        expect(ics).toContain('alan@client.example')
      }

      // The same slot again, straight through the API: taken.
      const again = await api.post(`/api/v1.0/chat/${suite.ids.appointment}/book/`, {
        visitor_id: 'another',
        calendar_id: calendarId,
        duration: 60,
        start: tenStart,
        client_name: 'Late',
        client_email: 'late@client.example',
        answers: [{ title: 'Name', value: 'Late' }],
      })
      expect(again.status).toBe(409)
      expect(again.body).toMatchObject({ error: SLOT_UNAVAILABLE })

      // Booking another: the form comes back without the two taken hours.
      await w.t('booking-new').click()
      await w.t('booking-form').waitFor({ state: 'visible' })
      await waitForCount(page, '[data-testid=booking-slot]', 6)
      expect(await ten.count()).toBe(0)
      expect(await eleven.count()).toBe(0)
      expect(pageErrors(page)).toEqual([])
      await page.close()
      await paris.close()
    },
    TIMEOUT,
  )

  test(
    'every question is asked in the booking form: yes/no as a choice of two, a photo through a file input, and the owner gets the answers',
    async () => {
      const questions = [
        { title: 'Guests', question: 'How many guests?', type: 'number' },
        { title: 'Parking', question: 'Do you need a parking space?', type: 'boolean' },
        { title: 'Photo', question: 'A photo of the venue, please.', type: 'image' },
      ]
      const id = await suite.addChatbot('appointment', { ...CREATION_BODIES['/api/v1.0/api-appointment-calendar/'], data_collection: questions })
      // A visitor in the calendar's own zone: the times read as the calendar has them.
      const newYork = await newContext(suite.browser, { ...DESKTOP, timezoneId: CALENDAR.local_timezone })
      const { page, w } = await openHostPage(newYork, suite, { id }, { markdown: false })
      await w.launcher.click()
      await w.t('booking-open').click()
      const day = nextWeekday(dateIn(CALENDAR.local_timezone, suite.app.clock.now()))
      await w.host.locator('[data-testid=booking-slot]').first().waitFor()
      await w.t('booking-date').fill(day)
      const nine = w.host.locator(`[data-testid=booking-slot][data-start^="${day}T09:00:00"]`)
      await nine.click()
      await w.t('booking-name').fill('Ada Lovelace')
      await w.t('booking-email').fill('ada@client.example')

      // Unanswered questions are caught in the widget, one by one, naming the question.
      const guests = w.host.locator('[data-testid=booking-answer][data-title="Guests"]')
      const parking = (answer: 'yes' | 'no') => w.host.locator(`[data-testid=booking-choice][data-title="Parking"][data-value=${answer}]`)
      const photo = w.host.locator('[data-testid=booking-file][data-title="Photo"]')
      expect(await photo.getAttribute('accept')).toBe('image/*')
      expect(await w.host.locator('[data-testid=booking-answer][data-title="Parking"]').count()).toBe(0)
      expect(await page.getByRole('group', { name: 'Do you need a parking space?' }).getByRole('radio').count()).toBe(2)
      await w.t('booking-submit').click()
      expect(await w.t('booking-error').textContent()).toBe('Please answer: How many guests?')
      expect(await w.focused()).toBe('booking-answer')
      await guests.fill('12')
      await w.t('booking-submit').click()
      expect(await w.t('booking-error').textContent()).toBe('Please answer: Do you need a parking space?')
      expect(await w.focused()).toBe('booking-choice')
      await parking('yes').check()
      await w.t('booking-submit').click()
      expect(await w.t('booking-error').textContent()).toBe('Please answer: A photo of the venue, please.')

      await photo.setInputFiles({ name: 'venue.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1x1) })
      await photo.scrollIntoViewIfNeeded()
      await screenshot(page, 'appointment-questions-desktop')
      // The service refuses a number that is none: the visitor reads its sentence, never the field path.
      await guests.fill('a dozen')
      await w.t('booking-submit').click()
      await w.t('booking-error').waitFor({ state: 'visible' })
      expect(await w.t('booking-error').textContent()).toBe(ANSWER_REASONS.number)
      await guests.fill('12')
      await w.t('booking-submit').click()
      await w.t('booking-confirmation').waitFor({ state: 'visible' })

      const listed = await suite.api.get(`/api/v1.0/chatbot-appointments/${id}/`)
      expect(listed.body.appointments).toHaveLength(1)
      const [guestsAnswer, parkingAnswer, photoAnswer] = listed.body.appointments[0].answers
      expect(guestsAnswer).toMatchObject({ title: 'Guests', value: 12 })
      expect(parkingAnswer).toMatchObject({ title: 'Parking', value: true })
      expect(photoAnswer).toMatchObject({ title: 'Photo' })
      // A visitor's upload is served to the owner only (contract 14).
      expect((await fetch(photoAnswer.value)).status).toBe(404)
      const file = await fetch(photoAnswer.value, { headers: { authorization: `Token ${suite.token}` } })
      expect(file.status).toBe(200)
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_1x1)
      expect(pageErrors(page)).toEqual([])
      await page.close()
      await newYork.close()
    },
    TIMEOUT,
  )
})

describe('the booking panel on a day without free times', () => {
  test(
    'opens on the first day that has one, and offers it when the visitor picks an empty day',
    async () => {
      // Saturday 5 December 2026, 10:00 in New York, for the service and the browser alike: the calendar skips weekends.
      const saturday = '2026-12-05T15:00:00Z'
      // A chatbot of its own: the tests before book on the first free day from today's date, which some weeks is that Monday.
      const id = await suite.addChatbot('appointment', CREATION_BODIES['/api/v1.0/api-appointment-calendar/'])
      const shift = Date.parse(saturday) - suite.app.clock.now().getTime()
      suite.app.clock.advance(shift)
      const context = await newContext(suite.browser, { ...DESKTOP, timezoneId: CALENDAR.local_timezone })
      await context.clock.setFixedTime(new Date(saturday))
      try {
        const { page, w } = await openHostPage(context, suite, { id }, { markdown: false })
        await w.launcher.click()
        await w.t('booking-open').click()
        const dateInput = w.t('booking-date')
        await w.host.locator('[data-testid=booking-slot][data-start^="2026-12-07T09:00:00"]').waitFor()
        expect(await dateInput.inputValue()).toBe('2026-12-07')
        expect(await dateInput.getAttribute('min')).toBe('2026-12-05')
        expect(await w.t('booking-slots-status').textContent()).toBe('16 times available.')

        // Sunday by hand: no times, and a button to the next free day.
        await dateInput.fill('2026-12-06')
        await w.t('booking-slots-status').filter({ hasText: 'No available times on this day.' }).waitFor()
        expect(await w.host.locator('[data-testid=booking-slot]').count()).toBe(0)
        const next = w.t('booking-next-available')
        expect(await next.textContent()).toBe('Show the next free day: Monday, December 7, 2026')
        await next.click()
        await w.host.locator('[data-testid=booking-slot]').first().waitFor()
        expect(await dateInput.inputValue()).toBe('2026-12-07')
        expect(pageErrors(page)).toEqual([])
        await page.close()
      } finally {
        suite.app.clock.advance(-shift)
        await context.close()
      }
    },
    TIMEOUT,
  )
})
