// Appointment/Calendar Support: slots, a booking with its answers, both invitations, double booking.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { answerMissing, notAvailableForType, SLOT_UNAVAILABLE } from '../../src/features/chat/texts'
import { client, startTestApp, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'
import { BAKERY_CALENDAR, createChatbot, fileForm, placeNow, subscribedTokenViaSmtp } from '../support/chatbots'
import { path } from '../support/endpoints'
import { tinyPng } from './tiny-images'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let token: string
let chatbot: string
let calendarId: string

const QUESTIONS = [
  { title: 'Occasion', question: 'What is the occasion?', type: 'text' },
  { title: 'Cake photo', question: 'A photo of a cake you like?', type: 'image' },
]

beforeAll(async () => {
  smtp = await startSmtpSink()
  app = await startTestApp({ SMTP_URL: smtp.url })
  token = await subscribedTokenViaSmtp(app, smtp, 'clinic@bakery.example')
  chatbot = (await createChatbot(app, token, 'appointment', { data_collection: QUESTIONS })).id
  calendarId = (await client(app.url).get(path.widget(chatbot))).body.calendars[0].calendar_id
  // 07:00 in New York on Tuesday 1 December 2026.
  placeNow(app, '2026-12-01T12:00:00Z')
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

test('a visitor books a free slot; client and calendar each get an .ics invitation; the slot is then taken', async () => {
  const api = client(app.url)
  const slots = await api.get(`${path.slots(chatbot)}?calendar_id=${calendarId}&duration=60&date=2026-12-02`)
  expect(slots.status).toBe(200)
  expect(slots.body).toMatchObject({ calendar_id: calendarId, date: '2026-12-02', duration: 60, time_zone: 'America/New_York' })
  expect(slots.body.slots[0]).toEqual({ start: '2026-12-02T09:00:00-05:00', end: '2026-12-02T10:00:00-05:00' })
  expect(slots.body.slots).toHaveLength(8)

  const photo = await api.form(path.upload(chatbot), fileForm(tinyPng(), 'cake.png', { visitor_id: 'visitor-b' }))
  expect(photo.body.kind).toBe('image')
  const booking = {
    visitor_id: 'visitor-b',
    calendar_id: calendarId,
    duration: 60,
    // The same instant as the offered 10:00-05:00, written in UTC.
    start: '2026-12-02T15:00:00Z',
    client_name: 'Jane Doe',
    client_email: 'jane@client.example',
    answers: [
      { title: 'Cake photo', value: photo.body.upload_id },
      { title: 'Occasion', value: 'Wedding tasting' },
    ],
  }
  const booked = await api.post(path.book(chatbot), booking)
  expect(booked.status).toBe(200)
  expect(booked.body).toEqual({
    appointment_id: expect.any(String),
    calendar_id: calendarId,
    start: '2026-12-02T10:00:00-05:00',
    end: '2026-12-02T11:00:00-05:00',
    status: 'confirmed',
  })

  for (const to of ['jane@client.example', BAKERY_CALENDAR.calendar_email]) {
    const mail = await smtp.waitFor(to, (m) => m.attachments.some((a) => a.contentType === 'text/calendar'))
    const ics = mail.attachments.find((a) => a.contentType === 'text/calendar')!
    const text = ics.content.toString('utf8').replace(/\r\n /g, '')
    expect(text).toContain('METHOD:REQUEST')
    expect(text).toContain('DTSTART:20261202T150000Z')
    expect(text).toContain('DTEND:20261202T160000Z')
    expect(text).toContain('LOCATION:Harbour Bakery\\, 1 Quay Street')
    expect(text).toContain('mailto:jane@client.example')
    expect(mail.text).toContain('Wednesday, 2 December 2026 at 10:00 (America/New_York)')
  }

  const again = await api.post(path.book(chatbot), { ...booking, client_name: 'Someone Else' })
  expect(again.status).toBe(409)
  expect(again.body).toMatchObject({ error: SLOT_UNAVAILABLE })
  const after = await api.get(`${path.slots(chatbot)}?calendar_id=${calendarId}&duration=60&date=2026-12-02`)
  expect(after.body.slots.map((s: { start: string }) => s.start)).not.toContain('2026-12-02T10:00:00-05:00')

  const listed = await client(app.url, token).get(path.appointments(chatbot))
  expect(listed.status).toBe(200)
  expect(listed.body).toEqual({
    response: 'success',
    appointments: [
      {
        appointment_id: booked.body.appointment_id,
        calendar_id: calendarId,
        calendar_name: 'Tastings',
        start: '2026-12-02T10:00:00-05:00',
        end: '2026-12-02T11:00:00-05:00',
        duration: 60,
        client_name: 'Jane Doe',
        client_email: 'jane@client.example',
        answers: [
          { title: 'Occasion', type: 'text', value: 'Wedding tasting' },
          { title: 'Cake photo', type: 'image', value: `${app.url}/media/uploads/${photo.body.upload_id}/` },
        ],
        created_at: expect.any(String),
        status: 'confirmed',
      },
    ],
  })
})

test('concurrent bookings of one slot: exactly one succeeds', async () => {
  const api = client(app.url)
  const body = (i: number) => ({
    visitor_id: `racer-${i}`,
    calendar_id: calendarId,
    duration: 30,
    start: '2026-12-03T09:00:00-05:00',
    client_name: `Racer ${i}`,
    client_email: `racer${i}@client.example`,
    answers: [
      { title: 'Occasion', value: 'Race' },
      { title: 'Cake photo', value: 'x' },
    ],
  })
  // Each racer needs an upload of their own for the image question.
  const uploads = await Promise.all([0, 1, 2, 3].map((i) => api.form(path.upload(chatbot), fileForm(tinyPng(), 'c.png', { visitor_id: `racer-${i}` }))))
  const replies = await Promise.all(
    [0, 1, 2, 3].map((i) =>
      api.post(path.book(chatbot), {
        ...body(i),
        answers: [
          { title: 'Occasion', value: 'Race' },
          { title: 'Cake photo', value: uploads[i].body.upload_id },
        ],
      }),
    ),
  )
  expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
})

test('answers are required and checked; slots and book exist only for Appointment chatbots', async () => {
  const api = client(app.url)
  const base = { visitor_id: 'v-x', calendar_id: calendarId, duration: 30, start: '2026-12-04T09:00:00-05:00', client_name: 'X', client_email: 'x@client.example' }
  expect((await api.post(path.book(chatbot), base)).body).toMatchObject({ error: answerMissing('Occasion') })
  const foreignUpload = await api.form(path.upload(chatbot), fileForm(tinyPng(), 'c.png', { visitor_id: 'someone-else' }))
  const stolen = await api.post(path.book(chatbot), {
    ...base,
    answers: [
      { title: 'Occasion', value: 'Birthday' },
      { title: 'Cake photo', value: foreignUpload.body.upload_id },
    ],
  })
  expect(stolen.status).toBe(400)
  expect(stolen.body.error).toStartWith('answers[1].value: ')
  const unknownQuestion = await api.post(path.book(chatbot), { ...base, answers: [{ title: 'Shoe size', value: '42' }] })
  expect(unknownQuestion.body.error).toBe("answers[0].title: not one of this chatbot's questions")

  const bad = await api.get(`${path.slots(chatbot)}?calendar_id=${calendarId}&duration=45&date=2026-12-02`)
  expect(bad.status).toBe(400)
  expect(bad.body.error).toStartWith('duration: ')

  const business = (await createChatbot(app, token, 'business')).id
  expect((await api.get(`${path.slots(business)}?calendar_id=${calendarId}&duration=30&date=2026-12-02`)).body).toMatchObject({
    error: notAvailableForType('Business Enquiries'),
  })
  expect((await api.post(path.book(business), base)).status).toBe(400)
})
