import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { client, lastCodeFor, startTestApp, subscribedToken, type TestApp } from '../support/app'

let app: TestApp
const RETURN_URL = 'https://shop.example/back'

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

const api = () => client(app.url)

describe('create-subscription', () => {
  test('refuses an invalid e-mail and a relative or non-http return_url', async () => {
    for (const email of ['', 'not-an-email', 'a@b', 'a b@c.de', 42, null]) {
      const r = await api().post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ error: 'Enter a valid email address.' })
    }
    for (const url of ['/relative', 'ftp://x.example/a', 'javascript:alert(1)', '', undefined]) {
      const r = await api().post('/api/v1.0/create-subscription/', { email_address: 'ok@example.com', return_url: url })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ error: 'return_url must be an absolute http(s) URL.' })
    }
  })

  test('names an unknown plan', async () => {
    const r = await api().post('/api/v1.0/create-subscription/', { email_address: 'plan@example.com', return_url: RETURN_URL, plan: 'gold' })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'plan: unknown plan' })
  })

  test('malformed JSON, unknown routes and wrong methods get the envelope', async () => {
    const bad = await api().raw('/api/v1.0/create-subscription/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email_address":' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: 'Malformed JSON body.' })
    const missing = await api().get('/api/v1.0/no-such-thing/')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ error: 'Not found.' })
    const wrongMethod = await api().get('/api/v1.0/create-subscription/')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.body).toMatchObject({ error: 'Method not allowed.' })
    const noSlash = await api().post('/api/v1.0/create-subscription', { email_address: 'x', return_url: RETURN_URL })
    expect(noSlash.body).toMatchObject({ error: 'Enter a valid email address.' })
    const huge = await api().raw('/api/v1.0/create-subscription/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) })
    expect(huge.status).toBe(413)
    expect(huge.body.error).toBeString()
  })
})

describe('verification-code', () => {
  test('wrong code, unknown address, dead code after five tries', async () => {
    const email = 'tries@example.com'
    await api().post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
    const code = await lastCodeFor(app, email)
    const wrong = String(code === '99999' ? 10000 : Number(code) + 1)

    const unknown = await api().post('/api/v1.0/verification-code/', { email_address: 'nobody@example.com', code: 12345, return_url: RETURN_URL })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: 'Invalid verification code.' })

    const garbage = await api().post('/api/v1.0/verification-code/', { email_address: email, code: 'abc', return_url: RETURN_URL })
    expect(garbage.body).toMatchObject({ error: 'Invalid verification code.' })

    for (let i = 0; i < 5; i++) {
      const r = await api().post('/api/v1.0/verification-code/', { email_address: email, code: wrong, return_url: RETURN_URL })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ error: 'Invalid verification code.' })
    }
    const dead = await api().post('/api/v1.0/verification-code/', { email_address: email, code, return_url: RETURN_URL })
    expect(dead.status).toBe(400)
    expect(dead.body).toMatchObject({ error: 'Invalid verification code.' })
  })

  test('an expired code says so', async () => {
    const email = 'late@example.com'
    await api().post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
    const code = await lastCodeFor(app, email)
    app.clock.advance(15 * 60_000 + 1000)
    const r = await api().post('/api/v1.0/verification-code/', { email_address: email, code, return_url: RETURN_URL })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'Verification code has expired, please use create_subscription to get a new one.' })
  })

  test('checks the e-mail and return_url first', async () => {
    const a = await api().post('/api/v1.0/verification-code/', { email_address: 'bad', code: 12345, return_url: RETURN_URL })
    expect(a.body).toMatchObject({ error: 'Enter a valid email address.' })
    const b = await api().post('/api/v1.0/verification-code/', { email_address: 'ok@example.com', code: 12345, return_url: 'nope' })
    expect(b.body).toMatchObject({ error: 'return_url must be an absolute http(s) URL.' })
  })
})

describe('login, tokens and the guard', () => {
  test('answers alike for unknown addresses and refuses wrong or expired codes', async () => {
    const email = 'login@example.com'
    await subscribedToken(app, email)
    const unknown = await api().post('/api/v1.0/login/', { email_address: 'ghost@example.com' })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual({ response: 'If this address has a subscription, a login code has been sent to it.' })
    const ghostCode = await api().post('/api/v1.0/login/', { email_address: 'ghost@example.com', code: '123456' })
    expect(ghostCode.status).toBe(400)
    expect(ghostCode.body).toMatchObject({ error: 'Invalid or expired login code.' })

    app.clock.advance(61_000)
    await api().post('/api/v1.0/login/', { email_address: email })
    const code = await lastCodeFor(app, email)
    const wrong = await api().post('/api/v1.0/login/', { email_address: email, code: code === '999999' ? '100000' : String(Number(code) + 1) })
    expect(wrong.body).toMatchObject({ error: 'Invalid or expired login code.' })
    app.clock.advance(16 * 60_000)
    const expired = await api().post('/api/v1.0/login/', { email_address: email, code })
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({ error: 'Invalid or expired login code.' })
  })

  test('401 texts for a missing, malformed or unknown token', async () => {
    const none = await api().get('/api/v1.0/chatbot-list/')
    expect(none.status).toBe(401)
    expect(none.body).toMatchObject({ error: 'Authentication credentials were not provided.' })
    for (const header of ['Token', 'Basic abc', 'Token not-a-real-token', 'Bearer x y']) {
      const r = await api().get('/api/v1.0/chatbot-list/', { authorization: header })
      expect(r.status).toBe(401)
      expect(r.body).toMatchObject({ error: 'Invalid token.' })
    }
  })

  test('a token of an account whose subscription ended is refused with the subscription text', async () => {
    const token = await subscribedToken(app, 'lapsed@example.com')
    const ok = await client(app.url, token).get('/api/v1.0/chatbot-list/')
    expect(ok.status).toBe(200)
    app.clock.advance(32 * 86_400_000)
    const lapsed = await client(app.url, token).get('/api/v1.0/chatbot-list/')
    expect(lapsed.status).toBe(400)
    expect(lapsed.body).toMatchObject({
      error: 'You need an active subscription to access this API, please use create_subscription endpoint to get a subscription.',
    })
    // The account can pay again: create-subscription now gives a payment link.
    const again = await api().post('/api/v1.0/create-subscription/', { email_address: 'lapsed@example.com', return_url: RETURN_URL })
    expect(again.status).toBe(200)
    expect(again.body.payment_url).toStartWith(app.url)
  })
})

test('OpenAPI and health answer', async () => {
  const health = await api().get('/healthz')
  expect(health.body).toEqual({ status: 'ok' })
  const doc = await api().get('/swagger/json')
  expect(doc.status).toBe(200)
  expect(doc.body.paths['/api/v1.0/create-subscription/'].post.requestBody.content['application/json'].schema.properties.email_address.type).toBe('string')
})
