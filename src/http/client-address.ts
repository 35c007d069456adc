import { isIP } from 'node:net'
import { arrivedRequestOf, type Entrance, entranceOf, setClientAddressOf, storedClientAddressOf } from './request-id'

/**
 * The X-Forwarded-For entry `hops` places from the right: each trusted proxy appends the address it
 * saw, so the entry the outermost trusted proxy wrote is the client. Entries to its left were sent by
 * the client itself and prove nothing. A header shorter than the chain means a proxy was skipped: its
 * leftmost entry is then the best there is. An entry that is no IP address is ignored: no proxy
 * writes one, and a made-up name per request would make every request a new client.
 */
export function forwardedClient(header: string | null, hops: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => isIP(entry) !== 0)
  if (entries.length === 0) return null
  return entries[entries.length - hops] ?? entries[0]
}

/**
 * Contract 11: the client address is the socket address, or, with TRUST_PROXY set, the
 * X-Forwarded-For entry TRUST_PROXY hops from the right. Worked out on first use (a route with a
 * limit, the limiter) and kept: the health check and the widget's files never ask.
 */
export function clientAddressOf(request: Request): string | null {
  const stored = storedClientAddressOf(request)
  if (stored !== undefined) return stored
  const address = clientAddressAt(entranceOf(request), arrivedRequestOf(request), request)
  setClientAddressOf(request, address)
  return address
}

/** The client address of a request as it came in through `entrance` (`headersOf`: a rebuilt copy with the same headers), not kept. */
export function clientAddressAt(entrance: Entrance | undefined, arrived: Request, headersOf: Request = arrived): string | null {
  const socket = entrance?.sockets.requestIP(arrived)?.address ?? null
  const trustProxy = entrance?.trustProxy ?? 0
  return trustProxy > 0 ? (forwardedClient(headersOf.headers.get('x-forwarded-for'), trustProxy) ?? socket) : socket
}

/** The client address as a limit's subject: every request without a known address shares one counter. */
export const addressForLimits = (request: Request): string => clientAddressOf(request) ?? 'unknown'
