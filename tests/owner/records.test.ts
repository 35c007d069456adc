// Contract 10 for owners' records: calendar-edit, appointment-cancel (METHOD:CANCEL to both
// sides, the time free again), lead and submission delete with their files, quote numbers
// without gaps, and one owner notification per event (none when turned off), read from a real
// SMTP server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ParsedMail } from 'mailparser'
import { APPOINTMENT_ALREADY_CANCELLED, APPOINTMENT_CANCELLED, appointmentNotFound } from '../../src/features/bookings/texts'
import { CALENDAR_UPDATED, calendarNotFound } from '../../src/features/calendars/texts'
import { notAvailableForType } from '../../src/features/chat/texts'
import { unknownField } from '../../src/features/chatbots/texts'
import { SUBMISSION_DELETED, submissionNotFound } from '../../src/features/forms/texts'
import { OWNER_NOTIFICATION_SUBJECTS } from '../../src/features/notifications/texts'
import { LEAD_DELETED, leadNotFound } from '../../src/features/quotes/texts'
import { client, startTestApp, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'
import { BAKERY_CALENDAR, createChatbot, fileForm, placeNow, subscribedTokenViaSmtp } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { tinyPng } from '../chat/tiny-images'
import { referenceText } from '../training/pdf-reference'
import { csvObjects } from '../support/csv'

const OWNER = 'owner@bakery.example'
const OTHER = 'other@shop.example'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let token: string
let otherToken: string

beforeAll(async () => {
  smtp = await startSmtpSink()
  // Numbering and notifications are under test here, not contract 11's per-address quote limits (tests/chat/public-limits.test.ts).
  app = await startTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_QUOTES_PER_HOUR: '0', RATE_LIMIT_QUOTE_MAILS_PER_DAY: '0' })
  token = await subscribedTokenViaSmtp(app, smtp, OWNER)
  otherToken = await subscribedTokenViaSmtp(app, smtp, OTHER)
  // 07:00 in New York on Tuesday 1 December 2026.
  placeNow(app, '2026-12-01T12:00:00Z')
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

const icsOf = (mail: ParsedMail): string => {
  const part = mail.attachments.find((a) => a.contentType === 'text/calendar')
  if (!part) throw new Error(`no .ics in "${mail.subject}"`)
  return part.content.toString('utf8').replace(/\r\n /g, '')
}
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]

/** An export's CSV, checked as text/csv and parsed as RFC 4180. */
async function csvOf(url: string): Promise<Record<string, string>[]> {
  const reply = await fetch(`${app.url}${url}`, { headers: { authorization: `Token ${token}` } })
  expect(reply.status).toBe(200)
  expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  return csvObjects(await reply.text())
}

/** Mails to `to` whose subject is `subject`, after the job queue has gone quiet. */
async function mailsTo(to: string, subject: string): Promise<ParsedMail[]> {
  await app.ctx.jobs.idle()
  return smtp.messages.filter((m) => (m.to as { text: string } | undefined)?.text.includes(to) && m.subject === subject)
}

