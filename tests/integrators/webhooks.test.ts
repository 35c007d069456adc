// Webhooks for every type (contract 12): each event reaches a local receiver, signed per Standard
// Webhooks and verified with the `standardwebhooks` library; rotation; the retry schedule; the owner's view.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { BAKERY_CALENDAR, createChatbot, placeNow, BAKERY_PRICES, webhookSecretOf } from '../support/chatbots'
import { path } from '../support/endpoints'
import { signIn } from '../dashboard/browser-client'
import { type Delivery, startWebhookReceiver } from '../support/webhook-receiver'

const startReceiver = (statuses: number[] = []) => startWebhookReceiver(statuses)

let app: TestApp
let token: string
let receiver: ReturnType<typeof startReceiver>

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'hooks@bakery.example')
  receiver = startReceiver()
})
afterAll(async () => {
  receiver.stop()
  await app.stop()
})

const settle = async () => {
  app.ctx.jobs.kick()
  await app.ctx.jobs.idle()
}

/** The last delivery, verified with the chatbot's secret (and refused under another). */
function verifiedLast(secret: string): { type: string; timestamp: string; data: Record<string, unknown> } {
  const last = receiver.deliveries.at(-1)
  if (!last) throw new Error('nothing delivered')
  const event = new Webhook(secret).verify(last.body, last.headers) as { type: string; timestamp: string; data: Record<string, unknown> }
  expect(() => new Webhook(`whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`).verify(last.body, last.headers)).toThrow()
  return event
}

test('every chatbot has a secret from creation, and chatbot-get shows it with webhook_url to its owner', async () => {
  for (const kind of ['knowledge', 'business', 'data', 'quote', 'appointment'] as const) {
    const { id, body } = await createChatbot(app, token, kind, { webhook_url: receiver.url })
    expect(body.webhook_secret).toStartWith('whsec_')
    const view = await client(app.url, token).get(path.get(id))
    expect(view.body).toMatchObject({ webhook_url: receiver.url, webhook_secret: body.webhook_secret })
  }
  const refused = await client(app.url, token).post('/api/v1.0/api-knowledge-retrieval/', {
    chatbot_name: 'x',
    chatbot_greeting: 'x',
    business_industry: 'x',
    chatbot_instructions: 'x',
    webhook_url: 'ftp://hooks.example/',
  })
  expect(refused.status).toBe(400)
  expect(refused.body.field).toBe('webhook_url')
})

test('lead.created carries the lead as chatbot-leads lists it', async () => {
  const { id, body } = await createChatbot(app, token, 'quote', { webhook_url: receiver.url })
  const order = { visitor_id: 'v-lead', client_name: 'Jane', client_email: 'jane@hooks.example', items: [{ name: BAKERY_PRICES[0]['Product/Service Name'], quantity: 2 }] }
  expect((await client(app.url).post(path.quote(id), order)).status).toBe(200)
  await settle()
  const event = verifiedLast(webhookSecretOf(body))
  const [lead] = (await client(app.url, token).get(path.leads(id))).body.leads
  const { webhook_status, webhook_attempts, ...fields } = lead
  expect({ webhook_status, webhook_attempts }).toEqual({ webhook_status: 'delivered', webhook_attempts: 1 })
  expect(event).toMatchObject({ type: 'lead.created', timestamp: lead.created_at, data: { chatbot_id: id, lead: fields } })
})

test('submission.created carries the submission as chatbot-submissions lists it', async () => {
  const { id, body } = await createChatbot(app, token, 'data', { webhook_url: receiver.url, data_collection: [{ title: 'Name', question: 'What is your name?', type: 'text' }] })
  const api = client(app.url)
  const opened = await api.post(path.chat(id), { visitor_id: 'v-form', message: 'Hello' })
  const done = await api.post(path.chat(id), { visitor_id: 'v-form', session_id: opened.body.session_id, message: 'Jane Doe' })
  expect(done.body.done).toBe(true)
  await settle()
  const event = verifiedLast(webhookSecretOf(body))
  const [submission] = (await client(app.url, token).get(path.submissions(id))).body.submissions
  expect(event).toEqual({ type: 'submission.created', timestamp: submission.created_at, data: { chatbot_id: id, submission } })
})

