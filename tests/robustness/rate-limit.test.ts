import { afterAll, beforeAll, expect, test } from 'bun:test'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_IP: '40', RATE_LIMIT_PER_TOKEN: '5' })
})
afterAll(() => app.stop())

test('per-token and per-address limits answer 429 with Retry-After, then recover', async () => {
  const token = await subscribedToken(app, 'busy@example.com')
  const api = client(app.url, token)
  const statuses: number[] = []
  let limited: Awaited<ReturnType<typeof api.get>> | undefined
  for (let i = 0; i < 8; i++) {
    const r = await api.get('/api/v1.0/chatbot-list/')
    statuses.push(r.status)
    if (r.status === 429) limited = r
  }
  // The login call of subscribedToken carried no token, so the token's window starts at the first list.
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
  expect(statuses.slice(5)).toEqual([429, 429, 429])
  expect(limited!.body).toMatchObject({ error: 'Too many requests, please slow down.' })
  const retryAfter = Number(limited!.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)

  // Anonymous traffic from one address hits the per-address limit.
  const anon = client(app.url)
  const anonStatuses: number[] = []
  for (let i = 0; i < 40; i++) anonStatuses.push((await anon.get('/healthz')).status)
  expect(anonStatuses).toContain(429)

  app.clock.advance(61_000)
  expect((await api.get('/api/v1.0/chatbot-list/')).status).toBe(200)
  expect((await anon.get('/healthz')).status).toBe(200)
})

test('chatbot-get counts once per request against the token limit, and the refusal is the same', async () => {
  const token = await subscribedToken(app, 'held-limit@example.com')
  const { id } = await createChatbot(app, token, 'knowledge')
  // A fresh window: the creation counted in the last one.
  app.clock.advance(61_000)
  const api = client(app.url, token)
  const replies = []
  for (let i = 0; i < 7; i++) replies.push(await api.get(path.get(id)))
  expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429])
  expect(replies[5].body).toMatchObject({ error: 'Too many requests, please slow down.', code: 'rate_limited', request_id: replies[5].headers.get('x-request-id') })
  expect(Number(replies[5].headers.get('retry-after'))).toBeGreaterThan(0)
})
