import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'
import { pdfBomb } from './pdf-bombs'

let app: TestApp
let token: string

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'hostile@example.com')
})
afterAll(() => app.stop())

const KR = '/api/v1.0/api-knowledge-retrieval/'
const stillServing = async () => expect((await client(app.url).get('/healthz')).status).toBe(200)

test('wrong types in every field get 400 naming the field', async () => {
  const api = client(app.url, token)
  for (const [field, value] of [
    ['chatbot_name', 42],
    ['chatbot_greeting', ['a']],
    ['user_allowance', '12abc'],
    ['business_industry', { a: 1 }],
    ['chatbot_instructions', null],
  ] as const) {
    const r = await api.post(KR, { ...CREATION_BODIES[KR], [field]: value })
    expect(r.status).toBe(400)
    expect(r.body.error).toStartWith(`${field}: `)
  }
  for (const body of [[], 'text', 7, null]) {
    const r = await api.post(KR, body)
    expect(r.status).toBe(400)
    expect(typeof r.body.error).toBe('string')
  }
  await stillServing()
})

test('deeply nested JSON, invalid UTF-8 and oversized bodies are refused', async () => {
  const api = client(app.url, token)
  const deep = '['.repeat(100_000) + ']'.repeat(100_000)
  const nested = await api.raw(KR, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: deep })
  expect(nested.status).toBe(400)
  expect(nested.body).toMatchObject({ error: 'JSON body is nested too deeply.' })

  const invalid = new Uint8Array([...new TextEncoder().encode('{"chatbot_name":"'), 0xff, 0xfe, ...new TextEncoder().encode('"}')])
  const utf8 = await api.raw(KR, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: invalid })
  expect(utf8.status).toBe(400)
  expect(utf8.body).toMatchObject({ error: 'Request body is not valid UTF-8.' })

  const huge = await api.raw(KR, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ chatbot_name: 'x'.repeat(6 * 1024 * 1024) }),
  })
  expect(huge.status).toBe(413)
  expect(typeof huge.body.error).toBe('string')
  await stillServing()
})

test('unicode edge cases in names are kept exactly or refused by length', async () => {
  const api = client(app.url, token)
  const names = ['Café 🤖 Ünïcödé', 'שלום עולם', 'e\u0301\u0301\u0301', '\u202Eevil', 'zero\u200Bwidth']
  for (const name of names) {
    const created = await api.post(KR, { ...CREATION_BODIES[KR], chatbot_name: name })
    expect(created.status).toBe(200)
    const got = await api.get(`/api/v1.0/chatbot-get/${created.body.chatbot_id}/`)
    expect(got.body.chatbot_name).toBe(name)
  }
  const tooLong = await api.post(KR, { ...CREATION_BODIES[KR], chatbot_name: '🤖'.repeat(101) })
  expect(tooLong.status).toBe(400)
  await stillServing()
})

test('an HTML or SVG file disguised as a logo is refused by content', async () => {
  const api = client(app.url, token)
  for (const [bytes, name] of [
    ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.png'],
    ['<html><body>hi</body></html>', 'logo.jpg'],
  ]) {
    const form = new FormData()
    for (const [k, v] of Object.entries(CREATION_BODIES[KR])) form.append(k, String(v))
    form.append('business_logo', new Blob([bytes], { type: 'image/png' }), name)
    const r = await api.form(KR, form)
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'business_logo: must be a PNG, JPEG, GIF or WebP image' })
  }
})

test('slow clients (slowloris) do not stop the service from answering others', async () => {
  const port = Number(new URL(app.url).port)
  const sockets = Array.from({ length: 50 }, () => {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    socket.write('POST /api/v1.0/create-subscription/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email_address":')
    return socket
  })
  try {
    await Bun.sleep(100)
    const started = Date.now()
    await stillServing()
    const r = await client(app.url).post('/api/v1.0/create-subscription/', { email_address: 'fast@example.com', return_url: 'https://x.example/' })
    expect(r.status).toBe(200)
    // Not a timing assertion on speed: only that the answer did not wait for the slow bodies.
    expect(Date.now() - started).toBeLessThan(5000)
  } finally {
    for (const s of sockets) s.destroy()
  }
})

describe('training material', () => {
  let chatbotId: string
  beforeAll(async () => {
    const created = await client(app.url, token).post(KR, CREATION_BODIES[KR])
    chatbotId = created.body.chatbot_id
  })

  const upload = (name: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.append('documents', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name)
    return client(app.url, token).form(`/api/v1.0/chatbot-document-add/${chatbotId}/`, form)
  }

  test('10,000 links in one request are refused whole', async () => {
    const links = Array.from({ length: 10_000 }, (_, i) => `https://example.com/${i}`)
    const r = await client(app.url, token).post(`/api/v1.0/chatbot-link-add/${chatbotId}/`, { links })
    expect(r.status).toBe(400)
    expect(r.body.error).toStartWith('links: ')
    const status = await client(app.url, token).get(`/api/v1.0/chatbot-link-status/${chatbotId}/`)
    expect(status.body.jobs).toEqual([])
  })

  test('a path in a file name stays a title: nothing is written outside the store', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    doc.addPage().drawText('Traversal test document with words.', { x: 40, y: 700, size: 12, font })
    const r = await upload('../../../../tmp/evil.pdf', await doc.save())
    expect(r.status).toBe(200)
    const view = await client(app.url, token).get(`/api/v1.0/chatbot-document-view/${chatbotId}/`)
    const stored = view.body.documents.find((d: { title: string }) => d.title.includes('evil'))
    expect(stored).toBeDefined()
    expect(new URL(stored.file).pathname).not.toContain('..')
    expect(existsSync('/tmp/evil.pdf')).toBe(false)
  })

  test('a PDF claiming thousands of pages is refused, naming the file', async () => {
    const doc = await PDFDocument.create()
    for (let i = 0; i < 2500; i++) doc.addPage([10, 10])
    const r = await upload('pages.pdf', await doc.save())
    expect(r.status).toBe(400)
    expect(r.body.error).toContain('"pages.pdf" has 2500 pages')
    await stillServing()
  })

  test('a compressed stream that would expand past the memory budget is refused, naming the file', async () => {
    const r = await upload('bomb.pdf', await pdfBomb('space-after-stream', 600 * 1024 * 1024))
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('"bomb.pdf" needs more memory to read than one PDF may use.')
    const view = await client(app.url, token).get(`/api/v1.0/chatbot-document-view/${chatbotId}/`)
    expect(view.body.documents.some((d: { title: string }) => d.title === 'bomb')).toBe(false)
    await stillServing()
  })
})
