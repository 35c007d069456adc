import type { AppError } from './errors'

/** What Bun's server offers for a request's socket. */
export interface SocketInfo {
  requestIP(request: Request): { address: string } | null
}

/** The listening server and how many proxies before it to trust: one per app, shared by its requests (client-address.ts). */
export interface Entrance {
  sockets: SocketInfo
  trustProxy: number
}

/** What the edge learns about a request on its way in, kept beside it (its headers are read-only). */
interface RequestFacts {
  id?: string
  /** Where it came in: its client address is worked out from this on first use. */
  entrance?: Entrance
  /** The request as the server handed it over: a body-limited copy (body-limits.ts) has no socket. */
  arrived?: Request
  /** The client address (client-address.ts), worked out once. */
  clientAddress?: string | null
  /** performance.now() when the request came in. */
  startedAt?: number
  /** The status of the answer the error handler made, for the access log. */
  errorStatus?: number
  /** The client's limits refused it when it was admitted (edge.ts). */
  refusal?: AppError
}

/**
 * Kept on the request itself under a private symbol: a WeakMap entry per request was 12% of the
 * health check's time under load (its table grows until a collection sweeps it).
 */
const FACTS = Symbol('request facts')
type WithFacts = Request & { [FACTS]?: RequestFacts }

const factsOf = (request: Request): RequestFacts => {
  const own = request as WithFacts
  let found = own[FACTS]
  if (!found) {
    found = {}
    own[FACTS] = found
  }
  return found
}
const storedFactsOf = (request: Request): RequestFacts | undefined => (request as WithFacts)[FACTS]

/** A request comes in: its id, the moment, and the entrance its client address is read from. */
export const recordArrival = (request: Request, id: string, entrance: Entrance): void => {
  const found = factsOf(request)
  found.id = id
  found.startedAt = performance.now()
  found.entrance = entrance
  found.arrived = request
}
export const entranceOf = (request: Request): Entrance | undefined => storedFactsOf(request)?.entrance
export const arrivedRequestOf = (request: Request): Request => storedFactsOf(request)?.arrived ?? request
export const requestStartOf = (request: Request): number | undefined => storedFactsOf(request)?.startedAt
export const requestIdOf = (request: Request): string | undefined => storedFactsOf(request)?.id

export const setClientAddressOf = (request: Request, address: string | null): void => {
  factsOf(request).clientAddress = address
}
/** The address client-address.ts found for this request (undefined before it ran). */
export const storedClientAddressOf = (request: Request): string | null | undefined => storedFactsOf(request)?.clientAddress

export const setRefusal = (request: Request, refusal: AppError): void => {
  factsOf(request).refusal = refusal
}
export const refusalOf = (request: Request): AppError | undefined => storedFactsOf(request)?.refusal

export const setErrorStatus = (request: Request, status: number): void => {
  factsOf(request).errorStatus = status
}
export const errorStatusOf = (request: Request): number | undefined => storedFactsOf(request)?.errorStatus

/** A request rebuilt around a limited body (body-limits.ts) keeps its id and client address. */
export const carryRequestFacts = (from: Request, to: Request): void => {
  const found = storedFactsOf(from)
  if (found) (to as WithFacts)[FACTS] = found
}
