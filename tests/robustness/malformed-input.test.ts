// Findings 2 and 6 of the security review: repeated form fields are refused in linear time, and a
// malformed Host header is a 400 with an access-log line, never the runtime's 500.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { rawRequest } from '../support/raw-http'

describe('malformed input', () => {
  let app: TestApp
  let port: number
  let token: string
  beforeAll(async () => {
    app = await startTestApp()
    port = Number(new URL(app.url).port)
    token = await subscribedToken(app, 'repeats@example.com')
  })
  afterAll(() => app.stop())

  test('60,000 repeated chatbot_name fields: a 400 naming the field, and /healthz answers meanwhile', async () => {
    const body = `${'chatbot_name=x&'.repeat(60_000)}chatbot_greeting=hi`
    const started = performance.now()
    const sent = fetch(`${app.url}/api/v1.0/api-knowledge-retrieval/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
    const health = await fetch(`${app.url}/healthz`)
    expect(health.status).toBe(200)
    const reply = await sent
    expect(reply.status).toBe(400)
    const answer = (await reply.json()) as { error: string; code: string; field?: string }
    expect(answer.code).toBe('invalid_request')
    expect(answer.error).toContain('chatbot_name')
    expect(answer.field).toBe('chatbot_name')
    // Linear parsing answers in well under a second; the quadratic merge took 25 s.
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  test('the same repeats as multipart are a 400 too', async () => {
    const form = new FormData()
    for (let i = 0; i < 20_000; i++) form.append('chatbot_name', 'x')
    form.append('chatbot_greeting', 'hi')
    const reply = await fetch(`${app.url}/api/v1.0/api-knowledge-retrieval/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(reply.status).toBe(400)
    expect(((await reply.json()) as { field?: string }).field).toBe('chatbot_name')
  })

  for (const host of ['x y', '[::1', 'a@b', '']) {
    for (const path of ['/healthz', '/widget/chatbot.js']) {
      test(`Host ${JSON.stringify(host)} on ${path}: 400 in the one error model, logged`, async () => {
        const before = app.logs.length
        const reply = await rawRequest(port, { method: 'GET', path, host })
        expect(reply.status).toBe(400)
        expect((JSON.parse(reply.body) as { code: string }).code).toBe('invalid_request')
        for (let i = 0; i < 50 && !app.logs.slice(before).some((l) => l.includes('"event":"request"')); i++) await Bun.sleep(10)
        expect(app.logs.slice(before).some((l) => l.includes('"event":"request"') && l.includes('"status":400'))).toBe(true)
      })
    }
  }
})
