// The rows every request reads (token, subscription, chatbot, words used) are kept in memory
// (src/lib/ttl-cache.ts). What this instance writes shows at once; what reaches the database
// another way (another instance) shows within HOT_ROW_TTL_MS.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { endSubscription } from '../../src/features/billing/service'
import { SUBSCRIPTION_REQUIRED } from '../../src/features/chatbots/texts'
import { CHATBOT_UNAVAILABLE } from '../../src/features/chat/texts'
import { INVALID_TOKEN } from '../../src/http/auth'
import { HOT_ROW_TTL_MS } from '../../src/lib/ttl-cache'
import { client, subscribedToken, startTestApp, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage().drawText(text, { x: 40, y: 700, size: 11, font })
  return doc.save()
}

test('a revoked token is refused on the very next request, after it was just used', async () => {
  const token = await subscribedToken(app, 'revoke-now@example.com')
  const { id } = await createChatbot(app, token, 'knowledge')
  expect((await client(app.url, token).get(path.get(id))).status).toBe(200)
  expect((await client(app.url, token).post('/api/v1.0/logout/', {})).status).toBe(200)
  const after = await client(app.url, token).get(path.get(id))
  expect(after.status).toBe(401)
  expect(after.body.error).toBe(INVALID_TOKEN)
})

test('an edit shows at once in chatbot-get and in the widget config, both read just before', async () => {
  const token = await subscribedToken(app, 'edit-now@example.com')
  const { id } = await createChatbot(app, token, 'business')
  const owner = client(app.url, token)
  const before = await client(app.url).get(path.widget(id))
  const first = await owner.get(path.get(id))
  expect(first.body.chatbot_greeting).toBe(before.body.chatbot_greeting)
  // chatbot-get answers a body serialized once per row: still JSON, still with the request id the hooks set.
  expect(first.headers.get('content-type')).toBe('application/json;charset=utf-8')
  expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  expect((await owner.post(path.edit(id), { chatbot_greeting: 'Fresh from the oven' })).status).toBe(200)
  expect((await owner.get(path.get(id))).body.chatbot_greeting).toBe('Fresh from the oven')
  const widget = await client(app.url).get(path.widget(id))
  expect(widget.body.chatbot_greeting).toBe('Fresh from the oven')
  expect(widget.headers.get('etag')).not.toBe(before.headers.get('etag'))
})

test('a new conversation counts at once in chatbot-get', async () => {
  const token = await subscribedToken(app, 'count-now@example.com')
  const { id } = await createChatbot(app, token, 'knowledge')
  expect((await client(app.url, token).get(path.get(id))).body.conversation_count).toBe(0)
  expect((await client(app.url).post(path.chat(id), { message: 'hello', visitor_id: 'first-visitor' })).status).toBe(200)
  expect((await client(app.url, token).get(path.get(id))).body.conversation_count).toBe(1)
})

test('an ended subscription switches the owner endpoints and the widget off at once', async () => {
  const token = await subscribedToken(app, 'end-now@example.com')
  const { id } = await createChatbot(app, token, 'knowledge')
  expect((await client(app.url, token).get(path.get(id))).status).toBe(200)
  expect((await client(app.url).get(path.widget(id))).status).toBe(200)
  const account = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'end-now@example.com').executeTakeFirstOrThrow()
  await endSubscription(app.ctx, account.id)
  const owner = await client(app.url, token).get(path.get(id))
  expect(owner.status).toBe(400)
  expect(owner.body.error).toBe(SUBSCRIPTION_REQUIRED)
  const widget = await client(app.url).get(path.widget(id))
  expect(widget.status).toBe(403)
  expect(widget.body.error).toBe(CHATBOT_UNAVAILABLE)
})

test('the words left change at once when a document is added and when it is deleted', async () => {
  const token = await subscribedToken(app, 'words-now@example.com')
  const { id } = await createChatbot(app, token, 'knowledge')
  const owner = client(app.url, token)
  const start = (await owner.get(path.get(id))).body.available_word_count
  const form = new FormData()
  form.append('documents', new Blob([new Uint8Array(await onePagePdf('Our sourdough rests for forty eight hours before it is baked.'))], { type: 'application/pdf' }), 'bread.pdf')
  const added = await owner.form(path.documentAdd(id), form)
  expect(added.status).toBe(200)
  const afterAdd = (await owner.get(path.get(id))).body.available_word_count
  expect(afterAdd).toBeLessThan(start)
  const documents = (await owner.get(path.documentView(id))).body.documents as { document_id: string }[]
  expect((await owner.post(path.documentDelete(id), { document_id: documents[0].document_id })).status).toBe(200)
  expect((await owner.get(path.get(id))).body.available_word_count).toBe(start)
})

test('a change written to the database by another instance shows within the bounded staleness', async () => {
  const token = await subscribedToken(app, 'elsewhere@example.com')
  const { id } = await createChatbot(app, token, 'knowledge')
  const owner = client(app.url, token)
  expect((await owner.get(path.get(id))).body.chatbot_name).not.toBe('Renamed elsewhere')
  // Written past this instance's repo, as another instance sharing the database would.
  await app.ctx.db.updateTable('chatbots').set({ name: 'Renamed elsewhere' }).where('id', '=', id).execute()
  const written = performance.now()
  // Held in memory: the row read just before is still the one served...
  expect((await owner.get(path.get(id))).body.chatbot_name).not.toBe('Renamed elsewhere')
  // ...until it expires.
  let seen = false
  while (!seen && performance.now() - written < HOT_ROW_TTL_MS + 1_000) {
    await Bun.sleep(100)
    seen = (await owner.get(path.get(id))).body.chatbot_name === 'Renamed elsewhere'
  }
  expect(seen).toBe(true)
})
