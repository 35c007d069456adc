// Migration 012 on conversations kept before it: each reply is linked to the question it answered,
// questions are folded for grouping and each session gets its totals, so the owner's inbox and
// unanswered list show the old conversations at once, and a new message adds to their totals.
import { afterAll, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { client, loginToken, startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('inbox-migration')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

test('conversations stored before migration 012 are listed, grouped and counted after it', async () => {
  const db = await migratedTo(dataDir, '009_answers')

  const at = (minute: number, ms = 0) => new Date(Date.UTC(2026, 10, 20, 9, minute, 0, ms)).toISOString()
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d8f'
  await insertOldChatbot(db, { id: chatbotId, type: 'Business Enquiries', industry: 'Bakery', email: 'old-inbox@example.com' })
  const session = async (id: string, visitor: string, minute: number) =>
    sql`INSERT INTO chat_sessions (id, chatbot_id, visitor_id, state, counted, version, created_at, updated_at)
        VALUES (${id}, ${chatbotId}, ${visitor}, '{}', 1, 0, ${at(minute)}, ${at(minute)})`.execute(db)
  const message = async (id: string, sessionId: string, role: string, text: string, createdAt: string, answered: number | null) =>
    sql`INSERT INTO chat_messages (id, session_id, role, text, created_at, answered) VALUES (${id}, ${sessionId}, ${role}, ${text}, ${createdAt}, ${answered})`.execute(db)
  await session('s-1', 'v-1', 1)
  await message('m-1', 's-1', 'visitor', 'Do you deliver to Mars?', at(1), null)
  await message('m-2', 's-1', 'bot', 'I could not find that.', at(1, 1), 0)
  await message('m-3', 's-1', 'visitor', 'Hello', at(2), null)
  await message('m-4', 's-1', 'bot', 'Hello! How can I help?', at(2, 1), 1)
  await session('s-2', 'v-2', 5)
  await message('m-5', 's-2', 'visitor', 'do you  deliver to MARS?', at(5), null)
  await message('m-6', 's-2', 'bot', 'I could not find that.', at(5, 1), 0)
  // A session that never got a message is no conversation.
  await session('s-3', 'v-3', 7)
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  const owner = client(app.url, await loginToken(app, 'old-inbox@example.com'))
  const inbox = await owner.get(`/api/v1.0/chatbot-conversations/${chatbotId}/`)
  expect(inbox.body.conversations).toEqual([
    { session_id: 's-2', visitor_id: 'v-2', started_at: at(5), last_message_at: at(5, 1), message_count: 2, unanswered_count: 1 },
    { session_id: 's-1', visitor_id: 'v-1', started_at: at(1), last_message_at: at(2, 1), message_count: 4, unanswered_count: 1 },
  ])
  const unanswered = await owner.get(`/api/v1.0/chatbot-unanswered/${chatbotId}/`)
  expect(unanswered.body.questions).toEqual([{ question: expect.stringMatching(/deliver to mars\?/i), count: 2, last_asked_at: at(5) }])

  // The old session goes on; its totals grow with the new exchange.
  const reply = await client(app.url).post(`/api/v1.0/chat/${chatbotId}/`, { visitor_id: 'v-1', session_id: 's-1', message: 'Thanks!' })
  expect(reply.status).toBe(200)
  const after = await owner.get(`/api/v1.0/chatbot-conversations/${chatbotId}/`)
  expect(after.body.conversations[0]).toMatchObject({ session_id: 's-1', message_count: 6 })
  const view = await owner.get(`/api/v1.0/chatbot-conversation-view/${chatbotId}/?session_id=s-1`)
  expect(view.body.messages.map((m: { message_id: string }) => m.message_id).slice(0, 4)).toEqual(['m-1', 'm-2', 'm-3', 'm-4'])
  expect(view.body.messages[1]).toEqual({ message_id: 'm-2', role: 'bot', text: 'I could not find that.', created_at: at(1, 1), answered: false })
})
