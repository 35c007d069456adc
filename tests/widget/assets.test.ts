// Caching of the widget (contract 8), over HTTP: the script and stylesheet minified, precompressed
// (br, gzip) by Accept-Encoding, with a strong ETag and five minutes of freshness, 304 on
// If-None-Match, within the size budget; the widget config revalidated by its ETag.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'

/** JS and CSS together, gzipped, at most this (the budget). */
const BUDGET_BYTES = 20 * 1024

let app: TestApp

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET whose body comes back exactly as sent (fetch would decode the content coding). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

describe.each([
  ['/widget/chatbot.js', 'application/javascript; charset=utf-8'],
  ['/widget/chatbot.css', 'text/css; charset=utf-8'],
])('%s', (path, contentType) => {
  test('br, gzip or identity by Accept-Encoding, each with its strong ETag, Cache-Control and Vary', async () => {
    const plain = await rawGet(path, { 'accept-encoding': 'identity' })
    expect(plain.status).toBe(200)
    expect(plain.headers['content-type']).toBe(contentType)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await rawGet(path, { 'accept-encoding': 'gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    expect(br.body.length).toBeLessThan(gzip.body.length)
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2)
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}(-br|-gzip)?"$/)
      expect(answer.headers['cache-control']).toBe('public, max-age=300')
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(answer.headers['access-control-allow-origin']).toBe('*')
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)
    // HEAD: the same headers and the length of the body it stands for.
    const head = await rawGet(path, { 'accept-encoding': 'gzip' }, 'HEAD')
    expect([head.status, head.body.length, head.headers['content-encoding'], head.headers.etag]).toEqual([200, 0, 'gzip', gzip.headers.etag])
    expect(head.headers['content-length']).toBe(String(gzip.body.length))
    // br refused by its q-value: gzip.
    expect((await rawGet(path, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip')
  })

  test('minified: no comments and no indentation', async () => {
    const text = (await rawGet(path)).body.toString('utf8')
    // (booleans rather than the texts, so a failure does not print the whole file)
    expect(/\/\*[\s*]/.test(text)).toBe(false)
    expect(/\n {2}/.test(text)).toBe(false)
    // Line breaks only where a string holds one.
    expect(text.length / text.split('\n').length).toBeGreaterThan(2000)
  })

  test('If-None-Match with the current ETag gets 304 and no body; another ETag gets the file', async () => {
    const first = await rawGet(path, { 'accept-encoding': 'br' })
    const etag = first.headers.etag as string
    const again = await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('public, max-age=300')
    expect((await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': `"other", W/${etag}` })).status).toBe(304)
    const changed = await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': '"an-older-build"' })
    expect(changed.status).toBe(200)
    expect(changed.body.equals(first.body)).toBe(true)
  })
})

test('the budget: script and stylesheet together are at most 20 KB gzipped', async () => {
  const js = await rawGet('/widget/chatbot.js', { 'accept-encoding': 'gzip' })
  const css = await rawGet('/widget/chatbot.css', { 'accept-encoding': 'gzip' })
  expect(js.headers['content-encoding']).toBe('gzip')
  expect(css.headers['content-encoding']).toBe('gzip')
  const total = js.body.length + css.body.length
  console.log(`widget budget: js ${js.body.length} B + css ${css.body.length} B gzipped = ${total} B of ${BUDGET_BYTES} B`)
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
})

describe('the widget config', () => {
  test('carries an ETag and no-cache; 304 while unchanged, 200 with the new values after an edit', async () => {
    const owner = client(app.url, await subscribedToken(app, 'owner@bakery.example'))
    const id: string = (await owner.post('/api/v1.0/api-data-collection/', CREATION_BODIES['/api/v1.0/api-data-collection/'])).body.chatbot_id
    const path = `/api/v1.0/widget/${id}/`
    const first = await rawGet(path)
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(first.headers['access-control-allow-origin']).toBe('*')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(JSON.parse(first.body.toString('utf8')).chatbot_greeting).toBe('Hello! How can I help?')

    const unchanged = await rawGet(path, { 'if-none-match': etag })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body.length).toBe(0)
    expect(unchanged.headers.etag).toBe(etag)

    const edited = await owner.post(`/api/v1.0/chatbot-edit/${id}/`, { chatbot_greeting: 'Welcome back!', chatbot_color1: '#aa3300' })
    expect(edited.status).toBe(200)
    const after = await rawGet(path, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
    expect(JSON.parse(after.body.toString('utf8'))).toMatchObject({ chatbot_greeting: 'Welcome back!', chatbot_color1: '#aa3300' })
    expect((await rawGet(path, { 'if-none-match': after.headers.etag as string })).status).toBe(304)
  })

  test('an unknown chatbot is 404 with open CORS, and never cached as a config', async () => {
    const missing = await rawGet('/api/v1.0/widget/00000000-0000-4000-8000-000000000000/')
    expect(missing.status).toBe(404)
    expect(missing.headers.etag).toBeUndefined()
    expect(missing.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(missing.body.toString('utf8')).error).toBe('Chatbot not found.')
  })
})
