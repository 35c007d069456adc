// Contract 11: a route that takes a large body (creation and edit, up to 5 MiB) lets the caller in
// before it reads the body: an anonymous, unsubscribed or foreign caller is answered from the
// headers while it is still sending, and an admitted one has the same body read as before.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { CREATION_BODY_LIMIT, LIMITED_PATHS, MiB } from '../../src/http/body-limits'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'
import { bodyPieces, rawRequest } from '../support/raw-http'
import { signIn } from '../dashboard/browser-client'
import { createApp } from '../../src/app'

let app: TestApp
let port: number
let token: string
let otherToken: string
let chatbotId: string

const CREATION = '/api/v1.0/api-knowledge-retrieval/'
const json = { 'content-type': 'application/json' }
/** Nearly 5 MiB of a JSON body, declared up front: within the limit, so only its caller can get it refused. */
const bigJson = () => bodyPieces('{"chatbot_instructions":"', CREATION_BODY_LIMIT - 1024)
const declared = { ...json, 'content-length': String(CREATION_BODY_LIMIT - 1024) }
/**
 * 40 MiB streamed with no declared length: more than the socket buffers hold, so `sentAll: false`
 * means the server answered without reading it, and a server that read it would have answered 413
 * at 5 MiB, not 401 or 403.
 */
const STREAMED = 40 * MiB
const streamedJson = () => bodyPieces('{"chatbot_instructions":"', STREAMED)

beforeAll(async () => {
  app = await startTestApp()
  port = Number(new URL(app.url).port)
  token = await subscribedToken(app, 'owner@limits.example')
  otherToken = await subscribedToken(app, 'other@limits.example')
  chatbotId = (await client(app.url, token).post(CREATION, CREATION_BODIES[CREATION])).body.chatbot_id
})
afterAll(() => app.stop())

test('an anonymous 5 MiB creation body is refused with 401 before it is read, declared or chunked', async () => {
  const sized = await rawRequest(port, { path: CREATION, headers: declared, body: bigJson() })
  expect(sized.status).toBe(401)
  const chunked = await rawRequest(port, { path: CREATION, headers: json, chunked: true, body: streamedJson() })
  expect(chunked.status).toBe(401)
  expect(chunked.sentAll).toBe(false)
  // A wrong token is no better.
  const forged = await rawRequest(port, { path: CREATION, headers: { ...json, authorization: 'Token not-a-token' }, chunked: true, body: streamedJson() })
  expect(forged.status).toBe(401)
  expect(forged.sentAll).toBe(false)
  // Multipart creation (a logo) waits for the token too.
  const multipart = await rawRequest(port, {
    path: CREATION,
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    chunked: true,
    body: bodyPieces('--b\r\nContent-Disposition: form-data; name="business_logo"; filename="l.png"\r\n\r\n', STREAMED),
  })
  expect(multipart.status).toBe(401)
  expect(multipart.sentAll).toBe(false)
})

test("a 5 MiB edit of another account's chatbot is refused with 403 before it is read; the owner's edit is read", async () => {
  const foreign = await rawRequest(port, {
    path: `/api/v1.0/chatbot-edit/${chatbotId}/`,
    headers: { ...json, authorization: `Token ${otherToken}` },
    chunked: true,
    body: streamedJson(),
  })
  expect(foreign.status).toBe(403)
  expect(foreign.sentAll).toBe(false)
  const sized = await rawRequest(port, { path: `/api/v1.0/chatbot-edit/${chatbotId}/`, headers: { ...declared, authorization: `Token ${otherToken}` }, body: bigJson() })
  expect(sized.status).toBe(403)

  const edited = await client(app.url, token).post(`/api/v1.0/chatbot-edit/${chatbotId}/`, { chatbot_instructions: 'Read after the ownership check.' })
  expect(edited.status).toBe(200)
  expect((await client(app.url, token).get(`/api/v1.0/chatbot-get/${chatbotId}/`)).body.chatbot_instructions).toBe('Read after the ownership check.')
})

test('an admitted creation is read as before: JSON, multipart and a body past 5 MiB (413)', async () => {
  const api = client(app.url, token)
  expect((await api.post(CREATION, { ...CREATION_BODIES[CREATION], chatbot_name: 'Deferred JSON' })).status).toBe(200)
  const form = new FormData()
  for (const [key, value] of Object.entries({ ...CREATION_BODIES[CREATION], chatbot_name: 'Deferred form' })) form.append(key, String(value))
  expect((await api.form(CREATION, form)).status).toBe(200)
  const tooBig = await rawRequest(port, {
    path: CREATION,
    headers: { ...json, authorization: `Token ${token}` },
    chunked: true,
    body: bodyPieces('{"chatbot_instructions":"', CREATION_BODY_LIMIT + MiB),
  })
  expect(tooBig.status).toBe(413)
  const names = (await api.get('/api/v1.0/chatbot-list/')).body.chatbots.map((c: { chatbot_name: string }) => c.chatbot_name)
  expect(names).toContain('Deferred JSON')
  expect(names).toContain('Deferred form')
})

test('a dashboard creation form is read only for a signed-in session', async () => {
  const anonymous = await rawRequest(port, {
    path: '/dashboard/chatbots/new/knowledge-retrieval/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    chunked: true,
    body: bodyPieces('chatbot_name=', STREAMED),
  })
  expect(anonymous.status).toBe(303)
  expect(anonymous.headers.location).toBe('/dashboard/login/')
  expect(anonymous.sentAll).toBe(false)

  // Signed in, the same kind of form is read (and its CSRF token checked).
  const { client: browser, csrf } = await signIn(app, 'owner@limits.example')
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const refused = await fetch(`${app.url}/dashboard/chatbots/new/knowledge-retrieval/`, {
    method: 'POST',
    headers: { cookie, origin: new URL(app.url).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: 'wrong', chatbot_name: 'x' }),
    redirect: 'manual',
  })
  expect(refused.status).toBe(403)
  const taken = await fetch(`${app.url}/dashboard/chatbots/new/knowledge-retrieval/`, {
    method: 'POST',
    headers: { cookie, origin: new URL(app.url).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, chatbot_name: 'From the dashboard', chatbot_greeting: 'Hi', business_industry: 'Bakery', chatbot_instructions: 'Ask' }),
    redirect: 'manual',
  })
  expect(taken.status).toBe(303)
  expect(taken.headers.get('location')).toStartWith('/dashboard/chatbots/')
  expect((await client(app.url, token).get('/api/v1.0/chatbot-list/')).body.chatbots.map((c: { chatbot_name: string }) => c.chatbot_name)).toContain('From the dashboard')
})

test('the dashboard settings form (posted to /edit/) gets the 5 MiB limit and is read only for a signed-in session', async () => {
  // 2 MiB declared: over the 1 MiB JSON limit, within the edit form's 5 MiB, so only the session check can refuse it.
  const anonymous = await rawRequest(port, {
    path: `/dashboard/chatbots/${chatbotId}/edit/`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(2 * MiB) },
    body: bodyPieces('chatbot_name=', 2 * MiB),
  })
  expect(anonymous.status).toBe(303)
  expect(anonymous.headers.location).toBe('/dashboard/login/')
})

test('every path of the body-size table names a POST route the app declares', () => {
  const posts = createApp(app.ctx)
    .routes.filter((r) => r.method === 'POST')
    .map((r) => r.path.replace(/:[^/]+/g, 'x'))
  for (const pattern of LIMITED_PATHS) expect(posts.filter((p) => pattern.test(p.endsWith('/') ? p : `${p}/`))).not.toEqual([])
})
