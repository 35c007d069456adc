// Idempotency-Key (contract 12): a retried creation, quote or booking answers the same and does nothing twice.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_MISMATCH, REPLAYED_HEADER } from '../../src/http/idempotency'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { dropTestDatabase } from '../support/database'
import { startSmtpSink } from '../support/smtp-sink'
import { BAKERY_CALENDAR, createChatbot, placeNow, BAKERY_PRICES, subscribedTokenViaSmtp } from '../support/chatbots'
import { path } from '../support/endpoints'
import { pdfForm } from '../support/chatbots'
import { textPdf } from '../training/pdf-fixtures'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let token: string

const KNOWLEDGE = { chatbot_name: 'Retry bot', chatbot_greeting: 'Hello', business_industry: 'Bakery', chatbot_instructions: 'Ask about bread' }
const key = (name: string) => ({ 'idempotency-key': `${name}-${crypto.randomUUID()}` })

beforeAll(async () => {
  smtp = await startSmtpSink()
  app = await startTestApp({ SMTP_URL: smtp.url })
  token = await subscribedTokenViaSmtp(app, smtp, 'retries@bakery.example')
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

const jobCount = async () =>
  (
    await app.ctx.db
      .selectFrom('jobs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n
const mailsTo = (to: string) => smtp.messages.filter((m) => (m.to as { text: string } | undefined)?.text.includes(to)).length

test('a replayed creation answers the same, with Idempotent-Replayed, and creates and counts nothing more', async () => {
  const api = client(app.url, token)
  const headers = key('create')
  const before = (await api.get('/api/v1.0/chatbot-list/')).body.chatbots.length
  const first = await api.post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, headers)
  expect(first.status).toBe(200)
  expect(first.headers.get(REPLAYED_HEADER)).toBeNull()
  const again = await api.post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, headers)
  expect(again.status).toBe(200)
  expect(again.body).toEqual(first.body)
  expect(again.headers.get(REPLAYED_HEADER)).toBe('true')
  expect(again.headers.get('x-request-id')).toBeTruthy()
  expect((await api.get('/api/v1.0/chatbot-list/')).body.chatbots.length).toBe(before + 1)
  // The plan's creations counter moved once.
  const account = await app.ctx.db.selectFrom('accounts').selectAll().where('email', '=', 'retries@bakery.example').executeTakeFirstOrThrow()
  expect(account).toMatchObject({ chatbots_created: before + 1 })

  const other = await api.post('/api/v1.0/api-knowledge-retrieval/', { ...KNOWLEDGE, chatbot_name: 'Another' }, headers)
  expect(other.status).toBe(409)
  expect(other.body).toMatchObject({ error: IDEMPOTENCY_MISMATCH, code: 'idempotency_mismatch' })
  // Another key is another request.
  expect((await api.post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, key('create'))).status).toBe(200)
})

test('the key is checked: empty or longer than 255 characters is a 400 naming it; a failed first request is not kept', async () => {
  const api = client(app.url, token)
  for (const bad of ['', 'x'.repeat(256)]) {
    const reply = await api.post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, { 'idempotency-key': bad })
    expect(reply.status).toBe(400)
    expect(reply.body.field).toBe('idempotency-key')
  }
  const headers = key('fails')
  const id = (await createChatbot(app, token, 'knowledge')).id
  const invalid = await api.post(path.linkAdd(id), { links: ['not a url'] }, headers)
  expect(invalid.status).toBe(400)
  const fixed = await api.post(path.linkAdd(id), { links: ['http://127.0.0.1:9/page'] }, headers)
  expect(fixed.status).toBe(200)
  expect(fixed.headers.get(REPLAYED_HEADER)).toBeNull()
})

