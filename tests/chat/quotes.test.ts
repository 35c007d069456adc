// Quote Generation: the quote and its PDF, the e-mail, the lead, and the signed, retried webhook.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { extractText, getDocumentProxy } from 'unpdf'
import { notAvailableForType, NOT_IN_PRICE_LIST } from '../../src/features/chat/texts'
import { newWebhookSecret } from '../../src/lib/standard-webhooks'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'
import { createChatbot, subscribedTokenViaSmtp, webhookSecretOf } from '../support/chatbots'
import { path } from '../support/endpoints'
import { startWebhookReceiver } from '../support/webhook-receiver'

type Sink = Awaited<ReturnType<typeof startSmtpSink>>

const startReceiver = (statuses: number[] = []) => startWebhookReceiver(statuses, '/hooks/leads')

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

const order = {
  visitor_id: 'visitor-q',
  client_name: 'Jane Doe',
  client_email: 'Jane@Client.example',
  items: [
    { name: 'Sourdough loaf', quantity: 3 },
    { name: 'Wedding cake', quantity: 1 },
  ],
}

describe('with a receiver on loopback', () => {
  let app: TestApp
  let smtp: Sink
  let token: string

  beforeAll(async () => {
    smtp = await startSmtpSink()
    app = await startTestApp({ SMTP_URL: smtp.url })
    token = await subscribedTokenViaSmtp(app, smtp, 'quotes@bakery.example')
  })
  afterAll(async () => {
    await app.stop()
    await smtp.stop()
  })

  test('a quote: totals, PDF at its public URL, e-mail with the PDF attached, the lead, a verified webhook after one retry', async () => {
    const receiver = startReceiver([500])
    try {
      const created = await createChatbot(app, token, 'quote', { webhook_url: receiver.url })
      const secret: string = webhookSecretOf(created.body)
      expect(secret).toStartWith('whsec_')

      const reply = await client(app.url).post(path.quote(created.id), order)
      expect(reply.status).toBe(200)
      expect(reply.headers.get('access-control-allow-origin')).toBe('*')
      const today = app.clock.now()
      const validUntil = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 30)).toISOString().slice(0, 10)
      expect(reply.body).toEqual({
        quote_id: expect.any(String),
        quote_number: 'Q-000001',
        quote_url: `${app.url}/media/quotes/${reply.body.quote_id}/`,
        currency: 'EUR',
        total_excluding_vat: '263.50',
        total_including_vat: '284.58',
        valid_until: validUntil,
      })

      // The PDF needs no token and shows the totals.
      const pdf = await fetch(reply.body.quote_url)
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
      const bytes = new Uint8Array(await pdf.arrayBuffer())
      const text = await pdfText(bytes)
      for (const expected of [
        'Harbour Bakery',
        'Jane Doe',
        'Sourdough loaf',
        'Wedding cake',
        '263.50',
        '284.58',
        'EUR',
        validUntil,
        'Free delivery within 10 km.',
        'Payment within 14 days.',
      ]) {
        expect(text).toContain(expected)
      }

      const mail = await smtp.waitFor('jane@client.example')
      expect(mail.subject).toBe('Your quote Q-000001 from Harbour Bakery')
      expect(mail.attachments).toHaveLength(1)
      expect(mail.attachments[0].contentType).toBe('application/pdf')
      expect(new Uint8Array(mail.attachments[0].content)).toEqual(bytes)

      // First delivery: the receiver answered 500, so the lead waits for its retry.
      await app.ctx.jobs.idle()
      const owner = client(app.url, token)
      const pending = (await owner.get(path.leads(created.id))).body
      expect(pending).toEqual({
        response: 'success',
        leads: [
          {
            lead_id: expect.any(String),
            created_at: expect.any(String),
            client_name: 'Jane Doe',
            client_email: 'jane@client.example',
            quote_id: reply.body.quote_id,
            quote_number: 'Q-000001',
            quote_url: reply.body.quote_url,
            total_excluding_vat: '263.50',
            total_including_vat: '284.58',
            currency: 'EUR',
            webhook_status: 'pending',
            webhook_attempts: 1,
          },
        ],
      })
      expect(receiver.deliveries).toHaveLength(1)

      app.clock.advance(5_000)
      app.ctx.jobs.kick()
      await app.ctx.jobs.idle()
      const delivered = (await owner.get(path.leads(created.id))).body.leads[0]
      expect(delivered.webhook_status).toBe('delivered')
      expect(delivered.webhook_attempts).toBe(2)

      expect(receiver.deliveries).toHaveLength(2)
      const [first, second] = receiver.deliveries
      // The same message id on the retry, so the receiver can de-duplicate.
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
      expect(second.body).toBe(first.body)
      const event: unknown = new Webhook(secret).verify(second.body, second.headers)
      expect(event).toEqual({
        type: 'lead.created',
        timestamp: delivered.created_at,
        data: {
          chatbot_id: created.id,
          lead: {
            lead_id: delivered.lead_id,
            created_at: delivered.created_at,
            client_name: 'Jane Doe',
            client_email: 'jane@client.example',
            quote_id: reply.body.quote_id,
            quote_number: 'Q-000001',
            quote_url: reply.body.quote_url,
            total_excluding_vat: '263.50',
            total_including_vat: '284.58',
            currency: 'EUR',
            valid_until: validUntil,
            items: [
              { name: 'Sourdough loaf', quantity: 3, line_total_excluding_vat: '13.50', line_total_including_vat: '14.58' },
              { name: 'Wedding cake', quantity: 1, line_total_excluding_vat: '250.00', line_total_including_vat: '270.00' },
            ],
          },
        },
      })
      // Signed with this chatbot's secret, not any other.
      expect(() => new Webhook(newWebhookSecret()).verify(second.body, second.headers)).toThrow()
    } finally {
      receiver.stop()
    }
  })

  test('a failing receiver is retried on the schedule, then the lead is marked failed', async () => {
    const receiver = startReceiver(Array(8).fill(503))
    try {
      const created = await createChatbot(app, token, 'quote', { webhook_url: receiver.url })
      expect((await client(app.url).post(path.quote(created.id), order)).status).toBe(200)
      await app.ctx.jobs.idle()
      for (const delay of [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]) {
        app.clock.advance(delay)
        app.ctx.jobs.kick()
        await app.ctx.jobs.idle()
      }
      const lead = (await client(app.url, token).get(path.leads(created.id))).body.leads[0]
      expect(lead.webhook_status).toBe('failed')
      expect(lead.webhook_attempts).toBe(8)
      expect(receiver.deliveries).toHaveLength(8)
    } finally {
      receiver.stop()
    }
  })

  test('without webhook_url the lead has webhook_status none', async () => {
    const created = await createChatbot(app, token, 'quote')
    expect((await client(app.url).post(path.quote(created.id), order)).status).toBe(200)
    await app.ctx.jobs.idle()
    const lead = (await client(app.url, token).get(path.leads(created.id))).body.leads[0]
    expect(lead).toMatchObject({ webhook_status: 'none', webhook_attempts: 0 })
  })

  test('quote requests are validated', async () => {
    const { id } = await createChatbot(app, token, 'quote')
    const api = client(app.url)
    const unknown = await api.post(path.quote(id), {
      ...order,
      items: [
        { name: 'Sourdough loaf', quantity: 1 },
        { name: 'Croissant', quantity: 2 },
      ],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: NOT_IN_PRICE_LIST(1) })
    expect(unknown.body).toMatchObject({ error: 'items[1].name: not in the price list' })
    expect((await api.post(path.quote(id), { ...order, items: [{ name: 'Wedding cake', quantity: 10_001 }] })).body).toMatchObject({
      error: 'items[0].quantity: must be at most 10000',
    })
    expect((await api.post(path.quote(id), { ...order, items: [{ name: 'Wedding cake', quantity: 1.5 }] })).body).toMatchObject({
      error: 'items[0].quantity: must be an integer',
    })
    expect((await api.post(path.quote(id), { ...order, client_email: 'nobody' })).status).toBe(400)
    // Several problems: the first as error/field for programs, every one in `errors` for a form.
    const several = await api.post(path.quote(id), { ...order, client_email: 'nobody', items: [{ name: 'Croissant', quantity: 1 }] })
    expect(several.status).toBe(400)
    expect(several.body).toMatchObject({ error: 'client_email: must be a valid e-mail address', code: 'invalid_request', field: 'client_email' })
    expect(several.body.errors).toEqual([
      { field: 'client_email', error: 'client_email: must be a valid e-mail address' },
      { field: 'items[0].name', error: NOT_IN_PRICE_LIST(0) },
    ])
    const schema = await api.post(path.quote(id), { ...order, client_name: ' ', items: [{ name: 'Wedding cake', quantity: 0 }] })
    expect(schema.status).toBe(400)
    expect(schema.body.errors.map((e: { field: string }) => e.field)).toEqual(['client_name', 'items[0].quantity'])
    // One problem: no list beside it.
    expect(unknown.body.errors).toBeUndefined()
    expect((await api.post(path.quote(id), { ...order, items: [] })).status).toBe(400)
    const business = (await createChatbot(app, token, 'business')).id
    expect((await api.post(path.quote(business), order)).body).toMatchObject({ error: notAvailableForType('Business Enquiries') })
    expect((await fetch(`${app.url}/media/quotes/00000000-0000-4000-8000-000000000000/`)).status).toBe(404)
  })
})

test('a webhook to a private address is refused when ALLOW_PRIVATE_LINKS is false', async () => {
  const app = await startTestApp({ ALLOW_PRIVATE_LINKS: 'false' })
  const receiver = startReceiver()
  try {
    const token = await subscribedToken(app, 'private@bakery.example')
    const created = await createChatbot(app, token, 'quote', { webhook_url: receiver.url })
    expect((await client(app.url).post(path.quote(created.id), order)).status).toBe(200)
    await app.ctx.jobs.idle()
    const lead = (await client(app.url, token).get(path.leads(created.id))).body.leads[0]
    expect(lead.webhook_status).toBe('failed')
    expect(receiver.deliveries).toHaveLength(0)
    expect(app.logs.some((line) => line.includes('webhooks.refused') && line.includes('127.0.0.1'))).toBe(true)
  } finally {
    receiver.stop()
    await app.stop()
  }
})