describe('appointments', () => {
  let chatbot: string
  let calendarId: string
  const api = () => client(app.url)
  const owner = () => client(app.url, token)
  const booking = (start: string, name = 'Jane Doe') => ({
    visitor_id: 'visitor-a',
    calendar_id: calendarId,
    duration: 60,
    start,
    client_name: name,
    client_email: 'jane@client.example',
  })

  beforeAll(async () => {
    chatbot = (await createChatbot(app, token, 'appointment', { chatbot_title: 'Harbour Bakery Tastings' })).id
    calendarId = (await api().get(path.widget(chatbot))).body.calendars[0].calendar_id
  })

  test('a cancelled appointment stays listed, its slot is offered again at once, and both sides get METHOD:CANCEL with the same UID and a higher SEQUENCE', async () => {
    const booked = await api().post(path.book(chatbot), booking('2026-12-02T10:00:00-05:00'))
    expect(booked.status).toBe(200)
    const id = booked.body.appointment_id
    const slotsOf = async () => (await api().get(`${path.slots(chatbot)}?calendar_id=${calendarId}&duration=60&date=2026-12-02`)).body.slots.map((s: { start: string }) => s.start)
    expect(await slotsOf()).not.toContain('2026-12-02T10:00:00-05:00')
    const invitation = await smtp.waitFor('jane@client.example', (m) => m.attachments.some((a) => a.contentType === 'text/calendar'))
    // Replies reach the calendar's address, and the mail speaks as the business's title.
    expect((invitation.replyTo as { text: string } | undefined)?.text).toContain(BAKERY_CALENDAR.calendar_email)
    expect(invitation.text).toContain('"Tastings" with Harbour Bakery')
    const uid = field(icsOf(invitation), 'UID')
    expect(field(icsOf(invitation), 'SEQUENCE')).toBe('0')

    const cancelled = await owner().post(path.appointmentCancel(chatbot), { appointment_id: id, reason: 'The oven is being repaired' })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toEqual({ response: APPOINTMENT_CANCELLED })
    expect(await slotsOf()).toContain('2026-12-02T10:00:00-05:00')

    for (const to of ['jane@client.example', BAKERY_CALENDAR.calendar_email]) {
      const mail = await smtp.waitFor(to, (m) => m.attachments.some((a) => a.contentType === 'text/calendar' && a.content.toString().includes('METHOD:CANCEL')))
      const ics = icsOf(mail)
      expect(field(ics, 'METHOD')).toBe('CANCEL')
      expect(field(ics, 'STATUS')).toBe('CANCELLED')
      expect(field(ics, 'UID')).toBe(uid)
      expect(Number(field(ics, 'SEQUENCE'))).toBeGreaterThan(0)
      expect(mail.text).toContain('The oven is being repaired')
    }

    const list = await owner().get(path.appointments(chatbot))
    const statuses = new Map(list.body.appointments.map((a: { appointment_id: string; status: string }) => [a.appointment_id, a.status]))
    expect(statuses.get(id)).toBe('cancelled')

    // The freed time can be booked again; the new one is confirmed.
    const rebooked = await api().post(path.book(chatbot), booking('2026-12-02T10:00:00-05:00', 'John Roe'))
    expect(rebooked.status).toBe(200)
    const after = await owner().get(path.appointments(chatbot))
    expect(after.body.appointments.find((a: { appointment_id: string }) => a.appointment_id === rebooked.body.appointment_id).status).toBe('confirmed')

    const again = await owner().post(path.appointmentCancel(chatbot), { appointment_id: id })
    expect(again.status).toBe(409)
    expect(again.body.error).toBe(APPOINTMENT_ALREADY_CANCELLED)
  })

  test('the owner is told once of each booking and each cancellation', async () => {
    const before = {
      booked: (await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.appointment('Harbour Bakery'))).length,
      cancelled: (await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.cancellation('Harbour Bakery'))).length,
    }
    const booked = await api().post(path.book(chatbot), booking('2026-12-03T11:00:00-05:00'))
    expect(booked.status).toBe(200)
    await owner().post(path.appointmentCancel(chatbot), { appointment_id: booked.body.appointment_id })
    const notices = await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.appointment('Harbour Bakery'))
    expect(notices.length).toBe(before.booked + 1)
    expect(notices.at(-1)?.text).toContain('jane@client.example')
    expect((await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.cancellation('Harbour Bakery'))).length).toBe(before.cancelled + 1)

    // Turned off: neither a booking nor a cancellation is told any more (the client still gets both).
    expect((await owner().post(path.edit(chatbot), { owner_notifications: false })).status).toBe(200)
    const quiet = await api().post(path.book(chatbot), booking('2026-12-03T14:00:00-05:00'))
    expect(quiet.status).toBe(200)
    expect((await owner().post(path.appointmentCancel(chatbot), { appointment_id: quiet.body.appointment_id })).status).toBe(200)
    expect((await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.appointment('Harbour Bakery'))).length).toBe(before.booked + 1)
    expect((await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.cancellation('Harbour Bakery'))).length).toBe(before.cancelled + 1)
    await smtp.waitFor('jane@client.example', (m) =>
      m.attachments.some((x) => x.content.toString().includes('METHOD:CANCEL') && x.content.toString().includes('DTSTART:20261203T190000Z')),
    )
    expect((await owner().post(path.edit(chatbot), { owner_notifications: true })).status).toBe(200)
  })

  test('chatbot-appointments?format=csv: a header row and one row per appointment, with its status', async () => {
    const json = (await owner().get(path.appointments(chatbot))).body.appointments
    const rows = await csvOf(`${path.appointments(chatbot)}?format=csv`)
    expect(rows.map((r) => r.appointment_id)).toEqual(json.map((a: { appointment_id: string }) => a.appointment_id))
    expect(rows.map((r) => r.status)).toEqual(json.map((a: { status: string }) => a.status))
    expect(rows.map((r) => r.status)).toContain('cancelled')
    expect(rows[0]).toMatchObject({ calendar_name: BAKERY_CALENDAR.calendar_name, client_email: 'jane@client.example', start: json[0].start })
    expect((await owner().get(`${path.appointments(chatbot)}?format=json`)).body.appointments).toEqual(json)
  })

  test('cancel: unknown id 404, missing id 400, another account 403, another type 400', async () => {
    const unknown = await owner().post(path.appointmentCancel(chatbot), { appointment_id: UNKNOWN_ID })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe(appointmentNotFound(UNKNOWN_ID))
    expect((await owner().post(path.appointmentCancel(chatbot), {})).status).toBe(400)
    const foreign = await client(app.url, otherToken).post(path.appointmentCancel(chatbot), { appointment_id: UNKNOWN_ID })
    expect(foreign.status).toBe(403)
    const quoteBot = (await createChatbot(app, token, 'data')).id
    const wrong = await owner().post(path.appointmentCancel(quoteBot), { appointment_id: UNKNOWN_ID })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe(notAvailableForType('Data Collection'))
  })

  test('calendar-edit changes the hours and keeps booked appointments; checks fields like calendar-add', async () => {
    const booked = await api().post(path.book(chatbot), booking('2026-12-04T09:00:00-05:00'))
    expect(booked.status).toBe(200)
    const edited = await owner().post(path.calendarEdit(chatbot), { calendar_id: calendarId, daily_start: '10:00 AM', daily_end: '2:00 PM', min15App: true })
    expect(edited.status).toBe(200)
    expect(edited.body).toEqual({ response: CALENDAR_UPDATED })
    const view = await owner().get(path.calendarView(chatbot))
    expect(view.body.calendar_list[0]).toMatchObject({ daily_start: '10:00', daily_end: '14:00', min15App: true, min60App: true, name: BAKERY_CALENDAR.calendar_name })
    const slots = await api().get(`${path.slots(chatbot)}?calendar_id=${calendarId}&duration=60&date=2026-12-07`)
    expect(slots.body.slots.map((s: { start: string }) => s.start)).toEqual([
      '2026-12-07T10:00:00-05:00',
      '2026-12-07T11:00:00-05:00',
      '2026-12-07T12:00:00-05:00',
      '2026-12-07T13:00:00-05:00',
    ])
    const list = await owner().get(path.appointments(chatbot))
    expect(list.body.appointments.some((a: { appointment_id: string; status: string }) => a.appointment_id === booked.body.appointment_id && a.status === 'confirmed')).toBe(true)

    const backwards = await owner().post(path.calendarEdit(chatbot), { calendar_id: calendarId, daily_end: '9:00 AM' })
    expect(backwards.status).toBe(400)
    expect(backwards.body).toMatchObject({ error: 'daily_end: must be after daily_start', field: 'daily_end' })
    const badEmail = await owner().post(path.calendarEdit(chatbot), { calendar_id: calendarId, calendar_email: 'nope' })
    expect(badEmail.body).toMatchObject({ error: 'calendar_email: must be a valid e-mail address', field: 'calendar_email' })
    const stranger = await owner().post(path.calendarEdit(chatbot), { calendar_id: calendarId, colour: 'red' })
    expect(stranger.body.error).toBe(unknownField('colour'))
    const unknown = await owner().post(path.calendarEdit(chatbot), { calendar_id: UNKNOWN_ID, calendar_name: 'X' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe(calendarNotFound(UNKNOWN_ID))
    // Nothing changed by the refused edits.
    expect((await owner().get(path.calendarView(chatbot))).body.calendar_list[0]).toMatchObject({
      daily_start: '10:00',
      daily_end: '14:00',
      calendar_email: BAKERY_CALENDAR.calendar_email,
    })
  })
})

