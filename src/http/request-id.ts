/** What the edge learns about a request on its way in, kept beside it (its headers are read-only). */
interface RequestFacts {
  id?: string
  /** The client address (client-address.ts), fixed when the request arrives. */
  clientAddress?: string | null
  /** performance.now() when the request came in. */
  startedAt?: number
  /** The status of the answer the error handler made, for the access log. */
  errorStatus?: number
}

const facts = new WeakMap<Request, RequestFacts>()

const factsOf = (request: Request): RequestFacts => {
  let found = facts.get(request)
  if (!found) {
    found = {}
    facts.set(request, found)
  }
  return found
}

export const setRequestId = (request: Request, id: string, startedAt = performance.now()): void => {
  const found = factsOf(request)
  found.id = id
  found.startedAt = startedAt
}
export const requestStartOf = (request: Request): number | undefined => facts.get(request)?.startedAt
export const requestIdOf = (request: Request): string | undefined => facts.get(request)?.id

export const setClientAddressOf = (request: Request, address: string | null): void => {
  factsOf(request).clientAddress = address
}
/** The address client-address.ts found for this request (undefined before it ran). */
export const storedClientAddressOf = (request: Request): string | null | undefined => facts.get(request)?.clientAddress

export const setErrorStatus = (request: Request, status: number): void => {
  factsOf(request).errorStatus = status
}
export const errorStatusOf = (request: Request): number | undefined => facts.get(request)?.errorStatus

/** A request rebuilt around a limited body (body-limits.ts) keeps its id and client address. */
export const carryRequestFacts = (from: Request, to: Request): void => {
  const found = facts.get(from)
  if (found) facts.set(to, found)
}
