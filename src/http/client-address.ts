import { setClientAddressOf, storedClientAddressOf } from './request-id'

/** What Bun's server offers for a request's socket (Elysia hands it to every hook as `server`). */
export interface SocketInfo {
  requestIP(request: Request): { address: string } | null
}

/**
 * The X-Forwarded-For entry `hops` places from the right: each trusted proxy appends the address it
 * saw, so the entry the outermost trusted proxy wrote is the client. Entries to its left were sent by
 * the client itself and prove nothing. A header shorter than the chain means a proxy was skipped: its
 * leftmost entry is then the best there is.
 */
export function forwardedClient(header: string | null, hops: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return null
  return entries[entries.length - hops] ?? entries[0]
}

/**
 * Contract 11: the client address is the socket address, or, with TRUST_PROXY set, the
 * X-Forwarded-For entry TRUST_PROXY hops from the right. Worked out once per request and kept.
 */
export function clientAddress(request: Request, server: SocketInfo | null | undefined, trustProxy: number): string | null {
  const stored = storedClientAddressOf(request)
  if (stored !== undefined) return stored
  const socket = server?.requestIP(request)?.address ?? null
  const address = trustProxy > 0 ? (forwardedClient(request.headers.get('x-forwarded-for'), trustProxy) ?? socket) : socket
  setClientAddressOf(request, address)
  return address
}

/** The address clientAddress() found when the request came in (null when unknown). */
export const clientAddressOf = (request: Request): string | null => storedClientAddressOf(request) ?? null

/** The client address as a limit's subject: every request without a known address shares one counter. */
export const addressForLimits = (request: Request, server: SocketInfo | null | undefined, trustProxy: number): string => clientAddress(request, server, trustProxy) ?? 'unknown'