describe('quotes and leads', () => {
  let chatbot: string
  const quoteOf = (visitor: string) => ({ visitor_id: visitor, client_name: 'Ada Lovelace', client_email: 'ada@client.example', items: [{ name: 'Wedding cake', quantity: 20 }] })

  beforeAll(async () => {
    chatbot = (await createChatbot(app, token, 'quote', { chatbot_name: 'Sweet Crumb Catering Quotes', chatbot_title: 'Sweet Crumb Catering' })).id
  })

  test('10 concurrent first quotes are numbered Q-000001 to Q-000010, in the answer, the lead, the PDF and the e-mail subject', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => client(app.url).post(path.quote(chatbot), quoteOf(`visitor-${i}`))))
    for (const reply of replies) expect(reply.status).toBe(200)
    const numbers = replies.map((r) => r.body.quote_number as string).sort()
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `Q-${String(i + 1).padStart(6, '0')}`))

    const leads = await client(app.url, token).get(path.leads(chatbot))
    expect(leads.body.leads.map((l: { quote_number: string }) => l.quote_number).sort()).toEqual(numbers)

    const first = replies.find((r) => r.body.quote_number === 'Q-000001')!.body
    const pdf = await fetch(first.quote_url)
    const { text } = referenceText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('Q-000001')
    expect(text).toContain('5,000.00 EUR')

    const mail = await smtp.waitFor('ada@client.example', (m) => m.subject === 'Your quote Q-000001 from Sweet Crumb Catering')
    expect(mail.text).toContain('5,000.00 EUR')
    expect(mail.text).not.toContain('Sweet Crumb Catering Quotes')
    expect((mail.replyTo as { text: string } | undefined)?.text).toContain(OWNER)
  })

  test('the owner gets exactly one notification per lead; none once owner_notifications is false', async () => {
    const subject = OWNER_NOTIFICATION_SUBJECTS.lead('Sweet Crumb Catering Quotes')
    const before = (await mailsTo(OWNER, subject)).length
    expect(before).toBe(10)
    const get = await client(app.url, token).get(path.get(chatbot))
    expect(get.body.owner_notifications).toBe(true)
    expect((await client(app.url, token).post(path.edit(chatbot), { owner_notifications: false })).status).toBe(200)
    expect((await client(app.url, token).get(path.get(chatbot))).body.owner_notifications).toBe(false)
    expect((await client(app.url).post(path.quote(chatbot), quoteOf('visitor-quiet'))).status).toBe(200)
    expect((await mailsTo(OWNER, subject)).length).toBe(before)
    const notice = (await mailsTo(OWNER, subject))[0]
    expect(notice.text).toContain('Q-0000')
    expect(notice.text).not.toMatch(/whsec_|Token /)
  })

  test('chatbot-leads?format=csv: RFC 4180 with a header row, one row per lead', async () => {
    const json = (await client(app.url, token).get(path.leads(chatbot))).body.leads
    const rows = await csvOf(`${path.leads(chatbot)}?format=csv`)
    expect(rows).toHaveLength(json.length)
    expect(rows.map((r) => r.quote_number)).toEqual(json.map((l: { quote_number: string }) => l.quote_number))
    expect(rows[0]).toMatchObject({ client_name: 'Ada Lovelace', client_email: 'ada@client.example', total_excluding_vat: '5000.00', currency: 'EUR', lead_id: json[0].lead_id })
  })

  test('lead-delete removes the lead and its quote PDF; unknown id 404', async () => {
    const leads = (await client(app.url, token).get(path.leads(chatbot))).body.leads
    const lead = leads[0]
    expect((await fetch(lead.quote_url)).status).toBe(200)
    const deleted = await client(app.url, token).post(path.leadDelete(chatbot), { lead_id: lead.lead_id })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ response: LEAD_DELETED })
    expect((await fetch(lead.quote_url)).status).toBe(404)
    const after = (await client(app.url, token).get(path.leads(chatbot))).body.leads
    expect(after.map((l: { lead_id: string }) => l.lead_id)).not.toContain(lead.lead_id)
    expect(after.length).toBe(leads.length - 1)
    const unknown = await client(app.url, token).post(path.leadDelete(chatbot), { lead_id: lead.lead_id })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe(leadNotFound(lead.lead_id))
    expect((await client(app.url, otherToken).post(path.leadDelete(chatbot), { lead_id: UNKNOWN_ID })).status).toBe(403)
  })
})

