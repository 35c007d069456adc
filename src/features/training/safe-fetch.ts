import { lookup } from 'node:dns/promises'
import { isIP, isIPv4, isIPv6 } from 'node:net'

export const DEFAULT_MAX_REDIRECTS = 3
export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024

/** Both failures carry `reason`, one human phrase ("HTTP 404", "timed out after 15 s"). */
export abstract class SafeFetchError extends Error {
  abstract readonly kind: 'refused' | 'failed'
  constructor(
    readonly reason: string,
    /** The URL of the hop that failed, which after a redirect is not the one asked for. */
    readonly url: string,
  ) {
    super(reason)
  }
}

/** The reason given for a destination the guard refuses (contract 13: it names no address). */
export const ADDRESS_NOT_ALLOWED = 'address not allowed'

/** We chose not to fetch: scheme or destination address not allowed. */
export class FetchRefused extends SafeFetchError {
  override readonly name = 'FetchRefused'
  readonly kind = 'refused'
  constructor(
    reason: string,
    url: string,
    /** The address that was refused: for the operator's log, never for the reason shown to a user. */
    readonly refusedAddress?: string,
  ) {
    super(reason, url)
  }
}

/** We tried and it did not work: DNS, connection, timeout, size, redirects, HTTP status. */
export class FetchFailed extends SafeFetchError {
  override readonly name = 'FetchFailed'
  readonly kind = 'failed'
  constructor(
    reason: string,
    url: string,
    readonly status?: number,
  ) {
    super(reason, url)
  }
}

/** Host name to IP addresses; the default asks the system resolver for every address. */
export type HostResolver = (hostname: string) => Promise<string[]>

export interface DestinationGuard {
  /** Skip the address check (ALLOW_PRIVATE_LINKS=true: tests scraping a local server). */
  allowPrivate: boolean
  resolve?: HostResolver
  /** Which resolved addresses may be contacted; default isPublicAddress. */
  isAllowedAddress?: (ip: string) => boolean
}

export interface SafeFetchOptions extends DestinationGuard {
  maxRedirects?: number
  /** For the whole chain: DNS, every hop and the body. */
  timeoutMs?: number
  maxBytes?: number
  /** Trusted CA certificates (PEM) for https hops instead of the system store; for tests and private CAs. */
  ca?: string
  userAgent?: string
}

export interface SafeFetchResult {
  finalUrl: string
  status: number
  contentType: string
  body: Uint8Array
}

export interface CheckedDestination {
  url: URL
  /** The address that passed the check; the connection goes here and nowhere else. */
  address: string
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const DEFAULT_USER_AGENT = 'ChatbotServiceBot/1.0 (training links)'

export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true })
  return answers.map((a) => a.address)
}

/**
 * The per-hop guard: only http(s), and every address the name resolves to must be allowed.
 * Checking all of them (not just the one we use) refuses names that mix public and private answers.
 */
export async function checkDestination(rawUrl: string | URL, guard: DestinationGuard): Promise<CheckedDestination> {
  const label = String(rawUrl)
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    throw new FetchRefused('not a valid URL', label)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(`unsupported scheme ${url.protocol.replace(/:$/, '')}: only http and https are fetched`, label)
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : await resolveHost(host, guard.resolve ?? systemResolver, label)
  if (!guard.allowPrivate) {
    const isAllowed = guard.isAllowedAddress ?? isPublicAddress
    const refused = addresses.find((ip) => !isAllowed(ip))
    // The reason reaches the link's owner (chatbot-link-status): what an internal name resolves to stays here.
    if (refused !== undefined) throw new FetchRefused(ADDRESS_NOT_ALLOWED, label, refused)
  }
  return { url, address: addresses[0] }
}

async function resolveHost(host: string, resolve: HostResolver, label: string): Promise<string[]> {
  let addresses: string[]
  try {
    addresses = await resolve(host)
  } catch {
    throw new FetchFailed(`host not found: ${host}`, label)
  }
  const valid = addresses.filter((a) => isIP(a) !== 0)
  if (valid.length === 0) throw new FetchFailed(`host not found: ${host}`, label)
  return valid
}