test('a replayed public quote answers the same and stores, queues and e-mails nothing more', async () => {
  const { id } = await createChatbot(app, token, 'quote')
  const api = client(app.url)
  const headers = key('quote')
  const order = { visitor_id: 'visitor-r', client_name: 'Jane Doe', client_email: 'jane@retry.example', items: [{ name: BAKERY_PRICES[0]['Product/Service Name'], quantity: 2 }] }
  const first = await api.post(path.quote(id), order, headers)
  expect(first.status).toBe(200)
  await app.ctx.jobs.idle()
  await smtp.waitFor('jane@retry.example')
  const jobs = await jobCount()
  const again = await api.post(path.quote(id), order, headers)
  expect(again.status).toBe(200)
  expect(again.body).toEqual(first.body)
  expect(again.headers.get(REPLAYED_HEADER)).toBe('true')
  await app.ctx.jobs.idle()
  expect(await jobCount()).toBe(jobs)
  expect(mailsTo('jane@retry.example')).toBe(1)
  expect((await client(app.url, token).get(path.leads(id))).body.leads).toHaveLength(1)
  // Keyed by the visitor: another visitor's identical key is their own request.
  const mismatch = await api.post(path.quote(id), { ...order, items: [{ name: BAKERY_PRICES[1]['Product/Service Name'], quantity: 1 }] }, headers)
  expect(mismatch.status).toBe(409)
  expect(mismatch.body.code).toBe('idempotency_mismatch')
  const otherVisitor = await api.post(path.quote(id), { ...order, visitor_id: 'visitor-s' }, headers)
  expect(otherVisitor.status).toBe(200)
  expect(otherVisitor.headers.get(REPLAYED_HEADER)).toBeNull()
})

test('a replayed booking answers the same and books, queues and e-mails nothing more', async () => {
  const { id } = await createChatbot(app, token, 'appointment', { calendar_data: [{ ...BAKERY_CALENDAR, calendar_email: 'cal@retry.example' }] })
  const calendarId = (await client(app.url).get(path.widget(id))).body.calendars[0].calendar_id
  placeNow(app, '2026-12-01T12:00:00Z')
  const api = client(app.url)
  const headers = key('book')
  const booking = { visitor_id: 'visitor-b', calendar_id: calendarId, duration: 60, start: '2026-12-02T15:00:00Z', client_name: 'Jo', client_email: 'jo@retry.example' }
  const first = await api.post(path.book(id), booking, headers)
  expect(first.status).toBe(200)
  await app.ctx.jobs.idle()
  await smtp.waitFor('jo@retry.example')
  const jobs = await jobCount()
  const again = await api.post(path.book(id), booking, headers)
  expect(again.status).toBe(200)
  expect(again.body).toEqual(first.body)
  expect(again.headers.get(REPLAYED_HEADER)).toBe('true')
  await app.ctx.jobs.idle()
  expect(await jobCount()).toBe(jobs)
  expect(mailsTo('jo@retry.example')).toBe(1)
  expect((await client(app.url, token).get(path.appointments(id))).body.appointments).toHaveLength(1)
})

test('two concurrent requests with one key: one 200, one 409 still being processed; a multipart replay matches byte for byte', async () => {
  const { id } = await createChatbot(app, token, 'knowledge')
  const pages = Array.from({ length: 60 }, (_, i) => [`Page ${i} of the handbook.`, 'Our sourdough rises for eighteen hours, every single day of the week.'])
  const pdf = await textPdf({ pages })
  // The same bytes each time (a FormData would pick a new boundary, and a multipart body is compared as sent).
  const sent = new Response(pdfForm([{ bytes: pdf, name: 'handbook.pdf' }]))
  const contentType = sent.headers.get('content-type') ?? ''
  const body = await sent.arrayBuffer()
  const headers = { authorization: `Token ${token}`, ...key('docs'), 'content-type': contentType }
  const send = () => fetch(app.url + path.documentAdd(id), { method: 'POST', headers, body })
  const replies = await Promise.all([send(), send()])
  expect(replies.map((r) => r.status).sort()).toEqual([200, 409])
  const refused = await replies.find((r) => r.status === 409)?.json()
  expect(refused).toMatchObject({ error: IDEMPOTENCY_IN_PROGRESS, code: 'conflict' })
  const docs = (await client(app.url, token).get(path.documentView(id))).body.documents
  expect(docs).toHaveLength(1)
  const again = await send()
  expect(again.status).toBe(200)
  expect(again.headers.get(REPLAYED_HEADER)).toBe('true')
  expect((await client(app.url, token).get(path.documentView(id))).body.documents).toEqual(docs)
  // Another boundary is another body.
  const reshaped = await fetch(app.url + path.documentAdd(id), {
    method: 'POST',
    headers: { authorization: headers.authorization, 'idempotency-key': headers['idempotency-key'] },
    body: pdfForm([{ bytes: pdf, name: 'handbook.pdf' }]),
  })
  expect(reshaped.status).toBe(409)
})

