// Contract section 10, conversations: message_id and feedback on the public side; the owner's
// conversations (paged), one transcript with sources and ratings, and the unanswered questions.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ACCESS_DENIED, CHATBOT_NOT_FOUND } from '../../src/http/errors'
import { NOTHING_FOUND } from '../../src/features/answers/texts'
import { notAvailableForType } from '../../src/features/chat/texts'
import { TYPES } from '../../src/features/chatbots/texts'
import { BEFORE_INVALID, CONVERSATION_NOT_FOUND, FEEDBACK_THANKS, LIMIT_INVALID, MESSAGE_NOT_FOUND, STARTING_AFTER_UNKNOWN } from '../../src/features/conversations/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { ANSWERING_BAKERY, DOCS_HELPER } from '../answers/support'
import { createChatbot } from '../support/chatbots'

let app: TestApp
let token: string
let owner: ReturnType<typeof client>
let stranger: ReturnType<typeof client>
let business: string
let knowledge: string
let dataCollection: string

const chat = (id: string, body: Record<string, unknown>) => client(app.url).post(`/api/v1.0/chat/${id}/`, body)
const feedback = (id: string, body: Record<string, unknown>) => client(app.url).post(`/api/v1.0/chat/${id}/feedback/`, body)
const conversations = (id: string, query = '') => owner.get(`/api/v1.0/chatbot-conversations/${id}/${query}`)
const view = (id: string, sessionId: string) => owner.get(`/api/v1.0/chatbot-conversation-view/${id}/?session_id=${encodeURIComponent(sessionId)}`)
const unanswered = (id: string) => owner.get(`/api/v1.0/chatbot-unanswered/${id}/`)

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'inbox-owner@example.com')
  owner = client(app.url, token)
  stranger = client(app.url, await subscribedToken(app, 'inbox-stranger@example.com'))
})
afterAll(() => app.stop())

