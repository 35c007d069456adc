import { createHash } from 'node:crypto'
import { HttpError } from './errors'

export const TOO_MANY_REQUESTS = 'Too many requests, please slow down.'

/**
 * Fixed one-minute windows per client address and per token, in memory: enough for one instance.
 * A limit of 0 turns that check off.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>()

  constructor(private limits: { perIp: number; perToken: number }, private now: () => number = Date.now) {}

  check(ip: string | null, authorization: string | null): void {
    const at = this.now()
    if (this.limits.perIp > 0 && ip) this.hit(`ip:${ip}`, this.limits.perIp, at)
    const token = authorization?.trim().split(/\s+/)[1]
    if (this.limits.perToken > 0 && token) this.hit(`token:${createHash('sha256').update(token).digest('hex')}`, this.limits.perToken, at)
  }

  private hit(key: string, limit: number, at: number): void {
    let window = this.windows.get(key)
    if (!window || at - window.start >= 60_000) {
      if (this.windows.size > 100_000) this.sweep(at)
      window = { start: at, count: 0 }
      this.windows.set(key, window)
    }
    window.count++
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + 60_000 - at) / 1000))
      throw new HttpError(429, TOO_MANY_REQUESTS, undefined, { 'retry-after': String(retryAfter) })
    }
  }

  private sweep(at: number): void {
    for (const [key, window] of this.windows) if (at - window.start >= 60_000) this.windows.delete(key)
  }
}
