/**
 * A request's admission: its id, the moment it came in, where it came from, and one count against
 * the client's limits. Done once per request, whichever way it is answered: a hot route's held
 * answer (fast-lane.ts), or the full app's request hook, which a request the fast lane could not
 * answer reaches already admitted.
 */
import { newId } from '../lib/ids'
import { clientAddressAt, clientAddressOf } from './client-address'
import { AppError } from './errors'
import type { RateLimiter } from './rate-limit'
import { type Entrance, recordArrival, requestIdOf, setRefusal } from './request-id'

export interface Admission {
  /** The full app's way in: admits a request (once) and answers its id; a refusal by the limits is kept on it (`refusalOf`). */
  full(request: Request): string
  /**
   * A held answer's way in, with the id its answer carries: true when the limits let it through.
   * Nothing is kept on the request then (a held answer needs none of it); a refused request is
   * recorded as admitted, with its refusal, for the full app to answer without counting it again.
   */
  held(request: Request, id: string): boolean
}

export function admission(entrance: Entrance, limiter: RateLimiter | null): Admission {
  return {
    full(request) {
      const known = requestIdOf(request)
      if (known !== undefined) return known
      const id = newId()
      recordArrival(request, id, entrance)
      const refusal = limiter && refusalBy(limiter, clientAddressOf(request), request)
      if (refusal) setRefusal(request, refusal)
      return id
    },
    held(request, id) {
      const refusal = limiter && refusalBy(limiter, clientAddressAt(entrance, request), request)
      if (!refusal) return true
      recordArrival(request, id, entrance)
      setRefusal(request, refusal)
      return false
    },
  }
}

/** One count of the request against its client's limits: the refusal when it is over one. */
function refusalBy(limiter: RateLimiter, address: string | null, request: Request): AppError | undefined {
  try {
    limiter.check(address, request.headers.get('authorization'))
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return error
  }
}