describe('chat answers and feedback', () => {
  let sessionId: string
  let replyId: string

  beforeAll(async () => {
    business = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
    knowledge = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    dataCollection = (await createChatbot(app, token, 'data')).id
  })

  test('every chat answer carries the bot message id', async () => {
    const first = await chat(business, { visitor_id: 'v-ann', message: 'Do you bake gluten-free bread?' })
    expect(first.status).toBe(200)
    expect(first.body.message_id).toEqual(expect.any(String))
    sessionId = first.body.session_id
    replyId = first.body.message_id
    const form = await chat(dataCollection, { visitor_id: 'v-ann', message: 'hello' })
    expect(form.status).toBe(200)
    expect(form.body.message_id).toEqual(expect.any(String))
    expect(form.body.message_id).not.toBe(replyId)
  })

  test("the session's visitor rates a reply; a later rating replaces the earlier", async () => {
    const up = await feedback(business, { visitor_id: 'v-ann', session_id: sessionId, message_id: replyId, rating: 'up' })
    expect(up.status).toBe(200)
    expect(up.body).toEqual({ response: FEEDBACK_THANKS })
    expect(up.headers.get('access-control-allow-origin')).toBe('*')
    expect((await view(business, sessionId)).body.messages[1].feedback).toBe('up')
    const down = await feedback(business, { visitor_id: 'v-ann', session_id: sessionId, message_id: replyId, rating: 'down' })
    expect(down.body).toEqual({ response: FEEDBACK_THANKS })
    expect((await view(business, sessionId)).body.messages[1].feedback).toBe('down')
  })

  test('a browser on another site may send feedback (CORS preflight)', async () => {
    const preflight = await fetch(`${app.url}/api/v1.0/chat/${business}/feedback/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  test("another visitor's message, a visitor's own message and an unknown id are not found", async () => {
    const cases = [
      { visitor_id: 'v-bob', session_id: sessionId, message_id: replyId, rating: 'up' },
      { visitor_id: 'v-ann', session_id: sessionId, message_id: '00000000-0000-4000-8000-000000000000', rating: 'up' },
      { visitor_id: 'v-ann', session_id: 'no-such-session', message_id: replyId, rating: 'up' },
    ]
    const transcript = (await view(business, sessionId)).body
    cases.push({ visitor_id: 'v-ann', session_id: sessionId, message_id: transcript.messages[0].message_id, rating: 'up' })
    for (const body of cases) {
      const reply = await feedback(business, body)
      expect(reply.status).toBe(404)
      expect(reply.body.error).toBe(MESSAGE_NOT_FOUND)
    }
    // The same message through another chatbot's address is not found either.
    const elsewhere = await feedback(knowledge, { visitor_id: 'v-ann', session_id: sessionId, message_id: replyId, rating: 'up' })
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.body.error).toBe(MESSAGE_NOT_FOUND)
    expect((await view(business, sessionId)).body.messages[1].feedback).toBe('down')
  })

  test('a rating other than up or down, or a missing field, is a 400 naming it', async () => {
    const bad = await feedback(business, { visitor_id: 'v-ann', session_id: sessionId, message_id: replyId, rating: 'meh' })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('rating')
    const missing = await feedback(business, { visitor_id: 'v-ann', session_id: sessionId, rating: 'up' })
    expect(missing.status).toBe(400)
    expect(missing.body.field).toBe('message_id')
  })

  test('feedback on an unknown chatbot is 404', async () => {
    const reply = await feedback('00000000-0000-4000-8000-000000000000', { visitor_id: 'v-ann', session_id: sessionId, message_id: replyId, rating: 'up' })
    expect(reply.status).toBe(404)
  })
})

describe('conversation-view', () => {
  test('every message in order, with the sources, answered and the rating of each reply', async () => {
    const asked = await chat(business, { visitor_id: 'v-cat', message: 'Do you bake gluten-free bread?' })
    app.clock.advance(1000)
    const refused = await chat(business, { visitor_id: 'v-cat', session_id: asked.body.session_id, message: 'Can you fix my bicycle?' })
    expect(refused.body.answered).toBe(false)
    await feedback(business, { visitor_id: 'v-cat', session_id: asked.body.session_id, message_id: refused.body.message_id, rating: 'down' })

    const reply = await view(business, asked.body.session_id)
    expect(reply.status).toBe(200)
    expect(reply.body.response).toBe('success')
    expect(reply.body.session_id).toBe(asked.body.session_id)
    expect(reply.body.visitor_id).toBe('v-cat')
    const [q1, a1, q2, a2] = reply.body.messages
    expect(reply.body.messages).toHaveLength(4)
    expect(q1).toEqual({ message_id: expect.any(String), role: 'visitor', text: 'Do you bake gluten-free bread?', created_at: expect.any(String) })
    expect(a1).toEqual({ message_id: asked.body.message_id, role: 'bot', text: asked.body.reply, created_at: expect.any(String), sources: asked.body.sources, answered: true })
    expect(a1.sources.length).toBeGreaterThan(0)
    expect(a1.sources[0]).toEqual({ title: expect.any(String), url: null, snippet: expect.stringContaining('gluten-free') })
    expect(q2.text).toBe('Can you fix my bicycle?')
    expect(a2).toEqual({ message_id: refused.body.message_id, role: 'bot', text: NOTHING_FOUND, created_at: expect.any(String), sources: [], answered: false, feedback: 'down' })
    expect(Date.parse(q1.created_at)).toBeLessThan(Date.parse(a1.created_at))
    expect(Date.parse(a1.created_at)).toBeLessThan(Date.parse(q2.created_at))
  })

  test('a type without sources shows the bare messages', async () => {
    const asked = await chat(dataCollection, { visitor_id: 'v-dan', message: 'hello' })
    const reply = await view(dataCollection, asked.body.session_id)
    expect(reply.status).toBe(200)
    expect(reply.body.messages[1]).toEqual({ message_id: asked.body.message_id, role: 'bot', text: asked.body.reply, created_at: expect.any(String) })
  })

  test("an unknown session, or another chatbot's, is 404 Conversation not found.; a missing session_id is a 400 naming it", async () => {
    const asked = await chat(knowledge, { visitor_id: 'v-eve', message: 'hello there' })
    for (const sessionId of ['no-such-session', asked.body.session_id]) {
      const reply = await view(business, sessionId)
      expect(reply.status).toBe(404)
      expect(reply.body.error).toBe(CONVERSATION_NOT_FOUND)
    }
    const missing = await owner.get(`/api/v1.0/chatbot-conversation-view/${business}/`)
    expect(missing.status).toBe(400)
    expect(missing.body.field).toBe('session_id')
  })
})

describe('access', () => {
  test('another account: 403 Access Denied; an unknown chatbot: 404 Chatbot not found.; no token: 401', async () => {
    const paths = [`/api/v1.0/chatbot-conversations/${business}/`, `/api/v1.0/chatbot-conversation-view/${business}/?session_id=x`, `/api/v1.0/chatbot-unanswered/${business}/`]
    for (const path of paths) {
      const denied = await stranger.get(path)
      expect(denied.status).toBe(403)
      expect(denied.body.error).toBe(ACCESS_DENIED)
      const unknown = await owner.get(path.replace(business, '00000000-0000-4000-8000-000000000000'))
      expect(unknown.status).toBe(404)
      expect(unknown.body.error).toBe(CHATBOT_NOT_FOUND)
      expect((await client(app.url).get(path)).status).toBe(401)
    }
  })

  test('unanswered questions are not available for the types that do not answer from material', async () => {
    for (const kind of ['data', 'quote', 'appointment'] as const) {
      const { id } = await createChatbot(app, token, kind)
      const reply = await unanswered(id)
      expect(reply.status).toBe(400)
      const type = { data: TYPES.dataCollection, quote: TYPES.quote, appointment: TYPES.appointment }[kind]
      expect(reply.body.error).toBe(notAvailableForType(type))
      // Their conversations are listed like every type's.
      expect((await conversations(id)).status).toBe(200)
    }
  })
})

describe('chatbot-conversations', () => {
  let id: string
  const sessions: string[] = []

  beforeAll(async () => {
    id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    // Five conversations, a minute apart; the second gets a later message, so it becomes the newest.
    for (let i = 0; i < 5; i++) {
      app.clock.advance(60_000)
      const reply = await chat(id, { visitor_id: `v-${i}`, message: `Question number ${i} about kilns?` })
      sessions.push(reply.body.session_id)
    }
    app.clock.advance(60_000)
    await chat(id, { visitor_id: 'v-1', session_id: sessions[1], message: 'hello' })
  })

  test('sessions with messages, newest first by their last message, with their counts', async () => {
    const reply = await conversations(id)
    expect(reply.status).toBe(200)
    expect(reply.body.response).toBe('success')
    expect(reply.body.has_more).toBe(false)
    expect(reply.body.conversations.map((c: { session_id: string }) => c.session_id)).toEqual([sessions[1], sessions[4], sessions[3], sessions[2], sessions[0]])
    const [busiest, quiet] = reply.body.conversations
    expect(busiest).toEqual({
      session_id: sessions[1],
      visitor_id: 'v-1',
      started_at: expect.any(String),
      last_message_at: expect.any(String),
      message_count: 4,
      unanswered_count: 1,
    })
    expect(Date.parse(busiest.last_message_at) - Date.parse(busiest.started_at)).toBeGreaterThanOrEqual(4 * 60_000)
    expect(quiet).toMatchObject({ session_id: sessions[4], visitor_id: 'v-4', message_count: 2, unanswered_count: 1 })
  })

  test('limit and starting_after page through them; has_more says when more follow', async () => {
    const first = await conversations(id, '?limit=2')
    expect(first.body.conversations.map((c: { session_id: string }) => c.session_id)).toEqual([sessions[1], sessions[4]])
    expect(first.body.has_more).toBe(true)
    const second = await conversations(id, `?limit=2&starting_after=${sessions[4]}`)
    expect(second.body.conversations.map((c: { session_id: string }) => c.session_id)).toEqual([sessions[3], sessions[2]])
    expect(second.body.has_more).toBe(true)
    const last = await conversations(id, `?limit=2&starting_after=${sessions[2]}`)
    expect(last.body.conversations.map((c: { session_id: string }) => c.session_id)).toEqual([sessions[0]])
    expect(last.body.has_more).toBe(false)
  })

  test('before keeps the conversations whose last message is older', async () => {
    const all = (await conversations(id)).body.conversations
    const cut = all[2].last_message_at
    const older = await conversations(id, `?before=${encodeURIComponent(cut)}`)
    expect(older.body.conversations.map((c: { session_id: string }) => c.session_id)).toEqual([sessions[2], sessions[0]])
    // Any zone is read as the same instant.
    const shifted = new Date(Date.parse(cut)).toISOString().replace('Z', '+00:00')
    expect((await conversations(id, `?before=${encodeURIComponent(shifted)}`)).body.conversations).toHaveLength(2)
  })

  test('a bad limit, a bad before and an unknown starting_after are 400s naming them', async () => {
    for (const limit of ['0', '201', 'ten', '-1', '2.5']) {
      const reply = await conversations(id, `?limit=${limit}`)
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ error: `limit: ${LIMIT_INVALID}`, field: 'limit' })
    }
    expect((await conversations(id, '?limit=200')).status).toBe(200)
    for (const before of ['yesterday', '2026-13-01T00:00:00Z', '2026-11-24']) {
      const reply = await conversations(id, `?before=${before}`)
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ error: `before: ${BEFORE_INVALID}`, field: 'before' })
    }
    const other = await chat(business, { visitor_id: 'v-x', message: 'hello' })
    for (const after of ['no-such-session', other.body.session_id]) {
      const reply = await conversations(id, `?starting_after=${after}`)
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ error: `starting_after: ${STARTING_AFTER_UNKNOWN}`, field: 'starting_after' })
    }
  })

  test('without limit at most 50, newest first', async () => {
    const busy = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    for (let i = 0; i < 52; i++) {
      app.clock.advance(1000)
      await chat(busy, { visitor_id: `crowd-${i}`, message: 'hello' })
    }
    const reply = await conversations(busy)
    expect(reply.body.conversations).toHaveLength(50)
    expect(reply.body.conversations[0].visitor_id).toBe('crowd-51')
    expect(reply.body.has_more).toBe(true)
  })
})

describe('chatbot-unanswered', () => {
  test('each refused question once (case and spacing aside), most asked first; answered ones are not listed', async () => {
    const id = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
    const asks = ['Can you fix my bicycle?', 'can you  fix my BICYCLE ?', 'What is the capital of Australia?', ' CAN YOU FIX MY BICYCLE?', 'Do you bake gluten-free bread?']
    for (const message of asks) {
      app.clock.advance(60_000)
      await chat(id, { visitor_id: `v-${crypto.randomUUID()}`, message })
    }
    const lastBicycle = app.clock.now().toISOString()
    const reply = await unanswered(id)
    expect(reply.status).toBe(200)
    expect(reply.body.response).toBe('success')
    expect(reply.body.questions).toHaveLength(2)
    const [bicycle, petrol] = reply.body.questions
    expect(bicycle.count).toBe(3)
    expect(bicycle.question.toLowerCase().replace(/\s+/g, ' ').replace(' ?', '?').trim()).toBe('can you fix my bicycle?')
    expect(Date.parse(bicycle.last_asked_at)).toBeLessThan(Date.parse(lastBicycle))
    expect(Date.parse(bicycle.last_asked_at)).toBeGreaterThan(Date.parse(lastBicycle) - 2 * 60_000)
    expect(petrol).toEqual({ question: 'What is the capital of Australia?', count: 1, last_asked_at: expect.any(String) })
    // Knowledge Retrieval too; a chatbot with none has an empty list.
    const fresh = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    expect((await unanswered(fresh)).body).toEqual({ response: 'success', questions: [] })
  })
})
