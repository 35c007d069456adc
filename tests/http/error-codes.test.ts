import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ERROR_CODES, type ErrorCode } from '../../src/http/errors'
import { client, lastCodeFor, startTestApp, subscribedToken, type Reply, type TestApp } from '../support/app'
import { CALENDAR, CREATION_BODIES } from '../support/chatbots'

let app: TestApp
let token: string
let otherToken: string
const seen = new Set<ErrorCode>()

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'codes@example.com')
  otherToken = await subscribedToken(app, 'other-codes@example.com')
})
afterAll(() => app.stop())

/** Every error body: the code, the request id of the same answer, and `field` exactly when one is at fault. */
function expectError(reply: Reply, status: number, code: ErrorCode, field?: string) {
  expect(reply.status).toBe(status)
  expect(typeof reply.body.error).toBe('string')
  expect(reply.body.code).toBe(code)
  expect(reply.body.request_id).toBeString()
  expect(reply.body.request_id).toBe(reply.headers.get('x-request-id') ?? '')
  if (field === undefined) expect(reply.body.field).toBeUndefined()
  else expect(reply.body.field).toBe(field)
  seen.add(code)
}

const api = () => client(app.url, token)

test('invalid_request names the field, with the <field>: <message> text', async () => {
  const reply = await api().post('/api/v1.0/api-knowledge-retrieval/', { ...CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'], chatbot_name: '  ' })
  expectError(reply, 400, 'invalid_request', 'chatbot_name')
  expect(reply.body.error).toBe('chatbot_name: must not be empty')
  const nested = await api().post('/api/v1.0/api-customer-support/', {
    ...CREATION_BODIES['/api/v1.0/api-customer-support/'],
    pricing_plans: [{ 'Product/Service Name': 'A', 'Product/Service Description': '', 'Price excluding VAT': 'ten', 'Price including VAT': '1' }],
  })
  expectError(nested, 400, 'invalid_request', 'pricing_plans[0].Price excluding VAT')
})

test('malformed_json, payload_too_large, method_not_allowed and not_found come from the edge', async () => {
  const broken = await client(app.url).raw('/api/v1.0/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email_address": ' })
  expectError(broken, 400, 'malformed_json')
  expect(broken.body.error).toBe('Malformed JSON body.')
  const huge = await client(app.url).raw('/api/v1.0/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: 'x'.repeat(2 * 1024 * 1024) }),
  })
  expectError(huge, 413, 'payload_too_large')
  expectError(await client(app.url).get('/api/v1.0/login/'), 405, 'method_not_allowed')
  expectError(await client(app.url).get('/api/v1.0/no-such-endpoint/'), 404, 'not_found')
})

test('authentication_required, invalid_token, access_denied and not_found on a chatbot', async () => {
  const created = await api().post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
  const id = created.body.chatbot_id as string
  expectError(await client(app.url).get(`/api/v1.0/chatbot-get/${id}/`), 401, 'authentication_required')
  expectError(await client(app.url, 'not-a-token').get(`/api/v1.0/chatbot-get/${id}/`), 401, 'invalid_token')
  expectError(await client(app.url, otherToken).get(`/api/v1.0/chatbot-get/${id}/`), 403, 'access_denied')
  expectError(await api().get('/api/v1.0/chatbot-get/00000000-0000-4000-8000-000000000000/'), 404, 'not_found')
})

test('wrong_chatbot_type and limit_reached', async () => {
  const data = await api().post('/api/v1.0/api-data-collection/', CREATION_BODIES['/api/v1.0/api-data-collection/'])
  expectError(await api().post(`/api/v1.0/chatbot-link-add/${data.body.chatbot_id}/`, { links: ['https://example.com/'] }), 400, 'wrong_chatbot_type')
  const calendars = await api().post('/api/v1.0/api-appointment-calendar/', {
    ...CREATION_BODIES['/api/v1.0/api-appointment-calendar/'],
    calendar_data: Array.from({ length: 10 }, (_, i) => ({ ...CALENDAR, calendar_name: `Room ${i}` })),
  })
  expect(calendars.status).toBe(200)
  const over = await api().post(`/api/v1.0/chatbot-calendar-add/${calendars.body.chatbot_id}/`, { calendar_data: [CALENDAR] })
  expectError(over, 400, 'limit_reached', 'calendar_data')
})

test('rate_limited carries Retry-After; conflict on a checkout paid twice', async () => {
  const email = 'twice@example.com'
  const first = await client(app.url).post('/api/v1.0/create-subscription/', { email_address: email, return_url: 'https://shop.example/' })
  expect(first.status).toBe(200)
  const again = await client(app.url).post('/api/v1.0/create-subscription/', { email_address: email, return_url: 'https://shop.example/' })
  expectError(again, 429, 'rate_limited')
  expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)

  const verified = await client(app.url).post('/api/v1.0/verification-code/', {
    email_address: email,
    code: await lastCodeFor(app, email),
    return_url: 'https://shop.example/',
  })
  const pay = () => client(app.url).raw(new URL(verified.body.payment_url).pathname, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  expect((await pay()).status).toBe(303)
  expectError(await pay(), 409, 'conflict')
})

test('subscription_required once the subscription has ended', async () => {
  const lapsing = await subscribedToken(app, 'lapsing-codes@example.com')
  app.clock.advance(32 * 86_400_000)
  expectError(await client(app.url, lapsing).get('/api/v1.0/chatbot-list/'), 400, 'subscription_required')
})

test('every code of contract section 1 that the service produces today was sampled', () => {
  // internal_error needs a fault (tests/robustness covers the 500 text); idempotency_mismatch arrives with idempotency keys.
  const notYet: ErrorCode[] = ['internal_error', 'idempotency_mismatch']
  expect([...seen].sort()).toEqual(ERROR_CODES.filter((c) => !notYet.includes(c)).sort())
})