test('appointment.created and appointment.cancelled carry the appointment as chatbot-appointments lists it', async () => {
  const { id, body } = await createChatbot(app, token, 'appointment', { webhook_url: receiver.url, calendar_data: [BAKERY_CALENDAR] })
  const calendarId = (await client(app.url).get(path.widget(id))).body.calendars[0].calendar_id
  placeNow(app, '2026-12-01T12:00:00Z')
  const booking = { visitor_id: 'v-book', calendar_id: calendarId, duration: 60, start: '2026-12-02T15:00:00Z', client_name: 'Jo', client_email: 'jo@hooks.example' }
  expect((await client(app.url).post(path.book(id), booking)).status).toBe(200)
  await settle()
  // The clock was moved to December; the library checks freshness against the real time.
  const last = receiver.deliveries.at(-1) as Delivery
  const event = JSON.parse(last.body)
  expect(last.headers['webhook-signature']).toBe(
    new Webhook(webhookSecretOf(body)).sign(last.headers['webhook-id'], new Date(Number(last.headers['webhook-timestamp']) * 1000), last.body),
  )
  const [appointment] = (await client(app.url, token).get(path.appointments(id))).body.appointments
  expect(event).toEqual({ type: 'appointment.created', timestamp: appointment.created_at, data: { chatbot_id: id, appointment } })

  // The owner cancels it: the event carries it as the list now shows it, cancelled.
  expect((await client(app.url, token).post(path.appointmentCancel(id), { appointment_id: appointment.appointment_id })).status).toBe(200)
  await settle()
  const [listed] = (await client(app.url, token).get(path.appointments(id))).body.appointments
  expect(listed.status).toBe('cancelled')
  const cancelled = receiver.deliveries.at(-1) as Delivery
  expect(cancelled.headers['webhook-signature']).toBe(
    new Webhook(webhookSecretOf(body)).sign(cancelled.headers['webhook-id'], new Date(Number(cancelled.headers['webhook-timestamp']) * 1000), cancelled.body),
  )
  expect(JSON.parse(cancelled.body)).toMatchObject({ type: 'appointment.cancelled', data: { chatbot_id: id, appointment: listed } })
  placeNow(app, new Date().toISOString())
})

test('conversation.unanswered carries a question the material could not answer', async () => {
  const { id, body } = await createChatbot(app, token, 'knowledge', { webhook_url: receiver.url })
  const reply = await client(app.url).post(path.chat(id), { visitor_id: 'v-ask', message: 'Do you deliver wedding cakes to the moon?' })
  expect(reply.body.answered).toBe(false)
  await settle()
  const event = verifiedLast(webhookSecretOf(body))
  expect(event).toMatchObject({
    type: 'conversation.unanswered',
    data: {
      chatbot_id: id,
      question: { session_id: reply.body.session_id, visitor_id: 'v-ask', question: 'Do you deliver wedding cakes to the moon?', message_id: expect.any(String) },
    },
  })
  const deliveries = (await client(app.url, token).get(`/api/v1.0/chatbot-webhook-deliveries/${id}/`)).body.deliveries
  expect(deliveries).toEqual([
    {
      delivery_id: receiver.deliveries.at(-1)?.headers['webhook-id'],
      event_type: 'conversation.unanswered',
      status: 'delivered',
      attempts: 1,
      last_status: 200,
      last_error: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      payload: receiver.deliveries.at(-1)?.body,
    },
  ])
})

