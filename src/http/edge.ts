/**
 * A request's admission: its id, the moment it came in, where it came from, and one count against
 * the client's limits. Done once per request, whichever way it is answered: a hot route's held
 * answer (fast-lane.ts), or the full app's request hook, which a request the fast lane could not
 * answer reaches already admitted.
 */
import { newId } from '../lib/ids'
import { requestArrived } from '../infra/memory'
import { clientAddressOf } from './client-address'
import { AppError } from './errors'
import type { RateLimiter } from './rate-limit'
import { type Entrance, recordArrival, requestIdOf, setRefusal } from './request-id'

/** Admits a request (once) and answers its id; a refusal by the limits is kept on it (`refusalOf`). */
export type Admission = (request: Request) => string

export function admission(entrance: Entrance, limiter: RateLimiter | null): Admission {
  return (request) => {
    const known = requestIdOf(request)
    if (known !== undefined) return known
    requestArrived()
    const id = newId()
    recordArrival(request, id, entrance)
    if (limiter) {
      try {
        limiter.check(clientAddressOf(request), request.headers.get('authorization'))
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        setRefusal(request, error)
      }
    }
    return id
  }
}
