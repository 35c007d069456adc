import { afterAll, beforeAll, expect, test } from 'bun:test'
import { client, startTestApp, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  smtp = await startSmtpSink()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Chatbots <robot@service.test>' })
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

const RETURN_URL = 'https://shop.example/return?from=test'

test('a new user goes from an e-mail address to an API token and back out', async () => {
  const api = client(app.url)
  const email = 'Owner@Example.com'

  const started = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  expect(started.status).toBe(200)
  expect(started.body).toEqual({ response: 'A verification code has been sent to owner@example.com.' })

  const mail = await smtp.waitFor('owner@example.com')
  expect(mail.from?.text).toContain('robot@service.test')
  const code = /\b(\d{5})\b/.exec(mail.text ?? '')![1]
  expect(Number(code)).toBeGreaterThanOrEqual(10000)
  expect(mail.html).toContain(code)

  const verified = await api.post('/api/v1.0/verification-code/', { email_address: email, code: Number(code), return_url: RETURN_URL })
  expect(verified.status).toBe(200)
  const paymentUrl: string = verified.body.payment_url
  expect(paymentUrl.startsWith(`${app.url}/billing/checkout/`)).toBe(true)

  const page = await fetch(paymentUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Standard')
  expect(html).toContain('value="pay"')

  // Before paying: a login sends nothing, the token endpoint refuses.
  await api.post('/api/v1.0/login/', { email_address: email })
  await app.ctx.jobs.idle() // the code would be sent by a job after the answer
  expect(smtp.messages.length).toBe(1)

  const paid = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  expect(paid.status).toBe(303)
  const back = new URL(paid.headers.get('location')!)
  expect(back.origin + back.pathname).toBe('https://shop.example/return')
  expect(back.searchParams.get('status')).toBe('success')
  expect(back.searchParams.get('from')).toBe('test')

  const again = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  expect(again.status).toBe(409)
  expect(await again.json()).toMatchObject({ error: 'This checkout session has already been completed.' })

  const asked = await api.post('/api/v1.0/login/', { email_address: email })
  expect(asked.body).toEqual({ response: 'If this address has a subscription, a login code has been sent to it.' })
  const loginMail = await smtp.waitFor('owner@example.com', (m) => m.subject === 'Your login code')
  const loginCode = /\b(\d{6})\b/.exec(loginMail.text ?? '')![1]
  const loggedIn = await api.post('/api/v1.0/login/', { email_address: email, code: loginCode })
  expect(loggedIn.status).toBe(200)
  const token: string = loggedIn.body.token
  expect(token.length).toBeGreaterThanOrEqual(32)

  // The token works with both schemes; the chatbot list is the first authenticated call every owner makes.
  for (const scheme of ['Token', 'Bearer']) {
    const listed = await api.get('/api/v1.0/chatbot-list/', { authorization: `${scheme} ${token}` })
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({ response: 'success', chatbots: [] })
  }

  const subscribedAgain = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  expect(subscribedAgain.status).toBe(400)
  expect(subscribedAgain.body).toMatchObject({
    error: 'This account already has an active subscription, please use the login endpoint to get an API access token.',
  })

  const out = await api.post('/api/v1.0/logout/', undefined, { authorization: `Token ${token}` })
  expect(out.status).toBe(200)
  expect(out.body).toEqual({ response: 'Token revoked.' })
  const after = await api.get('/api/v1.0/chatbot-list/', { authorization: `Token ${token}` })
  expect(after.status).toBe(401)
  expect(after.body).toMatchObject({ error: 'Invalid token.' })

  // Codes and tokens never reach the log.
  const log = app.logs.join('\n')
  expect(log).not.toContain(code)
  expect(log).not.toContain(loginCode)
  expect(log).not.toContain(token)
  const stored = await app.ctx.db.selectFrom('api_tokens').select('token_hash').execute()
  expect(stored.every((row) => row.token_hash !== token)).toBe(true)
})

test('an unverified address that asks again gets a fresh code and the old one dies', async () => {
  const api = client(app.url)
  const email = 'twice@example.com'
  await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  const first = /\b(\d{5})\b/.exec((await smtp.waitFor(email)).text ?? '')![1]

  const tooSoon = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  expect(tooSoon.status).toBe(429)
  expect(tooSoon.body).toMatchObject({ error: 'Please wait before requesting another code.' })

  app.clock.advance(61_000)
  const resent = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  expect(resent.status).toBe(200)
  await smtp.waitFor(email, (m) => !(m.text ?? '').includes(first))
  const mails = smtp.messages.filter((m) => (m.to as { text: string }).text.includes(email))
  const second = /\b(\d{5})\b/.exec(mails.at(-1)!.text ?? '')![1]

  if (first !== second) {
    const old = await api.post('/api/v1.0/verification-code/', { email_address: email, code: first, return_url: RETURN_URL })
    expect(old.status).toBe(400)
    expect(old.body).toMatchObject({ error: 'Invalid verification code.' })
  }
  const ok = await api.post('/api/v1.0/verification-code/', { email_address: email, code: String(second), return_url: RETURN_URL })
  expect(ok.status).toBe(200)
  expect(typeof ok.body.payment_url).toBe('string')

  // Verified but unpaid: create-subscription answers with a payment link, and cancelling the checkout returns with status=cancelled.
  const link = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  expect(link.status).toBe(200)
  expect(Object.keys(link.body)).toEqual(['payment_url'])
  const cancelled = await fetch(link.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'cancel' }), redirect: 'manual' })
  expect(cancelled.status).toBe(303)
  expect(new URL(cancelled.headers.get('location')!).searchParams.get('status')).toBe('cancelled')
})
