import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import type { Db } from '../db/database'
import { sha256 } from '../lib/ids'
import { clientAddressOf } from './client-address'
import { type AppError, rateLimited } from './errors'

export const TOO_MANY_REQUESTS = 'Too many requests, please slow down.'

const WINDOW_MS = 60_000

const tooMany = (windowStart: number, at: number): AppError => rateLimited(TOO_MANY_REQUESTS, Math.max(1, Math.ceil((windowStart + WINDOW_MS - at) / 1000)))

/** The counters one request touches: its address and its token (hashed), each with its limit. */
function keysOf(limits: { perIp: number; perToken: number }, ip: string | null, authorization: string | null): { key: string; limit: number }[] {
  const keys: { key: string; limit: number }[] = []
  if (limits.perIp > 0 && ip) keys.push({ key: `ip:${ip}`, limit: limits.perIp })
  const token = authorization?.trim().split(/\s+/)[1]
  if (limits.perToken > 0 && token) keys.push({ key: `token:${sha256(token)}`, limit: limits.perToken })
  return keys
}

/**
 * Fixed one-minute windows per client address and per token, in memory: enough for one instance
 * (the SQLite deployment). A limit of 0 turns that check off.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>()

  constructor(
    private limits: { perIp: number; perToken: number },
    private now: () => number = Date.now,
  ) {}

  check(ip: string | null, authorization: string | null): void {
    const at = this.now()
    for (const { key, limit } of keysOf(this.limits, ip, authorization)) this.hit(key, limit, at)
  }

  private hit(key: string, limit: number, at: number): void {
    let window = this.windows.get(key)
    if (!window || at - window.start >= 60_000) {
      if (this.windows.size > 100_000) this.sweep(at)
      window = { start: at, count: 0 }
      this.windows.set(key, window)
    }
    window.count++
    if (window.count > limit) throw tooMany(window.start, at)
  }

  private sweep(at: number): void {
    for (const [key, window] of this.windows) if (at - window.start >= 60_000) this.windows.delete(key)
  }
}

/**
 * The same windows kept in the `rate_limits` table, so every instance sharing a PostgreSQL
 * database counts against one limit. One upsert per request counts all its keys: a key whose
 * window is over starts a new one at 1, otherwise its count goes up by one.
 */
export class SharedRateLimiter {
  private lastSweep = 0

  constructor(
    private db: Db,
    private limits: { perIp: number; perToken: number },
    private now: () => number = Date.now,
  ) {}

  async check(ip: string | null, authorization: string | null): Promise<void> {
    const keys = keysOf(this.limits, ip, authorization)
    if (keys.length === 0) return
    const at = this.now()
    const over = new Date(at - WINDOW_MS).toISOString()
    const rows = await this.db
      .insertInto('rate_limits')
      .values(keys.map(({ key }) => ({ key, window_start: new Date(at).toISOString(), hits: 1 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const expired = eb('rate_limits.window_start', '<=', over)
          return {
            hits: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limits.hits', '+', 1))
              .end(),
            window_start: eb.case().when(expired).then(eb.ref('excluded.window_start')).else(eb.ref('rate_limits.window_start')).end(),
          }
        }),
      )
      .returning(['key', 'window_start', 'hits'])
      .execute()
    if (at - this.lastSweep >= WINDOW_MS) {
      this.lastSweep = at
      // Windows over for a minute are dead weight; any instance may clear them (the longer windows'
      // counters of countInWindow carry expires_at and are swept by it).
      void this.db
        .deleteFrom('rate_limits')
        .where('expires_at', 'is', null)
        .where('window_start', '<=', new Date(at - 2 * WINDOW_MS).toISOString())
        .execute()
        .catch(() => {})
    }
    for (const row of rows) {
      const limit = keys.find((k) => k.key === row.key)!.limit
      if (row.hits > limit) throw tooMany(Date.parse(row.window_start), at)
    }
  }
}

/**
 * The request-limit check for this deployment: with DATABASE_URL (possibly several instances)
 * the counters live in the database; on SQLite the in-memory RateLimiter that createApp runs
 * does the job and this plugin adds nothing.
 */
export function sharedRateLimit(ctx: AppContext) {
  const plugin = new Elysia()
  if (!sharedLimits(ctx)) return plugin
  const limiter = new SharedRateLimiter(ctx.db, ctx.config.rateLimit, () => ctx.clock.now().getTime())
  return plugin.onRequest(async ({ request }) => {
    await limiter.check(clientAddressOf(request), request.headers.get('authorization'))
  })
}

/** The request limits are counted in the database (DATABASE_URL, with a limit on): every request awaits its count. */
export function sharedLimits(ctx: AppContext): boolean {
  const { perIp, perToken } = ctx.config.rateLimit
  return ctx.config.databaseUrl !== null && (perIp > 0 || perToken > 0)
}

/** The in-memory limiter when the counters need not be shared (SQLite, one instance), else null; null too when every limit is off. */
export function localRateLimiter(ctx: AppContext): RateLimiter | null {
  const { perIp, perToken } = ctx.config.rateLimit
  if (ctx.config.databaseUrl || (perIp <= 0 && perToken <= 0)) return null
  return new RateLimiter(ctx.config.rateLimit, () => ctx.clock.now().getTime())
}

/** A fixed window of contract 11's limits: the current UTC hour, or the current UTC day. */
export type LimitWindow = 'hour' | 'day'

const HOUR_MS = 3_600_000
const WINDOW_LENGTH: Record<LimitWindow, number> = { hour: HOUR_MS, day: 24 * HOUR_MS }

/**
 * One hit on `subject` (a client address or an e-mail, scoped by the caller to a chatbot) under the
 * limit `name`, in the current UTC hour or day; past `limit` hits, 429 with Retry-After until the
 * window ends. The counter is a `rate_limits` row keyed by limit, subject and window, so every
 * instance on a shared database counts against one limit and a restart forgets nothing; one atomic
 * upsert counts, so concurrent requests cannot slip past. A limit of 0 turns the check off.
 */
export async function countInWindow(db: Db, now: Date, limit: { name: string; subject: string; max: number; window: LimitWindow }): Promise<void> {
  if (limit.max <= 0) return
  const length = WINDOW_LENGTH[limit.window]
  const at = now.getTime()
  const start = Math.floor(at / length) * length
  const end = start + length
  const row = await db
    .insertInto('rate_limits')
    .values({
      key: `${limit.name}:${limit.subject}:${new Date(start).toISOString()}`,
      window_start: new Date(start).toISOString(),
      hits: 1,
      expires_at: new Date(end).toISOString(),
    })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow()
  sweepNowAndThen(db, now)
  if (row.hits > limit.max) throw rateLimited(TOO_MANY_REQUESTS, Math.max(1, Math.ceil((end - at) / 1000)))
}

const SWEEP_EVERY_MS = 10 * 60_000
const lastSweepOf = new WeakMap<Db, number>()

/** Every ten minutes (by the clock the counts use) the finished windows are cleared, in the background. */
function sweepNowAndThen(db: Db, now: Date): void {
  // Not inside a caller's transaction: the sweep is nobody's business but its own.
  if (db.isTransaction) return
  const at = now.getTime()
  if (at - (lastSweepOf.get(db) ?? 0) < SWEEP_EVERY_MS) return
  lastSweepOf.set(db, at)
  void sweepExpiredCounters(db, now).catch(() => {})
}

/** Drops the longer windows' counters whose window is over (run now and then by countInWindow, and by the uploads' expiry job). */
export async function sweepExpiredCounters(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).execute()
}
