import { afterAll, beforeAll, expect, test } from 'bun:test'
import { checkDestination, FetchFailed, FetchRefused, type HostResolver, SafeFetchError, safeFetch, systemResolver } from '../../src/features/training/safe-fetch.ts'
import { selfSignedCertificate } from '../support/tls.ts'

// Everything here stays on loopback: 127.0.0.1 plays "our own network", 127.0.0.2 plays a
// public site (reached as public.test through an injected resolver and address rule).
const PRIVATE_IP = '127.0.0.1'
const PUBLIC_LOOKALIKE_IP = '127.0.0.2'

let local: ReturnType<typeof Bun.serve>
let lookalike: ReturnType<typeof Bun.serve>
let secretHits = 0
const hangingRequests: (() => void)[] = []

const MiB = 1024 * 1024

beforeAll(() => {
  local = Bun.serve({
    hostname: PRIVATE_IP,
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/page') {
        return new Response('<title>Hi</title><p>hello</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } })
      }
      if (pathname === '/secret') {
        secretHits++
        return new Response('internal secret')
      }
      const hop = pathname.match(/^\/r\/(\d+)$/)
      if (hop) {
        const left = Number(hop[1])
        if (left === 0) return new Response('end of chain', { headers: { 'content-type': 'text/plain' } })
        return new Response(null, { status: 302, headers: { location: `/r/${left - 1}` } })
      }
      if (pathname === '/missing') return new Response('nope', { status: 404 })
      if (pathname === '/broken') return new Response('oops', { status: 500 })
      if (pathname === '/hang') return new Promise<Response>((resolve) => hangingRequests.push(() => resolve(new Response('late'))))
      if (pathname === '/slow-body') {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('first bytes...'))
            hangingRequests.push(() => controller.close())
          },
        })
        return new Response(stream)
      }
      if (pathname === '/big') return new Response(new Uint8Array(2 * MiB))
      if (pathname === '/endless') {
        // No Content-Length and no end: only our byte count can stop it.
        let sent = 0
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += 64 * 1024
            if (sent > 64 * MiB)
              controller.close() // safety net for a broken implementation
            else controller.enqueue(new Uint8Array(64 * 1024))
          },
        })
        return new Response(stream)
      }
      if (pathname === '/exact') return new Response(new Uint8Array(1024))
      return new Response('not found', { status: 404 })
    },
  })
  lookalike = Bun.serve({
    hostname: PUBLIC_LOOKALIKE_IP,
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/host') return new Response(`host=${request.headers.get('host')}`)
      if (pathname === '/to-private-ip') return Response.redirect(`http://${PRIVATE_IP}:${local.port}/secret`, 302)
      if (pathname === '/to-localhost') return Response.redirect(`http://localhost:${local.port}/secret`, 301)
      if (pathname === '/to-file') return Response.redirect('file:///etc/passwd', 302)
      if (pathname === '/relative') return new Response(null, { status: 307, headers: { location: '/host' } })
      return new Response('not found', { status: 404 })
    },
  })
})

afterAll(() => {
  for (const release of hangingRequests) {
    try {
      release()
    } catch {
      // the client already went away and the stream is closed: nothing to release
    }
  }
  local.stop(true)
  lookalike.stop(true)
})

const localUrl = (path: string) => `http://${PRIVATE_IP}:${local.port}${path}`
const publicUrl = (path: string) => `http://public.test:${lookalike.port}${path}`

/** public.test resolves to 127.0.0.2, and only that address counts as public, for these tests. */
const resolvePublicTest: HostResolver = async (host) => (host === 'public.test' ? [PUBLIC_LOOKALIKE_IP] : systemResolver(host))
const asIfPublic = {
  allowPrivate: false,
  resolve: resolvePublicTest,
  isAllowedAddress: (ip: string) => ip === PUBLIC_LOOKALIKE_IP,
}

async function failureOf(work: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await work
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError)
    return error as SafeFetchError
  }
  throw new Error('expected safeFetch to fail')
}

test('fetches a local page when private addresses are allowed', async () => {
  const result = await safeFetch(localUrl('/page'), { allowPrivate: true })
  expect(result.status).toBe(200)
  expect(result.contentType).toBe('text/html; charset=utf-8')
  expect(new TextDecoder().decode(result.body)).toBe('<title>Hi</title><p>hello</p>')
  expect(result.finalUrl).toBe(localUrl('/page'))
})

