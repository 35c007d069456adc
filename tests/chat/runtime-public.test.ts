import { endSubscription } from '../../src/features/billing/service'
// The public surface every chatbot type shares: widget config, CORS, daily allowance, conversation count.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CHATBOT_NOT_FOUND } from '../../src/http/errors'
import { CHATBOT_UNAVAILABLE, DAILY_LIMIT_REACHED, SESSION_NOT_FOUND } from '../../src/features/chat/texts'
import { DAY } from '../../src/lib/clock'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { BAKERY_CALENDAR, createChatbot, BAKERY_PRICES, BAKERY_QUESTIONS, type Kind } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'

let app: TestApp
let token: string
const ids = {} as Record<Kind, string>

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'owner@bakery.example')
  for (const kind of ['knowledge', 'business', 'data', 'quote', 'appointment'] as Kind[]) ids[kind] = (await createChatbot(app, token, kind)).id
})
afterAll(() => app.stop())

describe('widget config', () => {
  const base = {
    chatbot_name: 'Harbour Bakery',
    chatbot_title: 'Harbour Bakery',
    chatbot_greeting: 'Hello!',
    chatbot_color1: '#1f6feb',
    chatbot_color2: '#ffffff',
  }

  test('carries the look of every type, and per type what its widget needs', async () => {
    const api = client(app.url)
    const knowledge = await api.get(path.widget(ids.knowledge))
    expect(knowledge.status).toBe(200)
    expect(knowledge.headers.get('access-control-allow-origin')).toBe('*')
    expect(knowledge.body).toEqual({
      ...base,
      chatbot_id: ids.knowledge,
      chatbot_type: 'Knowledge Retrieval',
      chatbot_instructions: 'Ask about our bread',
      logo_url: null,
      business_name: 'Harbour Bakery',
      chatbot_language: null,
    })

    const business = (await api.get(path.widget(ids.business))).body
    expect(business.chatbot_type).toBe('Business Enquiries')
    expect(business.pricing_plans).toEqual(BAKERY_PRICES)
    expect(business.currency).toBe('')
    expect(business).not.toHaveProperty('data_collection')

    const data = (await api.get(path.widget(ids.data))).body
    expect(data.data_collection).toEqual(BAKERY_QUESTIONS)
    expect(data).not.toHaveProperty('pricing_plans')

    const quote = (await api.get(path.widget(ids.quote))).body
    expect(quote.currency).toBe('EUR')
    expect(quote.pricing_plans).toEqual(BAKERY_PRICES)
    expect(quote.logo_url).toStartWith(`${app.url}/media/logos/${ids.quote}/`)
    expect((await fetch(quote.logo_url)).headers.get('content-type')).toBe('image/png')

    const appointment = (await api.get(path.widget(ids.appointment))).body
    expect(appointment).not.toHaveProperty('data_collection')
    expect(appointment.calendars).toEqual([
      {
        calendar_id: expect.any(String),
        name: 'Tastings',
        description: BAKERY_CALENDAR.description,
        local_timezone_name: 'America/New_York',
        durations: [30, 60],
        include_weekends: true,
      },
    ])
  })

  test('an Appointment chatbot with questions shows them', async () => {
    const { id } = await createChatbot(app, token, 'appointment', { data_collection: BAKERY_QUESTIONS.slice(0, 2) })
    const config = (await client(app.url).get(path.widget(id))).body
    expect(config.data_collection).toEqual(BAKERY_QUESTIONS.slice(0, 2))
  })

  test('an unknown chatbot is 404, with CORS so the widget can read it', async () => {
    const reply = await client(app.url).get(path.widget(UNKNOWN_ID))
    expect(reply.status).toBe(404)
    expect(reply.body).toMatchObject({ error: CHATBOT_NOT_FOUND })
    expect(reply.headers.get('access-control-allow-origin')).toBe('*')
    const chat = await client(app.url).post(path.chat(UNKNOWN_ID), { message: 'hi', visitor_id: 'v' })
    expect(chat.status).toBe(404)
    expect(chat.body).toMatchObject({ error: CHATBOT_NOT_FOUND })
  })
})