describe('submissions', () => {
  test('a completed form notifies the owner once; submission-delete removes it and its uploaded files', async () => {
    const questions = [
      { title: 'Name', question: 'What is your name?', type: 'text' },
      { title: 'Venue photo', question: 'A photo of the venue?', type: 'image' },
    ]
    const chatbot = (await createChatbot(app, token, 'data', { chatbot_name: 'Venue Forms', data_collection: questions })).id
    const api = client(app.url)
    const opened = await api.post(path.chat(chatbot), { visitor_id: 'visitor-f', message: 'hello' })
    const sessionId = opened.body.session_id
    await api.post(path.chat(chatbot), { visitor_id: 'visitor-f', session_id: sessionId, message: 'Grace, "Gee" Hopper' })
    const photo = await api.form(path.upload(chatbot), fileForm(tinyPng(), 'venue.png', { visitor_id: 'visitor-f', session_id: sessionId }))
    expect(photo.status).toBe(200)
    const done = await api.post(path.chat(chatbot), { visitor_id: 'visitor-f', session_id: sessionId, message: photo.body.upload_id })
    expect(done.status).toBe(200)

    const notices = await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.submission('Venue Forms'))
    expect(notices.length).toBe(1)
    expect(notices[0].text).toContain('Name: Grace, "Gee" Hopper')

    const owner = client(app.url, token)
    const [submission] = (await owner.get(path.submissions(chatbot))).body.submissions
    // The CSV: one column per question title, with a comma and quotes kept intact.
    const csv = await csvOf(`${path.submissions(chatbot)}?format=csv`)
    expect(csv).toEqual([{ submission_id: submission.submission_id, created_at: submission.created_at, Name: 'Grace, "Gee" Hopper', 'Venue photo': submission.answers[1].value }])
    const fileUrl = submission.answers.find((a: { type: string }) => a.type === 'image').value
    const asOwner = { headers: { authorization: `Token ${token}` } }
    expect((await fetch(fileUrl, asOwner)).status).toBe(200)
    const deleted = await owner.post(path.submissionDelete(chatbot), { submission_id: submission.submission_id })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ response: SUBMISSION_DELETED })
    expect((await fetch(fileUrl, asOwner)).status).toBe(404)
    expect((await owner.get(path.submissions(chatbot))).body.submissions).toEqual([])
    const unknown = await owner.post(path.submissionDelete(chatbot), { submission_id: submission.submission_id })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe(submissionNotFound(submission.submission_id))

    // Turned off: the next completed form is stored, and the owner is not told.
    expect((await owner.post(path.edit(chatbot), { owner_notifications: false })).status).toBe(200)
    const quiet = await api.post(path.chat(chatbot), { visitor_id: 'visitor-q', message: 'hello' })
    await api.post(path.chat(chatbot), { visitor_id: 'visitor-q', session_id: quiet.body.session_id, message: 'Ada' })
    const quietPhoto = await api.form(path.upload(chatbot), fileForm(tinyPng(), 'hall.png', { visitor_id: 'visitor-q', session_id: quiet.body.session_id }))
    expect((await api.post(path.chat(chatbot), { visitor_id: 'visitor-q', session_id: quiet.body.session_id, message: quietPhoto.body.upload_id })).status).toBe(200)
    expect((await owner.get(path.submissions(chatbot))).body.submissions).toHaveLength(1)
    expect((await mailsTo(OWNER, OWNER_NOTIFICATION_SUBJECTS.submission('Venue Forms'))).length).toBe(1)
  })
})
