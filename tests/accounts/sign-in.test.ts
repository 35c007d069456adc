// Contract 13: login answers alike and before any mail, ten codes a day at most, no-store on the
// token, one open test-mode checkout per account, test mode said plainly.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { LOGIN_CODE_JOB, MAX_LOGIN_CODES_PER_DAY } from '../../src/features/accounts/login-code-job'
import { LOGIN_CODE_SENT } from '../../src/features/accounts/texts'
import { CHECKOUT_TEST_MODE, PAYMENTS_TEST_MODE_NOTICE } from '../../src/features/billing/texts'
import { client, startTestApp, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'

type Sink = Awaited<ReturnType<typeof startSmtpSink>>

/** The SMTP server takes this long to accept each message. */
const SLOW_MAIL_MS = 1_500

let app: TestApp
let smtp: Sink
const RETURN_URL = 'https://shop.example/back'
const SUBSCRIBED = 'subscribed@example.com'

const loginMailsTo = (email: string) => smtp.messages.filter((m) => (m.to as { text: string }).text.includes(email) && /login code/.test(m.subject ?? ''))

beforeAll(async () => {
  smtp = await startSmtpSink({ delayMs: SLOW_MAIL_MS })
  app = await startTestApp({ SMTP_URL: smtp.url })
  const api = client(app.url)
  await api.post('/api/v1.0/create-subscription/', { email_address: SUBSCRIBED, return_url: RETURN_URL })
  const code = /\b(\d{5})\b/.exec((await smtp.waitFor(SUBSCRIBED)).text ?? '')![1]
  const verified = await api.post('/api/v1.0/verification-code/', { email_address: SUBSCRIBED, code, return_url: RETURN_URL })
  await fetch(verified.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

test('login answers alike for any address, without waiting for the mail, which a job sends afterwards', async () => {
  const api = client(app.url)
  const before = loginMailsTo(SUBSCRIBED).length
  for (const email of [SUBSCRIBED, 'nobody@example.com']) {
    const started = performance.now()
    const reply = await api.post('/api/v1.0/login/', { email_address: email })
    const took = performance.now() - started
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ response: LOGIN_CODE_SENT })
    // The mail server takes 1.5 s per message: an answer that waited for it could not be this quick.
    expect(took).toBeLessThan(SLOW_MAIL_MS / 2)
  }
  expect(loginMailsTo(SUBSCRIBED)).toHaveLength(before)
  await app.ctx.jobs.idle()
  expect(loginMailsTo(SUBSCRIBED)).toHaveLength(before + 1)
  expect(smtp.messages.some((m) => (m.to as { text: string }).text.includes('nobody@example.com'))).toBe(false)
  // Done login jobs leave no row behind: asking for codes cannot fill the job table.
  expect(await app.ctx.db.selectFrom('jobs').select('id').where('kind', '=', LOGIN_CODE_JOB).execute()).toEqual([])
})

test('login does the same work for a subscribed and an unknown address: one job, one counted day, one code MAC and row write', async () => {
  app.clock.advance(2 * 60_000) // past the first test's minute between codes
  const keys = app.ctx.keys
  const original = keys.mac
  const macs: string[] = []
  keys.mac = (value) => {
    macs.push(value)
    return original(value)
  }
  const days: string[] = []
  const jobsSeen: unknown[] = []
  try {
    for (const email of [SUBSCRIBED, 'unknown@example.com']) {
      const enqueue = app.ctx.jobs.enqueue.bind(app.ctx.jobs)
      const jobs = app.ctx.jobs as { enqueue: typeof enqueue }
      jobs.enqueue = (async (db: Parameters<typeof enqueue>[0], kind: string, payload: unknown) => {
        jobsSeen.push({ kind, payload })
        return enqueue(db, kind, payload as never)
      }) as typeof enqueue
      try {
        expect((await client(app.url).post('/api/v1.0/login/', { email_address: email })).body).toEqual({ response: LOGIN_CODE_SENT })
      } finally {
        jobs.enqueue = enqueue
      }
      await app.ctx.jobs.idle()
      const row = await app.ctx.db.selectFrom('login_code_days').select('sent').where('email', '=', email).executeTakeFirst()
      days.push(`${email}:${row ? 'counted' : 'not counted'}`)
    }
  } finally {
    keys.mac = original
  }
  expect(jobsSeen).toEqual([
    { kind: LOGIN_CODE_JOB, payload: { email: SUBSCRIBED } },
    { kind: LOGIN_CODE_JOB, payload: { email: 'unknown@example.com' } },
  ])
  // Each address: one code MAC'd and written; the day counted alike.
  expect(macs.filter((m) => m.startsWith(`login:${SUBSCRIBED}:`))).toHaveLength(1)
  expect(macs.filter((m) => m.startsWith('login:unknown@example.com:'))).toHaveLength(1)
  expect(days).toEqual([`${SUBSCRIBED}:counted`, 'unknown@example.com:counted'])
  // Only the subscriber keeps a code (and gets the mail); the other's row was let go.
  const codes = await app.ctx.db.selectFrom('verification_codes').select('email').where('purpose', '=', 'login').execute()
  expect(codes.map((c) => c.email)).toEqual([SUBSCRIBED])
  expect(smtp.messages.some((m) => (m.to as { text: string }).text.includes('unknown@example.com'))).toBe(false)
})

test('the token answer is not to be cached', async () => {
  await app.ctx.jobs.idle()
  app.clock.advance(61_000)
  await client(app.url).post('/api/v1.0/login/', { email_address: SUBSCRIBED })
  await app.ctx.jobs.idle()
  const code = /is (\d{6})/.exec(loginMailsTo(SUBSCRIBED).at(-1)!.text ?? '')![1]
  const reply = await client(app.url).post('/api/v1.0/login/', { email_address: SUBSCRIBED, code })
  expect(reply.status).toBe(200)
  expect(typeof reply.body.token).toBe('string')
  expect(reply.headers.get('cache-control')).toBe('no-store')
})

test('at most ten login codes per address per UTC day; past that the same answer and no mail', async () => {
  const email = 'daily@example.com'
  const api = client(app.url)
  await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  const code = /\b(\d{5})\b/.exec((await smtp.waitFor(email)).text ?? '')![1]
  const verified = await api.post('/api/v1.0/verification-code/', { email_address: email, code, return_url: RETURN_URL })
  await fetch(verified.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  // Start early in a UTC day, so a dozen minutes later it is still the same day.
  const now = app.clock.now().getTime()
  app.clock.advance(86_400_000 - (now % 86_400_000) + 60_000)
  // Each code is mailed before the clock moves on, so this test needs no slow server.
  smtp.setDelay(0)
  try {
    for (let i = 0; i < MAX_LOGIN_CODES_PER_DAY + 3; i++) {
      const reply = await api.post('/api/v1.0/login/', { email_address: email })
      expect(reply.body).toEqual({ response: LOGIN_CODE_SENT })
      await app.ctx.jobs.idle()
      app.clock.advance(61_000) // past the one-a-minute rule
    }
    expect(loginMailsTo(email)).toHaveLength(MAX_LOGIN_CODES_PER_DAY)
    // The next UTC day the count starts again.
    app.clock.advance(86_400_000)
    await api.post('/api/v1.0/login/', { email_address: email })
    await app.ctx.jobs.idle()
    expect(loginMailsTo(email)).toHaveLength(MAX_LOGIN_CODES_PER_DAY + 1)
  } finally {
    smtp.setDelay(SLOW_MAIL_MS)
  }
}, 60_000)

test('test-mode checkout: one open session per account, the same payment_url when asked again; test mode said plainly', async () => {
  const email = 'checkout@example.com'
  const api = client(app.url)
  await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  const code = /\b(\d{5})\b/.exec((await smtp.waitFor(email)).text ?? '')![1]
  const first = await api.post('/api/v1.0/verification-code/', { email_address: email, code, return_url: RETURN_URL })
  const again = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: 'https://shop.example/other' })
  const third = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  expect(again.body.payment_url).toBe(first.body.payment_url)
  expect(third.body.payment_url).toBe(first.body.payment_url)
  const account = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  const sessions = await app.ctx.db.selectFrom('checkout_sessions').select('status').where('account_id', '=', account.id).execute()
  expect(sessions).toEqual([{ status: 'open' }])

  const page = await (await fetch(first.body.payment_url)).text()
  expect(page).toContain(CHECKOUT_TEST_MODE)
  expect(app.logs.some((line) => line.includes('"payments.test_mode"') && line.includes(JSON.stringify(PAYMENTS_TEST_MODE_NOTICE)))).toBe(true)

  // Paid once, the subscription runs one period; asking again is refused, not a second session.
  const paid = await fetch(first.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  expect(new URL(paid.headers.get('location')!).searchParams.get('status')).toBe('success')
  expect((await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })).status).toBe(400)
  expect(await app.ctx.db.selectFrom('subscriptions').select('id').where('account_id', '=', account.id).execute()).toHaveLength(1)
})