test('refuses 127.0.0.1 when private addresses are not allowed', async () => {
  const error = await failureOf(safeFetch(localUrl('/secret'), { allowPrivate: false }))
  expect(error).toBeInstanceOf(FetchRefused)
  expect(error.reason).toBe('address not allowed')
  expect(secretHits).toBe(0)
})

test('refuses a host name that resolves to loopback (localhost)', async () => {
  const error = await failureOf(safeFetch(`http://localhost:${local.port}/secret`, { allowPrivate: false }))
  expect(error).toBeInstanceOf(FetchRefused)
  expect(error.reason).toBe('address not allowed')
  expect(secretHits).toBe(0)
})

test('refuses other spellings of loopback that the URL parser normalises', async () => {
  for (const host of ['2130706433', '0x7f.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0']) {
    const error = await failureOf(safeFetch(`http://${host}:${local.port}/secret`, { allowPrivate: false }))
    expect(error).toBeInstanceOf(FetchRefused)
  }
  expect(secretHits).toBe(0)
})

test('refuses schemes other than http and https', async () => {
  for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1/', 'not a url']) {
    expect(await failureOf(safeFetch(url, { allowPrivate: true }))).toBeInstanceOf(FetchRefused)
  }
})

test('connects to the checked address with the Host header of the name', async () => {
  const lookups: string[] = []
  const result = await safeFetch(publicUrl('/host'), {
    ...asIfPublic,
    resolve: async (host) => {
      lookups.push(host)
      return resolvePublicTest(host)
    },
  })
  expect(new TextDecoder().decode(result.body)).toBe(`host=public.test:${lookalike.port}`)
  expect(result.finalUrl).toBe(publicUrl('/host'))
  // One lookup per hop and no second resolution by fetch: a rebinding answer is never asked for.
  expect(lookups).toEqual(['public.test'])
})

test('a name with any non-public answer is refused, even if another answer is public', async () => {
  const error = await failureOf(safeFetch(publicUrl('/host'), { ...asIfPublic, resolve: async () => [PUBLIC_LOOKALIKE_IP, PRIVATE_IP] }))
  expect(error.reason).toBe('address not allowed')
})

test('a redirect from an allowed host to a private address is refused at that hop', async () => {
  const error = await failureOf(safeFetch(publicUrl('/to-private-ip'), asIfPublic))
  expect(error).toBeInstanceOf(FetchRefused)
  expect(error.reason).toBe('address not allowed')
  expect(error.url).toBe(localUrl('/secret'))
  expect(secretHits).toBe(0)
})

test('a redirect from an allowed host to localhost is refused at that hop', async () => {
  const error = await failureOf(safeFetch(publicUrl('/to-localhost'), asIfPublic))
  expect(error).toBeInstanceOf(FetchRefused)
  expect(error.reason).toBe('address not allowed')
  expect(secretHits).toBe(0)
})

test('a redirect to another scheme is refused', async () => {
  expect((await failureOf(safeFetch(publicUrl('/to-file'), asIfPublic))).reason).toStartWith('unsupported scheme file')
})

test('relative redirects resolve against the name, not the address', async () => {
  const result = await safeFetch(publicUrl('/relative'), asIfPublic)
  expect(result.finalUrl).toBe(publicUrl('/host'))
  expect(new TextDecoder().decode(result.body)).toBe(`host=public.test:${lookalike.port}`)
})

test('the per-hop guard can be used on its own', async () => {
  expect(await checkDestination(publicUrl('/x'), asIfPublic)).toEqual({
    url: new URL(publicUrl('/x')),
    address: PUBLIC_LOOKALIKE_IP,
  })
  await expect(checkDestination(localUrl('/x'), asIfPublic)).rejects.toBeInstanceOf(FetchRefused)
  const unknown = await checkDestination('http://no-such-host.invalid/', { allowPrivate: true }).catch((e: unknown) => e)
  expect(unknown).toBeInstanceOf(FetchFailed)
  expect((unknown as FetchFailed).reason).toBe('host not found: no-such-host.invalid')
})

