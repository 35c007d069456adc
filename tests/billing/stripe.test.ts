import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Stripe from 'stripe'
import { client, lastCodeFor, loginToken, startTestApp, type TestApp } from '../support/app'

const WEBHOOK_SECRET = 'whsec_test_' + 'k'.repeat(24)
const stripe = new Stripe('sk_test_local')
let app: TestApp
/** A local stand-in for the Stripe API: it records the checkout sessions the service asks for. */
let stripeApi: ReturnType<typeof Bun.serve>
const created: URLSearchParams[] = []

beforeAll(async () => {
  stripeApi = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await request.text())
        created.push(form)
        const id = `cs_test_${created.length}`
        return Response.json({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, client_reference_id: form.get('client_reference_id') })
      }
      return Response.json({ error: { message: 'unknown' } }, { status: 404 })
    },
  })
  const plans = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json')
  writeFileSync(
    plans,
    JSON.stringify([{ id: 'pro', name: 'Pro', price: '49.00', currency: 'eur', interval: 'month', stripe_price_id: 'price_pro', chatbots: 3, training_words: 5000 }]),
  )
  app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${stripeApi.port}`,
    PLANS_FILE: plans,
  })
})
afterAll(async () => {
  await app.stop()
  stripeApi.stop(true)
})

async function signedPost(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event)
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret })
  return client(app.url).raw('/api/v1.0/stripe-webhook/', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload })
}

const event = (id: string, type: string, object: object) => ({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } })

test('Stripe Checkout, then a signed webhook subscribes the account once; forged and replayed events change nothing', async () => {
  const api = client(app.url)
  const email = 'stripe@example.com'
  await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: 'https://shop.example/done' })
  const verified = await api.post('/api/v1.0/verification-code/', { email_address: email, code: await lastCodeFor(app, email), return_url: 'https://shop.example/done' })
  expect(verified.status).toBe(200)
  expect(verified.body.payment_url).toBe('https://checkout.stripe.test/c/pay/cs_test_1')

  const request = created[0]
  expect(request.get('mode')).toBe('subscription')
  expect(request.get('customer_email')).toBe(email)
  expect(request.get('line_items[0][price]')).toBe('price_pro')
  expect(request.get('success_url')).toBe('https://shop.example/done?status=success')
  expect(request.get('cancel_url')).toBe('https://shop.example/done?status=cancelled')
  const accountId = request.get('client_reference_id')!

  const completed = event('evt_1', 'checkout.session.completed', {
    id: 'cs_test_1',
    object: 'checkout.session',
    client_reference_id: accountId,
    subscription: 'sub_1',
    customer: 'cus_1',
    metadata: { plan_id: 'pro' },
  })

  const forged = await signedPost(completed, 'whsec_wrong_' + 'x'.repeat(20))
  expect(forged.status).toBe(400)
  expect(forged.body).toMatchObject({ error: 'Invalid Stripe signature.' })
  const unsigned = await api.raw('/api/v1.0/stripe-webhook/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(completed) })
  expect(unsigned.status).toBe(400)
  expect(await app.ctx.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(0)

  const first = await signedPost(completed)
  expect(first.status).toBe(200)
  expect(first.body.outcome).toBe('applied')
  const replay = await signedPost(completed)
  expect(replay.status).toBe(200)
  expect(replay.body.outcome).toBe('duplicate')
  const subs = await app.ctx.db.selectFrom('subscriptions').selectAll().execute()
  expect(subs).toHaveLength(1)
  expect(subs[0].plan_id).toBe('pro')
  expect(subs[0].stripe_subscription_id).toBe('sub_1')

  const token = await loginToken(app, email)
  const listed = await client(app.url, token).get('/api/v1.0/chatbot-list/')
  expect(listed.status).toBe(200)

  // invoice.paid moves the period (reset_date follows it); deletion ends access.
  const periodEnd = Math.floor(Date.UTC(2027, 5, 15) / 1000)
  const paid = await signedPost(
    event('evt_2', 'invoice.paid', { id: 'in_1', object: 'invoice', subscription: 'sub_1', lines: { data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd } }] } }),
  )
  expect(paid.body.outcome).toBe('applied')
  const renewed = await app.ctx.db.selectFrom('subscriptions').select('current_period_end').executeTakeFirstOrThrow()
  expect(renewed.current_period_end.slice(0, 10)).toBe('2027-06-15')

  const ended = await signedPost(event('evt_3', 'customer.subscription.deleted', { id: 'sub_1', object: 'subscription', status: 'canceled', items: { data: [] } }))
  expect(ended.body.outcome).toBe('applied')
  const refused = await client(app.url, token).get('/api/v1.0/chatbot-list/')
  expect(refused.status).toBe(400)
  expect(refused.body.error).toBe('You need an active subscription to access this API, please use create_subscription endpoint to get a subscription.')

  // The test-mode checkout page does not exist in Stripe mode.
  const page = await api.get('/billing/checkout/whatever/')
  expect(page.status).toBe(404)
})
