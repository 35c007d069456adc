// The hot routes' held answers (src/http/fast-lane.ts): once memory holds what a route checks,
// Bun's router answers it without the full app, with the same bytes and headers the full route
// sends; anything memory cannot vouch for goes to the full app, which refuses as it always did.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createApp, createServedApp } from '../../src/app'
import { FEATURE_ROUTES } from '../../src/features'
import { admission } from '../../src/http/edge'
import { fastLane } from '../../src/http/fast-lane'
import { client, subscribedToken, startTestApp, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { METHOD_NOT_ALLOWED } from '../../src/http/errors'

let app: TestApp
let token: string
let otherToken: string
let id: string
let appointmentId: string

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'held@example.com')
  otherToken = await subscribedToken(app, 'held-other@example.com')
  id = (await createChatbot(app, token, 'business')).id
  appointmentId = (await createChatbot(app, token, 'appointment')).id
})
afterAll(() => app.stop())

interface HotRoute {
  route: string
  url: string
  params: Record<string, string>
  headers: Record<string, string>
}

const hot = (): HotRoute[] => [
  { route: '/api/v1.0/widget/:uniqueId/', url: path.widget(id), params: { uniqueId: id }, headers: {} },
  { route: '/widget/chatbot.js', url: '/widget/chatbot.js', params: {}, headers: { 'accept-encoding': 'br' } },
  { route: '/widget/chatbot.css', url: '/widget/chatbot.css', params: {}, headers: { 'accept-encoding': 'gzip' } },
  { route: '/healthz', url: '/healthz', params: {}, headers: {} },
]

/** Headers that differ per answer whichever way it is made. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'content-length'])
const sameParts = async (response: Response) => ({
  status: response.status,
  body: new Uint8Array(await response.arrayBuffer()),
  headers: [...response.headers].filter(([name]) => !PER_ANSWER.has(name)).sort(),
})

/** The lane over an app's context, with a full app that only records what reached it. */
function laneRecordingFallbacks(on: TestApp = app) {
  const fallbacks: string[] = []
  const held = [{ path: '/healthz', answer: () => undefined }, ...FEATURE_ROUTES.flatMap((feature) => feature.heldRoutes?.(on.ctx) ?? [])]
  const lane = fastLane(
    {
      fetch(request) {
        fallbacks.push(new URL(request.url).pathname)
        return new Response('the full app', { status: 299 })
      },
    },
    held,
    admission({ sockets: { requestIP: () => null }, trustProxy: 0 }, null),
  )
  const ask = (route: string, url: string, params: Record<string, string>, headers: Record<string, string>) =>
    lane[route].GET(Object.assign(new Request(on.url + url, { headers }), { params })) as Response
  return { fallbacks, ask }
}

test('each hot route answers over HTTP the same status, bytes and headers as its full route', async () => {
  const full = createApp(app.ctx)
  for (const { url, headers } of hot()) {
    // The first request loads what the route reads; the second is answered from memory.
    await fetch(app.url + url, { headers })
    const served = await fetch(app.url + url, { headers, decompress: false } as RequestInit)
    const fromFull = await full.handle(new Request(app.url + url, { headers }))
    expect(served.status).toBe(200)
    expect(served.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await sameParts(served)).toEqual(await sameParts(fromFull))
  }
})

test('the server is given a held answer for each hot route', () => {
  expect(Object.keys(createServedApp(app.ctx).heldRoutes).sort()).toEqual(
    hot()
      .map((h) => h.route)
      .sort(),
  )
})

test('once memory holds what a route checks, the lane answers without the full app', async () => {
  for (const { url, headers } of hot()) await fetch(app.url + url, { headers })
  const { fallbacks, ask } = laneRecordingFallbacks()
  for (const { route, url, params, headers } of hot().filter((h) => h.route !== '/healthz')) {
    const answer = ask(route, url, params, headers)
    expect([route, answer.status]).toEqual([route, 200])
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  }
  expect(fallbacks).toEqual([])
})

test('what memory cannot vouch for goes to the full app: an unknown chatbot, a calendar config; chatbot-get is not held', async () => {
  await client(app.url).get(path.widget(appointmentId))
  const { fallbacks, ask } = laneRecordingFallbacks()
  const config = '/api/v1.0/widget/:uniqueId/'
  expect(ask(config, path.widget(UNKNOWN_ID), { uniqueId: UNKNOWN_ID }, {}).status).toBe(299)
  // An appointment chatbot's config lists its calendars, read afresh for each request.
  expect(ask(config, path.widget(appointmentId), { uniqueId: appointmentId }, {}).status).toBe(299)
  expect(fallbacks).toEqual([path.widget(UNKNOWN_ID), path.widget(appointmentId)])
  // An owner's routes go through the one guard: over HTTP it refuses another owner and no token.
  expect((await client(app.url, otherToken).get(path.get(id))).status).toBe(403)
  expect((await client(app.url).get(path.get(id))).status).toBe(401)
})

test("a held widget config ends with its owner's subscription period, by the business clock", async () => {
  const own = await startTestApp()
  try {
    const subscriber = await subscribedToken(own, 'held-period@example.com')
    const bot = (await createChatbot(own, subscriber, 'business')).id
    await fetch(own.url + path.widget(bot))
    const { fallbacks, ask } = laneRecordingFallbacks(own)
    const config = '/api/v1.0/widget/:uniqueId/'
    expect(ask(config, path.widget(bot), { uniqueId: bot }, {}).status).toBe(200)
    // Past the period's end (a month for the default plan), with the subscription still held in memory.
    own.clock.advance(40 * 86_400_000)
    expect(ask(config, path.widget(bot), { uniqueId: bot }, {}).status).toBe(299)
    expect(fallbacks).toEqual([path.widget(bot)])
    expect((await client(own.url).get(path.widget(bot))).status).toBe(403)
  } finally {
    await own.stop()
  }
})

test('a HEAD of a held file has its headers and its length, without the body', async () => {
  await fetch(`${app.url}/widget/chatbot.css`)
  const get = await fetch(`${app.url}/widget/chatbot.css`, { headers: { 'accept-encoding': 'br' }, decompress: false } as RequestInit)
  const bytes = (await get.arrayBuffer()).byteLength
  const head = await fetch(`${app.url}/widget/chatbot.css`, { method: 'HEAD', headers: { 'accept-encoding': 'br' }, decompress: false } as RequestInit)
  expect([head.status, head.headers.get('etag'), head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([
    200,
    get.headers.get('etag'),
    String(bytes),
    0,
  ])
})

test('other methods on a held path reach the app: the widget config preflight, and 405 for a POST to chatbot-get', async () => {
  const preflight = await fetch(app.url + path.widget(id), { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' } })
  expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-methods')]).toEqual([204, '*', 'GET, POST, OPTIONS'])
  const posted = await client(app.url, token).post(path.get(id), {})
  expect([posted.status, posted.body.code, posted.body.error]).toEqual([405, 'method_not_allowed', METHOD_NOT_ALLOWED])
})
