// Upgrading to 013: chatbots made before get a webhook secret (sealed), and a lead.created webhook
// queued under the old job kind is moved onto the outbox with its webhook-id.
import { afterAll, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { openWebhookSecret } from '../../src/features/chatbots/webhook-secret'
import { LEGACY_LEAD_WEBHOOK_JOB } from '../../src/features/quotes/leads'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { insertOldChatbot, migratedTo, upgradeDataDir } from '../support/upgrade'
import { createChatbot, BAKERY_PRICES, webhookSecretOf } from '../support/chatbots'
import { path } from '../support/endpoints'

const { dataDir, remove } = upgradeDataDir('upgrade')
const apps: TestApp[] = []

afterAll(async () => {
  for (const app of apps) await app.stop()
  await remove()
})

test('a chatbot made before 013 gets a sealed webhook secret', async () => {
  const db = await migratedTo(dataDir, '010_secrets_at_rest')
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d8e'
  await insertOldChatbot(db, { id: chatbotId, subscribed: false })
  await db.destroy()

  const app = await startTestApp({}, { dataDir })
  apps.push(app)
  const row = await app.ctx.db.selectFrom('chatbots').select(['webhook_secret']).where('id', '=', chatbotId).executeTakeFirstOrThrow()
  expect(row.webhook_secret).not.toBeNull()
  expect(row.webhook_secret).not.toStartWith('whsec_')
  expect(openWebhookSecret(app.ctx, row.webhook_secret ?? '')).toStartWith('whsec_')
})

test('a lead.created job queued under the old kind is delivered through the outbox with the lead’s webhook-id', async () => {
  const app = await startTestApp()
  apps.push(app)
  const deliveries: { body: string; headers: Record<string, string> }[] = []
  const receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      deliveries.push({ body: await request.text(), headers: Object.fromEntries(request.headers.entries()) })
      return new Response(null, { status: 204 })
    },
  })
  try {
    const token = await subscribedToken(app, 'legacy@bakery.example')
    const { id, body } = await createChatbot(app, token, 'quote')
    const order = { visitor_id: 'v-old', client_name: 'Jane', client_email: 'jane@old.example', items: [{ name: BAKERY_PRICES[0]['Product/Service Name'], quantity: 1 }] }
    expect((await client(app.url).post(path.quote(id), order)).status).toBe(200)
    await client(app.url, token).post(path.edit(id), { webhook_url: `http://127.0.0.1:${receiver.port}/hooks` })
    const lead = await app.ctx.db.selectFrom('leads').selectAll().where('chatbot_id', '=', id).executeTakeFirstOrThrow()
    // As a job queued by the service before 013 sits in the table.
    await app.ctx.jobs.enqueue(app.ctx.db, LEGACY_LEAD_WEBHOOK_JOB, { lead_id: lead.id })
    app.ctx.jobs.kick()
    await app.ctx.jobs.idle()
    await app.ctx.jobs.idle()
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0].headers['webhook-id']).toBe(lead.webhook_message_id)
    const event = new Webhook(webhookSecretOf(body)).verify(deliveries[0].body, deliveries[0].headers) as { type: string; data: { lead: { lead_id: string } } }
    expect(event.type).toBe('lead.created')
    expect(event.data.lead.lead_id).toBe(lead.id)
    const listed = (await client(app.url, token).get(path.leads(id))).body.leads[0]
    expect(listed).toMatchObject({ webhook_status: 'delivered', webhook_attempts: 1 })
  } finally {
    receiver.stop(true)
  }
})