test('the kept answer survives a restart of the app on the same data', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-idempotency-'))
  try {
    const first = await startTestApp({}, { dataDir })
    const owner = await subscribedToken(first, 'restart@bakery.example')
    const headers = key('restart')
    const created = await client(first.url, owner).post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, headers)
    expect(created.status).toBe(200)
    await first.stop()
    const second = await startTestApp({}, { dataDir })
    try {
      const again = await client(second.url, owner).post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, headers)
      expect(again.status).toBe(200)
      expect(again.headers.get(REPLAYED_HEADER)).toBe('true')
      expect(again.body).toEqual(created.body)
      expect((await client(second.url, owner).get('/api/v1.0/chatbot-list/')).body.chatbots).toHaveLength(1)
      // Kept 24 hours, then the key is free again.
      second.clock.advance(24 * 3600_000 + 1000)
      const later = await client(second.url, owner).post('/api/v1.0/api-knowledge-retrieval/', KNOWLEDGE, headers)
      expect(later.status).toBe(200)
      expect(later.headers.get(REPLAYED_HEADER)).toBeNull()
    } finally {
      await second.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await dropTestDatabase(dataDir)
  }
})

test('a stored creation answer keeps no webhook_secret in plain text, and goes with its chatbot (contract 14)', async () => {
  const api = client(app.url, token)
  const headers = key('secret')
  const body = { ...KNOWLEDGE, webhook_url: 'https://hooks.example/in' }
  const first = await api.post('/api/v1.0/api-knowledge-retrieval/', body, headers)
  expect(first.status).toBe(200)
  const secret: string = first.body.webhook_secret
  expect(secret.length).toBeGreaterThan(10)
  const rows = await app.ctx.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', headers['idempotency-key']).execute()
  expect(rows).toHaveLength(1)
  expect(JSON.stringify(rows)).not.toContain(secret)
  expect(JSON.stringify(rows)).not.toContain(first.body.chatbot_id)
  const again = await api.post('/api/v1.0/api-knowledge-retrieval/', body, headers)
  expect(again.headers.get(REPLAYED_HEADER)).toBe('true')
  expect(again.body).toEqual(first.body)

  // A visitor's keyed quote on another chatbot of the account.
  const { id: quoteBot } = await createChatbot(app, token, 'quote')
  const order = {
    visitor_id: 'visitor-gone',
    client_name: 'Jane Doe',
    client_email: 'gone@retry.example',
    items: [{ name: BAKERY_PRICES[0]['Product/Service Name'], quantity: 1 }],
  }
  expect((await client(app.url).post(path.quote(quoteBot), order, key('gone'))).status).toBe(200)
  const kept = async () => (await app.ctx.db.selectFrom('idempotency_keys').select('scope').execute()).length

  const before = await kept()
  expect((await api.post(path.delete(first.body.chatbot_id))).status).toBe(200)
  expect((await api.post(path.delete(quoteBot))).status).toBe(200)
  // The creation answer and the visitor's answer are gone; the replay creates a new chatbot, not the deleted one's secret.
  expect(await kept()).toBe(before - 2)
  const after = await api.post('/api/v1.0/api-knowledge-retrieval/', body, headers)
  expect(after.status).toBe(200)
  expect(after.headers.get(REPLAYED_HEADER)).toBeNull()
  expect(after.body.chatbot_id).not.toBe(first.body.chatbot_id)
})
