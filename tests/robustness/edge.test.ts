// The edge: what the access log records, the routed path under short Host headers, and the
// client address behind TRUST_PROXY proxies.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { clientAddressOf, forwardedClient } from '../../src/http/client-address'
import { carryRequestFacts, recordArrival } from '../../src/http/request-id'
import { TOO_MANY_REQUESTS } from '../../src/http/rate-limit'
import { MiB } from '../../src/http/body-limits'
import { startTestApp, type TestApp } from '../support/app'
import { bodyPieces, rawRequest } from '../support/raw-http'

interface AccessLine {
  event: string
  request_id: string
  path: string
  status: number
}

const accessLines = (app: TestApp): AccessLine[] => app.logs.map((line) => JSON.parse(line) as AccessLine).filter((line) => line.event === 'request')

/** The access-log line of the answer with this x-request-id (written once the answer is sent). */
async function accessLineOf(app: TestApp, requestId: string): Promise<AccessLine> {
  for (let i = 0; i < 100; i++) {
    const found = accessLines(app).find((line) => line.request_id === requestId)
    if (found) return found
    await Bun.sleep(10)
  }
  throw new Error(`no access-log line for ${requestId}`)
}

describe('access log and routed path', () => {
  let app: TestApp
  let port: number
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_PER_IP: '40' })
    port = Number(new URL(app.url).port)
  })
  afterAll(() => app.stop())

  test('a 413 refused before any route ran is logged as 413', async () => {
    const reply = await rawRequest(port, {
      path: '/api/v1.0/login/',
      headers: { 'content-type': 'application/json' },
      chunked: true,
      body: bodyPieces('{"email_address":"', 3 * MiB),
    })
    expect(reply.status).toBe(413)
    expect(await accessLineOf(app, reply.headers['x-request-id'])).toMatchObject({ path: '/api/v1.0/login/', status: 413 })
    const declared = await rawRequest(port, {
      path: '/api/v1.0/login/',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * MiB) },
      body: bodyPieces('{', 2 * MiB),
    })
    expect(declared.status).toBe(413)
    expect((await accessLineOf(app, declared.headers['x-request-id'])).status).toBe(413)
  })

  test('a Host of one to three characters does not shift the routed path, and the log names the path routed', async () => {
    for (const host of ['a', 'ab', 'abc']) {
      // With Elysia's default the path was read from the 11th character on: for Host "a" the
      // router saw "/healthz" here while limits, CORS and the log saw "/zzzz/healthz".
      const shifted = await rawRequest(port, { method: 'GET', path: '/zzzz/healthz', host })
      expect(shifted.status).toBe(404)
      expect(await accessLineOf(app, shifted.headers['x-request-id'])).toMatchObject({ path: '/zzzz/healthz', status: 404 })
      const straight = await rawRequest(port, { method: 'GET', path: '/healthz', host })
      expect(straight.status).toBe(200)
      expect(await accessLineOf(app, straight.headers['x-request-id'])).toMatchObject({ path: '/healthz', status: 200 })
    }
    // The body limit goes by the routed path too.
    const login = await rawRequest(port, {
      path: '/api/v1.0/login/',
      host: 'a',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * MiB) },
      body: bodyPieces('{', 2 * MiB),
    })
    expect(login.status).toBe(413)
  })

  test('a 429 is logged as 429', async () => {
    let limited: Awaited<ReturnType<typeof rawRequest>> | null = null
    for (let i = 0; i < 60 && !limited; i++) {
      const reply = await rawRequest(port, { method: 'GET', path: '/healthz' })
      if (reply.status === 429) limited = reply
    }
    expect(limited).not.toBeNull()
    expect(JSON.parse(limited!.body).error).toBe(TOO_MANY_REQUESTS)
    expect(await accessLineOf(app, limited!.headers['x-request-id'])).toMatchObject({ path: '/healthz', status: 429 })
  })
})

test('the X-Forwarded-For entry TRUST_PROXY hops from the right is the client', () => {
  expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7')
  expect(forwardedClient('spoofed, 203.0.113.7', 1)).toBe('203.0.113.7')
  expect(forwardedClient('spoofed, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7')
  expect(forwardedClient('203.0.113.7', 2)).toBe('203.0.113.7')
  expect(forwardedClient(' , ', 1)).toBeNull()
  expect(forwardedClient(null, 1)).toBeNull()
})

test('a body-limited copy of a request takes its client address from the socket the request came in on', () => {
  const arrived = new Request('http://127.0.0.1/api/v1.0/chat/x/', { method: 'POST', body: 'a' })
  recordArrival(arrived, 'request id', { sockets: { requestIP: (request) => (request === arrived ? { address: '192.0.2.9' } : null) }, trustProxy: 0 })
  const bounded = new Request(arrived.url, { method: 'POST', body: 'a' })
  carryRequestFacts(arrived, bounded)
  expect(clientAddressOf(bounded)).toBe('192.0.2.9')
})

describe('per-address request limit by client address', () => {
  /** Requests to /healthz with this X-Forwarded-For until the first 429; how many got through. */
  async function allowedFor(app: TestApp, forwardedFor: string | null): Promise<number> {
    const port = Number(new URL(app.url).port)
    for (let i = 0; i < 10; i++) {
      const reply = await rawRequest(port, { method: 'GET', path: '/healthz', headers: forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor } })
      if (reply.status === 429) {
        expect(reply.headers['retry-after']).toMatch(/^\d+$/)
        return i
      }
    }
    return 10
  }

  test('TRUST_PROXY unset: X-Forwarded-For is ignored, the socket address counts', async () => {
    const app = await startTestApp({ RATE_LIMIT_PER_IP: '3' })
    try {
      expect(await allowedFor(app, '198.51.100.1')).toBe(3)
      // Another claimed address changes nothing: it is still this socket.
      expect(await allowedFor(app, '198.51.100.2')).toBe(0)
    } finally {
      await app.stop()
    }
  })

  test('TRUST_PROXY=1: the rightmost entry is the client; what the client wrote to its left is not', async () => {
    const app = await startTestApp({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '1' })
    try {
      expect(await allowedFor(app, 'forged-1, 198.51.100.1')).toBe(3)
      // Rotating the forged part does not make a new client.
      expect(await allowedFor(app, 'forged-2, 198.51.100.1')).toBe(0)
      // Another client behind the same proxy has its own count.
      expect(await allowedFor(app, '198.51.100.2')).toBe(3)
    } finally {
      await app.stop()
    }
  })

  test('TRUST_PROXY=2: the entry two hops from the right is the client', async () => {
    const app = await startTestApp({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '2' })
    try {
      expect(await allowedFor(app, 'forged, 198.51.100.1, 10.0.0.5')).toBe(3)
      // The same client through the other front proxy: the same count.
      expect(await allowedFor(app, '198.51.100.1, 10.0.0.6')).toBe(0)
      // A different client two hops out: its own count.
      expect(await allowedFor(app, '198.51.100.9, 10.0.0.5')).toBe(3)
    } finally {
      await app.stop()
    }
  })
})