/**
 * GET a user-supplied URL without letting it reach our own network. Bun's fetch has no DNS
 * hook, so each hop is resolved and checked here, then fetched by address with the Host
 * header and TLS server name of the original name: a second DNS answer (rebinding) is never asked for.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), timeoutMs)
  let currentUrl = url
  try {
    for (let redirects = 0; ; redirects++) {
      const destination = await withDeadline(checkDestination(currentUrl, opts), deadline.signal)
      const response = await requestByAddress(destination, opts, deadline.signal)
      const location = response.headers.get('location')
      if (REDIRECT_STATUSES.has(response.status) && location !== null) {
        await response.body?.cancel().catch(() => {})
        if (redirects >= maxRedirects) throw new FetchFailed('too many redirects', currentUrl)
        currentUrl = resolveLocation(location, destination.url, currentUrl)
        continue
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => {})
        throw new FetchFailed(`HTTP ${response.status}`, currentUrl, response.status)
      }
      const body = await readBounded(response, maxBytes, currentUrl)
      return {
        finalUrl: destination.url.href,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body,
      }
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error
    if (deadline.signal.aborted) throw new FetchFailed(`timed out after ${formatSeconds(timeoutMs)} s`, currentUrl)
    throw new FetchFailed(`could not connect: ${describe(error)}`, currentUrl)
  } finally {
    clearTimeout(timer)
  }
}

async function requestByAddress({ url, address }: CheckedDestination, opts: SafeFetchOptions, signal: AbortSignal): Promise<Response> {
  const target = new URL(url.href)
  target.hostname = isIPv6(address) ? `[${address}]` : address
  target.username = ''
  target.password = ''
  const hostIsName = !isIPv4(url.hostname) && !url.hostname.startsWith('[')
  return fetch(target, {
    method: 'GET',
    redirect: 'manual',
    signal,
    headers: {
      Host: url.host,
      'User-Agent': opts.userAgent ?? DEFAULT_USER_AGENT,
      Accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.5',
    },
    // The certificate must match the name the user gave, not the address we dialled.
    tls: url.protocol === 'https:' ? { serverName: hostIsName ? url.hostname : undefined, ca: opts.ca } : undefined,
    // A proxy would resolve the name again, and a pooled socket could serve another name.
    proxy: false,
    keepalive: false,
  })
}

function resolveLocation(location: string, base: URL, currentUrl: string): string {
  try {
    return new URL(location, base).href
  } catch {
    throw new FetchFailed('redirect to an invalid URL', currentUrl)
  }
}

/** Streams the body and stops as soon as it passes the limit, whatever Content-Length claimed. */
async function readBounded(response: Response, maxBytes: number, currentUrl: string): Promise<Uint8Array> {
  const tooLarge = () => new FetchFailed(`larger than ${formatBytes(maxBytes)}`, currentUrl)
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    parts.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    body.set(part, offset)
    offset += part.byteLength
  }
  return body
}

/** DNS lookups ignore abort signals; race them against the deadline instead. */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'))
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10)
}

function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} bytes`
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code
    return typeof code === 'string' ? code : error.message
  }
  return String(error)
}

// ---- Address classification -------------------------------------------------------------

/**
 * True only for addresses on the public internet: what a server may fetch on behalf
 * of a user without reaching into its own network. Anything unparsable is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, '')
  if (isIPv4(address)) return isPublicIPv4(parseIPv4(address))
  if (isIPv6(address)) return isPublicIPv6(parseIPv6(address))
  return false
}

/** IPv4 special-purpose ranges (RFC 6890 and the IANA registry) that are not globally reachable. */
const NON_PUBLIC_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
]

const NON_PUBLIC_IPV4_NETS = NON_PUBLIC_IPV4.map(([base, bits]) => ({
  base: parseIPv4(base),
  mask: bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0,
}))

function isPublicIPv4(value: number): boolean {
  return !NON_PUBLIC_IPV4_NETS.some(({ base, mask }) => (value & mask) >>> 0 === base)
}

function parseIPv4(address: string): number {
  return address.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0)
}

/** Eight 16-bit groups. */
type IPv6Groups = number[]

function parseIPv6(input: string): IPv6Groups {
  let address = input.split('%')[0] // a zone id only ever qualifies a link-local address
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const dotted = address.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted) {
    const v4 = parseIPv4(dotted[1])
    address = address.slice(0, -dotted[1].length) + `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const [head, tail] = address.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0')
  return [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g, 16))
}

function embeddedIPv4(groups: IPv6Groups, firstGroup: number): number {
  return ((groups[firstGroup] << 16) | groups[firstGroup + 1]) >>> 0
}

function startsWith(groups: IPv6Groups, prefix: number[]): boolean {
  return prefix.every((g, i) => groups[i] === g)
}

/**
 * Allow-list: only global unicast (2000::/3) minus its special ranges, plus the forms that
 * carry an IPv4 address (mapped, NAT64, 6to4), judged by that IPv4 address.
 */
function isPublicIPv6(groups: IPv6Groups): boolean {
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated)
  if (startsWith(groups, [0, 0, 0, 0, 0, 0xffff]) || startsWith(groups, [0, 0, 0, 0, 0xffff, 0])) {
    return isPublicIPv4(embeddedIPv4(groups, 6))
  }
  // 64:ff9b::/96, the well-known NAT64 prefix
  if (startsWith(groups, [0x64, 0xff9b, 0, 0, 0, 0])) return isPublicIPv4(embeddedIPv4(groups, 6))
  // 2002::/16, 6to4: the IPv4 address follows the prefix
  if (groups[0] === 0x2002) return isPublicIPv4(embeddedIPv4(groups, 1))

  if ((groups[0] & 0xe000) !== 0x2000) return false // not global unicast: ::1, ::, fc00::/7, fe80::/10, ff00::/8...
  if (groups[0] === 0x2001 && groups[1] < 0x200) return false // 2001::/23 IETF protocol assignments (Teredo...)
  if (groups[0] === 0x2001 && groups[1] === 0xdb8) return false // documentation
  if ((groups[0] & 0xfff0) === 0x3ff0) return false // 3fff::/20 documentation
  return true
}