test('three redirects are followed; a fourth is refused', async () => {
  const result = await safeFetch(localUrl('/r/3'), { allowPrivate: true })
  expect(new TextDecoder().decode(result.body)).toBe('end of chain')
  expect(result.finalUrl).toBe(localUrl('/r/0'))

  const error = await failureOf(safeFetch(localUrl('/r/4'), { allowPrivate: true }))
  expect(error).toBeInstanceOf(FetchFailed)
  expect(error.reason).toBe('too many redirects')
  expect((await failureOf(safeFetch(localUrl('/r/1'), { allowPrivate: true, maxRedirects: 0 }))).reason).toBe('too many redirects')
})

test('a server that never answers times out', async () => {
  const started = performance.now()
  const error = await failureOf(safeFetch(localUrl('/hang'), { allowPrivate: true, timeoutMs: 300 }))
  expect(error).toBeInstanceOf(FetchFailed)
  expect(error.reason).toBe('timed out after 0.3 s')
  expect(performance.now() - started).toBeLessThan(3_000)
})

test('a body that stalls halfway times out too', async () => {
  const error = await failureOf(safeFetch(localUrl('/slow-body'), { allowPrivate: true, timeoutMs: 300 }))
  expect(error.reason).toBe('timed out after 0.3 s')
})

test('a DNS lookup that never answers times out, described in whole seconds', async () => {
  const never: HostResolver = () => new Promise(() => {})
  const error = await failureOf(safeFetch('http://slow.test/', { allowPrivate: true, resolve: never, timeoutMs: 1_000 }))
  expect(error.reason).toBe('timed out after 1 s')
})

test('a body larger than the limit is refused, declared or streamed', async () => {
  const declared = await failureOf(safeFetch(localUrl('/big'), { allowPrivate: true, maxBytes: MiB }))
  expect(declared).toBeInstanceOf(FetchFailed)
  expect(declared.reason).toBe('larger than 1 MiB')

  const streamed = await failureOf(safeFetch(localUrl('/endless'), { allowPrivate: true }))
  expect(streamed.reason).toBe('larger than 5 MiB')

  const exact = await safeFetch(localUrl('/exact'), { allowPrivate: true, maxBytes: 1024 })
  expect(exact.body.byteLength).toBe(1024)
  expect((await failureOf(safeFetch(localUrl('/exact'), { allowPrivate: true, maxBytes: 1023 }))).reason).toBe('larger than 1023 bytes')
})

test('a non-2xx answer fails with its status', async () => {
  const notFound = await failureOf(safeFetch(localUrl('/missing'), { allowPrivate: true }))
  expect(notFound).toBeInstanceOf(FetchFailed)
  expect(notFound.reason).toBe('HTTP 404')
  expect((notFound as FetchFailed).status).toBe(404)
  expect((await failureOf(safeFetch(localUrl('/broken'), { allowPrivate: true }))).reason).toBe('HTTP 500')
})

test('a closed port fails to connect', async () => {
  const closed = Bun.serve({ hostname: PRIVATE_IP, port: 0, fetch: () => new Response('') })
  const port = closed.port
  closed.stop(true)
  const error = await failureOf(safeFetch(`http://${PRIVATE_IP}:${port}/`, { allowPrivate: true }))
  expect(error).toBeInstanceOf(FetchFailed)
  expect(error.reason).toStartWith('could not connect')
})

test('https: dials the checked address but verifies the certificate against the name', async () => {
  const tls = selfSignedCertificate('public.test')
  const server = Bun.serve({
    hostname: PUBLIC_LOOKALIKE_IP,
    port: 0,
    tls,
    fetch: (request) => new Response(`tls host=${request.headers.get('host')}`),
  })
  try {
    const result = await safeFetch(`https://public.test:${server.port}/`, { ...asIfPublic, ca: tls.cert })
    expect(new TextDecoder().decode(result.body)).toBe(`tls host=public.test:${server.port}`)

    // Same address, another name: the certificate does not match, so the request fails.
    const mismatch = await failureOf(safeFetch(`https://other.test:${server.port}/`, { ...asIfPublic, resolve: async () => [PUBLIC_LOOKALIKE_IP], ca: tls.cert }))
    expect(mismatch).toBeInstanceOf(FetchFailed)
    expect(mismatch.reason).toContain('could not connect')
  } finally {
    server.stop(true)
  }
})
