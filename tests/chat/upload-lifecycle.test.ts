// Contract 11: uploads are not a file host. A file is taken only while a question asks for one, at
// most 20 per client address per chatbot per hour, served only once a stored submission (or
// booking) holds it, and deleted, row and file, when nothing took it within 24 hours.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { NO_FILE_QUESTION_PENDING } from '../../src/features/chat/texts'
import { chatbotFilePrefix } from '../../src/features/chatbots/access'
import { TOO_MANY_REQUESTS } from '../../src/http/rate-limit'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { BAKERY_CALENDAR, createChatbot, fileForm, placeNow } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { tinyPng } from './tiny-images'

let app: TestApp
let token: string

const PHOTO_FIRST = [
  { title: 'Photo', question: 'A photo of the venue, please.', type: 'image' },
  { title: 'Name', question: 'What is your name?', type: 'text' },
]

beforeAll(async () => {
  app = await startTestApp()
  placeNow(app, '2026-12-01T12:00:00Z')
  token = await subscribedToken(app, 'uploads@bakery.example')
})
afterAll(() => app.stop())

/** Whether the owner is served the file (anyone else never is: contract 14). */
const served = async (uploadId: string) => (await fetch(`${app.url}/media/uploads/${uploadId}/`, { headers: { authorization: `Token ${token}` } })).status
const uploadRows = async (chatbotId: string) => app.ctx.db.selectFrom('chat_uploads').select('id').where('chatbot_id', '=', chatbotId).execute()

test('uploads only into a session whose pending question asks for a file, at most 20 per address per hour, served once a submission holds them, the rest deleted after 24 hours', async () => {
  const chatbot = (await createChatbot(app, token, 'data', { data_collection: PHOTO_FIRST })).id
  const api = client(app.url)
  const upload = (fields: Record<string, string>, forwarded = '203.0.113.1') =>
    api.form(path.upload(chatbot), fileForm(tinyPng(), 'venue.png', fields), { 'x-forwarded-for': forwarded })

  // No session, an unknown one, and one that has not reached its file question: refused, nothing stored.
  const noSession = await upload({ visitor_id: 'host' })
  expect(noSession.status).toBe(400)
  expect(noSession.body).toMatchObject({ error: NO_FILE_QUESTION_PENDING })
  // Contract 11: a session that does not exist has no file question pending (not a 404 that tells sessions apart).
  const unknown = await upload({ visitor_id: 'host', session_id: UNKNOWN_ID })
  expect(unknown.status).toBe(400)
  expect(unknown.body).toMatchObject({ error: NO_FILE_QUESTION_PENDING })
  const textFirst = (await createChatbot(app, token, 'data', { data_collection: [...PHOTO_FIRST].reverse() })).id
  const early = (await api.post(path.chat(textFirst), { message: 'hi', visitor_id: 'host' })).body.session_id
  const notYet = await api.form(path.upload(textFirst), fileForm(tinyPng(), 'a.png', { visitor_id: 'host', session_id: early }))
  expect(notYet.status).toBe(400)
  expect(notYet.body).toMatchObject({ error: NO_FILE_QUESTION_PENDING })
  expect(await uploadRows(textFirst)).toHaveLength(0)

  // The photo question is pending: 20 uploads an hour from one address (a forged X-Forwarded-For changes nothing).
  const session = (await api.post(path.chat(chatbot), { message: 'hi', visitor_id: 'host' })).body.session_id
  const ids: string[] = []
  for (let i = 0; i < 20; i++) {
    const reply = await upload({ visitor_id: 'host', session_id: session }, `203.0.113.${i}`)
    expect(reply.status).toBe(200)
    ids.push(reply.body.upload_id)
  }
  const refused = await upload({ visitor_id: 'host', session_id: session })
  expect(refused.status).toBe(429)
  expect(refused.body).toMatchObject({ error: TOO_MANY_REQUESTS })
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
  expect(await uploadRows(chatbot)).toHaveLength(20)

  // Not one is served while no submission holds it.
  for (const id of ids) expect(await served(id)).toBe(404)

  // The next hour takes uploads again.
  app.clock.advance(3600_000)
  expect((await upload({ visitor_id: 'host', session_id: session })).status).toBe(200)

  // The form completes with the first upload: that file is served from then on, the others are not.
  expect((await api.post(path.chat(chatbot), { message: ids[0], visitor_id: 'host', session_id: session })).status).toBe(200)
  expect((await api.post(path.chat(chatbot), { message: 'Jane', visitor_id: 'host', session_id: session })).body).toMatchObject({ done: true })
  expect(await served(ids[0])).toBe(200)
  expect(await served(ids[1])).toBe(404)

  // 24 hours on, the expiry job deletes every unclaimed upload, row and file; the claimed one stays.
  app.clock.advance(24 * 3600_000)
  app.ctx.jobs.kick()
  await app.ctx.jobs.idle()
  const left = (await uploadRows(chatbot)).map((r) => r.id)
  expect(left).toEqual([ids[0]])
  expect(await app.ctx.files.get(`${chatbotFilePrefix(chatbot)}/uploads/${ids[1]}`)).toBeNull()
  expect(await app.ctx.files.get(`${chatbotFilePrefix(chatbot)}/uploads/${ids[0]}`)).not.toBeNull()
  expect(await served(ids[0])).toBe(200)
})

test("an Appointment chatbot's file question takes an upload without a session; the booking that names it makes it served", async () => {
  const questions = [{ title: 'Cake photo', question: 'A photo of a cake you like?', type: 'image' }]
  const chatbot = (await createChatbot(app, token, 'appointment', { data_collection: questions, calendar_data: [BAKERY_CALENDAR] })).id
  const calendarId: string = (await client(app.url).get(path.widget(chatbot))).body.calendars[0].calendar_id
  const api = client(app.url)
  const photo = await api.form(path.upload(chatbot), fileForm(tinyPng(), 'cake.png', { visitor_id: 'booker' }))
  expect(photo.status).toBe(200)
  expect(await served(photo.body.upload_id)).toBe(404)
  const now = app.clock.now()
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 15)).toISOString()
  const booked = await api.post(path.book(chatbot), {
    visitor_id: 'booker',
    calendar_id: calendarId,
    duration: 60,
    start,
    client_name: 'Jane Doe',
    client_email: 'jane@cake.example',
    answers: [{ title: 'Cake photo', value: photo.body.upload_id }],
  })
  expect(booked.status).toBe(200)
  expect(await served(photo.body.upload_id)).toBe(200)
})