test('after a rotation a delivery carries two signatures, each verifying with one secret; after 24 hours only the new one', async () => {
  const { id, body } = await createChatbot(app, token, 'knowledge', { webhook_url: receiver.url })
  const oldSecret: string = webhookSecretOf(body)
  const rotated = await client(app.url, token).post(`/api/v1.0/chatbot-webhook-secret-rotate/${id}/`)
  expect(rotated.status).toBe(200)
  const newSecret: string = rotated.body.webhook_secret
  expect(newSecret).not.toBe(oldSecret)
  expect((await client(app.url, token).get(path.get(id))).body.webhook_secret).toBe(newSecret)

  await client(app.url).post(path.chat(id), { visitor_id: 'v-rot', message: 'Do you deliver wedding cakes to the moon?' })
  await settle()
  const last = receiver.deliveries.at(-1) as Delivery
  const signatures = last.headers['webhook-signature'].split(' ')
  expect(signatures).toHaveLength(2)
  const only = (signature: string) => ({ ...last.headers, 'webhook-signature': signature })
  expect(new Webhook(newSecret).verify(last.body, only(signatures[0]))).toBeTruthy()
  expect(() => new Webhook(oldSecret).verify(last.body, only(signatures[0]))).toThrow()
  expect(new Webhook(oldSecret).verify(last.body, only(signatures[1]))).toBeTruthy()
  expect(() => new Webhook(newSecret).verify(last.body, only(signatures[1]))).toThrow()

  app.clock.advance(24 * 3600_000 + 1000)
  await client(app.url).post(path.chat(id), { visitor_id: 'v-rot', message: 'Can you bake bread on Mars?' })
  await settle()
  const later = receiver.deliveries.at(-1) as Delivery
  const at = new Date(Number(later.headers['webhook-timestamp']) * 1000)
  expect(later.headers['webhook-signature']).toBe(new Webhook(newSecret).sign(later.headers['webhook-id'], at, later.body))
})

test('a receiver answering 500 gets the retries on schedule; the owner sees the state', async () => {
  const failing = startReceiver([500, 500])
  try {
    // A plan holds ten chatbots: this one is another account's.
    const second = await subscribedToken(app, 'hooks-retry@bakery.example')
    const { id } = await createChatbot(app, second, 'knowledge', { webhook_url: failing.url })
    await client(app.url).post(path.chat(id), { visitor_id: 'v-retry', message: 'Do you deliver wedding cakes to the moon?' })
    await settle()
    expect(failing.deliveries).toHaveLength(1)
    const owner = client(app.url, second)
    const list = async () => (await owner.get(`/api/v1.0/chatbot-webhook-deliveries/${id}/`)).body.deliveries[0]
    expect(await list()).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_error: 'HTTP 500' })
    // Not before 5 s.
    app.clock.advance(4_900)
    await settle()
    expect(failing.deliveries).toHaveLength(1)
    app.clock.advance(100)
    await settle()
    expect(failing.deliveries).toHaveLength(2)
    // Then 5 minutes.
    app.clock.advance(299_000)
    await settle()
    expect(failing.deliveries).toHaveLength(2)
    app.clock.advance(1_000)
    await settle()
    expect(failing.deliveries).toHaveLength(3)
    expect(await list()).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200, last_error: null })
    // The same message each time.
    expect(new Set(failing.deliveries.map((d) => d.headers['webhook-id'])).size).toBe(1)
    expect(new Set(failing.deliveries.map((d) => d.body)).size).toBe(1)
  } finally {
    failing.stop()
  }
})

test('the dashboard shows the deliveries with their state and rotates the secret', async () => {
  const owner = await subscribedToken(app, 'hooks-dashboard@bakery.example')
  const { id, body } = await createChatbot(app, owner, 'knowledge', { webhook_url: receiver.url })
  await client(app.url).post(path.chat(id), { visitor_id: 'v-dash', message: 'Do you deliver wedding cakes to the moon?' })
  await settle()
  const { client: browser, csrf } = await signIn(app, 'hooks-dashboard@bakery.example')
  const page = await browser.get(`/dashboard/chatbots/${id}/webhooks/`)
  expect(page.status).toBe(200)
  expect(page.html).toContain('conversation.unanswered')
  expect(page.html).toContain('data-status="delivered"')
  expect(page.html).toContain(receiver.deliveries.at(-1)?.headers['webhook-id'] ?? 'no delivery')
  const rotated = await browser.post(`/dashboard/chatbots/${id}/webhooks/rotate/`, { _csrf: csrf })
  expect(rotated.status).toBe(303)
  const secret = (await client(app.url, owner).get(path.get(id))).body.webhook_secret
  expect(secret).not.toBe(body.webhook_secret)
  // The settings page shows the new secret.
  expect((await browser.get(`/dashboard/chatbots/${id}/`)).html).toContain(secret)
})