test('CORS preflight is answered on the public paths and not on owner paths', async () => {
  for (const p of [path.chat(ids.business), path.upload(ids.data), path.quote(ids.quote), path.book(ids.appointment), path.widget(ids.data)]) {
    const reply = await fetch(app.url + p, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(reply.status).toBe(204)
    expect(reply.headers.get('access-control-allow-origin')).toBe('*')
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST')
    expect(reply.headers.get('access-control-allow-headers')).toContain('content-type')
  }
  const owner = await client(app.url, token).get(path.get(ids.business))
  expect(owner.headers.get('access-control-allow-origin')).toBeNull()
})

test('chat validates its body, naming the field', async () => {
  const api = client(app.url)
  expect((await api.post(path.chat(ids.business), { message: '', visitor_id: 'v1' })).body).toMatchObject({ error: 'message: must not be empty' })
  expect((await api.post(path.chat(ids.business), { message: 'x'.repeat(4001), visitor_id: 'v1' })).body).toMatchObject({
    error: 'message: must be at most 4000 characters',
  })
  expect((await api.post(path.chat(ids.business), { message: 'hi' })).body).toMatchObject({ error: 'visitor_id: is required' })
  expect((await api.post(path.chat(ids.business), { message: 'hi', visitor_id: 'x'.repeat(101) })).status).toBe(400)
  const stranger = await api.post(path.chat(ids.business), { message: 'hi', visitor_id: 'v1', session_id: UNKNOWN_ID })
  expect(stranger.status).toBe(404)
  expect(stranger.body).toMatchObject({ error: SESSION_NOT_FOUND })
})

test("a visitor's messages are limited per UTC day, and the limit resets the next day", async () => {
  const { id } = await createChatbot(app, token, 'knowledge', { user_allowance: 2 })
  const api = client(app.url)
  const first = await api.post(path.chat(id), { message: 'Do you sell rye?', visitor_id: 'alice' })
  expect(first.status).toBe(200)
  const second = await api.post(path.chat(id), { message: 'And spelt?', visitor_id: 'alice', session_id: first.body.session_id })
  expect(second.status).toBe(200)
  const third = await api.post(path.chat(id), { message: 'And oat?', visitor_id: 'alice', session_id: first.body.session_id })
  expect(third.status).toBe(429)
  expect(third.body).toMatchObject({ error: DAILY_LIMIT_REACHED })
  expect(third.headers.get('access-control-allow-origin')).toBe('*')
  // Another visitor has a day of their own.
  expect((await api.post(path.chat(id), { message: 'Hi', visitor_id: 'bob' })).status).toBe(200)

  // Just past the next UTC midnight, alice may write again.
  const now = app.clock.now()
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY
  app.clock.advance(nextMidnight - now.getTime() + 1000)
  const nextDay = await api.post(path.chat(id), { message: 'And oat?', visitor_id: 'alice', session_id: first.body.session_id })
  expect(nextDay.status).toBe(200)
})

test('conversation_count counts each session once, at its first message', async () => {
  const { id } = await createChatbot(app, token, 'business')
  const owner = client(app.url, token)
  const api = client(app.url)
  expect((await owner.get(path.get(id))).body.conversation_count).toBe(0)
  const one = await api.post(path.chat(id), { message: 'When are you open?', visitor_id: 'carol' })
  await api.post(path.chat(id), { message: 'And on Sunday?', visitor_id: 'carol', session_id: one.body.session_id })
  await api.post(path.chat(id), { message: 'Prices?', visitor_id: 'carol' })
  await api.post(path.chat(id), { message: 'Hello', visitor_id: 'dave' })
  expect((await owner.get(path.get(id))).body.conversation_count).toBe(3)
  // Someone else's session id is not a way into their conversation.
  const hijack = await api.post(path.chat(id), { message: 'hi', visitor_id: 'mallory', session_id: one.body.session_id })
  expect(hijack.status).toBe(404)
  expect((await owner.get(path.get(id))).body.conversation_count).toBe(3)
})

test('a chatbot whose owner has no active subscription is not available', async () => {
  const lapsedToken = await subscribedToken(app, 'lapsed@bakery.example')
  const { id } = await createChatbot(app, lapsedToken, 'business')
  const account = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'lapsed@bakery.example').executeTakeFirstOrThrow()
  await endSubscription(app.ctx, account.id)
  const api = client(app.url)
  for (const reply of [await api.get(path.widget(id)), await api.post(path.chat(id), { message: 'hi', visitor_id: 'v' })]) {
    expect(reply.status).toBe(403)
    expect(reply.body).toMatchObject({ error: CHATBOT_UNAVAILABLE })
  }
})
