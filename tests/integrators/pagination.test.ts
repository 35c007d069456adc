// Pagination (contract 12): limit, starting_after and has_more on every owner list; without them, the list as before.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { UNKNOWN_STARTING_AFTER } from '../../src/http/pagination'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { BAKERY_CALENDAR, createChatbot, placeNow, BAKERY_PRICES } from '../support/chatbots'
import { path } from '../support/endpoints'
import { pdfForm } from '../support/chatbots'
import { textPdf } from '../training/pdf-fixtures'

let app: TestApp
let token: string
let receiver: ReturnType<typeof Bun.serve>

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'pages@bakery.example')
  // Pages the link jobs fetch.
  receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) =>
      new Response(`<html><head><title>${new URL(request.url).pathname}</title></head><body><p>Fresh bread every morning at ${new URL(request.url).pathname}.</p></body></html>`, {
        headers: { 'content-type': 'text/html' },
      }),
  })
})
afterAll(async () => {
  receiver.stop(true)
  await app.stop()
})

/** Walks a list page by page with `limit`, returning every id in the order seen. */
async function walk(listPath: string, key: string, id: string, limit: number): Promise<string[]> {
  const api = client(app.url, token)
  const seen: string[] = []
  let after: string | undefined
  for (let pages = 0; pages < 100; pages++) {
    const reply = await api.get(`${listPath}?limit=${limit}${after ? `&starting_after=${after}` : ''}`)
    expect(reply.status).toBe(200)
    const items: Record<string, string>[] = reply.body[key]
    expect(items.length).toBeLessThanOrEqual(limit)
    seen.push(...items.map((item) => item[id]))
    if (!reply.body.has_more) return seen
    after = items.at(-1)?.[id]
  }
  throw new Error('no last page')
}

async function expectWalk(listPath: string, key: string, id: string, count: number, limit = 2): Promise<void> {
  const api = client(app.url, token)
  const whole = await api.get(listPath)
  expect(whole.status).toBe(200)
  expect(whole.body.has_more).toBeUndefined()
  const all: Record<string, string>[] = whole.body[key]
  expect(all).toHaveLength(count)
  const seen = await walk(listPath, key, id, limit)
  // Each item once, and all of them.
  expect(new Set(seen).size).toBe(seen.length)
  expect([...seen].sort()).toEqual(all.map((item) => item[id]).sort())
  // Newest first where the items carry their time.
  if ('created_at' in all[0]) {
    const times = new Map(all.map((item) => [item[id], item.created_at]))
    const ordered = seen.map((s) => times.get(s) ?? '')
    expect(ordered).toEqual([...ordered].sort().reverse())
  }
  for (const bad of ['0', '201', 'ten']) {
    const reply = await api.get(`${listPath}?limit=${bad}`)
    expect(reply.status).toBe(400)
    expect(reply.body.field).toBe('limit')
  }
  const unknown = await api.get(`${listPath}?limit=2&starting_after=nope`)
  expect(unknown.status).toBe(400)
  expect(unknown.body).toMatchObject({ field: 'starting_after', error: `starting_after: ${UNKNOWN_STARTING_AFTER}` })
}

test('chatbot-list pages newest first', async () => {
  for (let i = 0; i < 5; i++) {
    await createChatbot(app, token, 'knowledge', { chatbot_name: `Bot ${i}` })
    app.clock.advance(1000)
  }
  await expectWalk('/api/v1.0/chatbot-list/', 'chatbots', 'chatbot_id', 5)
  const first = await client(app.url, token).get('/api/v1.0/chatbot-list/?limit=1')
  expect(first.body.chatbots[0].chatbot_name).toBe('Bot 4')
})

test('documents, links and link jobs page', async () => {
  const { id } = await createChatbot(app, token, 'knowledge')
  const api = client(app.url, token)
  for (let i = 0; i < 5; i++) {
    const pdf = await textPdf({ pages: [[`Handbook number ${i}.`, 'Bread is baked daily.']] })
    expect((await api.form(path.documentAdd(id), pdfForm([{ bytes: pdf, name: `h${i}.pdf` }]))).status).toBe(200)
    app.clock.advance(1000)
  }
  await expectWalk(path.documentView(id), 'documents', 'document_id', 5)
  const links = Array.from({ length: 5 }, (_, i) => `http://127.0.0.1:${receiver.port}/page-${i}`)
  expect((await api.post(path.linkAdd(id), { links })).status).toBe(200)
  await app.ctx.jobs.idle()
  await expectWalk(path.linkStatus(id), 'jobs', 'job_id', 5)
  await expectWalk(path.linkView(id), 'links', 'link_id', 5)
})

test('leads, submissions and appointments page', async () => {
  const api = client(app.url)
  const quote = (await createChatbot(app, token, 'quote')).id
  for (let i = 0; i < 5; i++) {
    const order = { visitor_id: `v${i}`, client_name: 'Jane', client_email: `jane${i}@pages.example`, items: [{ name: BAKERY_PRICES[0]['Product/Service Name'], quantity: i + 1 }] }
    expect((await api.post(path.quote(quote), order)).status).toBe(200)
    app.clock.advance(1000)
  }
  await expectWalk(path.leads(quote), 'leads', 'lead_id', 5)

  const form = (await createChatbot(app, token, 'data', { data_collection: [{ title: 'Name', question: 'What is your name?', type: 'text' }] })).id
  for (let i = 0; i < 3; i++) {
    const visitor = `form-${i}`
    let reply = await api.post(path.chat(form), { visitor_id: visitor, message: 'Hello' })
    for (let turn = 0; turn < 5 && reply.body?.completed !== true; turn++) {
      reply = await api.post(path.chat(form), { visitor_id: visitor, session_id: reply.body.session_id, message: `Visitor ${i}` })
    }
    app.clock.advance(1000)
  }
  const submissions = await client(app.url, token).get(path.submissions(form))
  expect(submissions.body.submissions.length).toBe(3)
  await expectWalk(path.submissions(form), 'submissions', 'submission_id', 3)

  const calendarBot = (await createChatbot(app, token, 'appointment', { calendar_data: [BAKERY_CALENDAR] })).id
  const calendarId = (await api.get(path.widget(calendarBot))).body.calendars[0].calendar_id
  placeNow(app, '2026-12-01T12:00:00Z')
  for (let i = 0; i < 3; i++) {
    const booking = { visitor_id: `b${i}`, calendar_id: calendarId, duration: 60, start: `2026-12-02T${15 + i}:00:00Z`, client_name: 'Jo', client_email: 'jo@pages.example' }
    expect((await api.post(path.book(calendarBot), booking)).status).toBe(200)
    app.clock.advance(1000)
  }
  await expectWalk(path.appointments(calendarBot), 'appointments', 'appointment_id', 3)
})
