/**
 * Idempotency-Key (contract 12): the first answer to a request sent with a key is kept 24 hours in
 * `idempotency_keys` (owner: infra), keyed by whose key it is and the key, so a client that retries
 * after a timeout gets that answer again instead of a second chatbot, quote or booking, across
 * restarts and instances.
 *
 * Two pieces: `captureRequestHash` (called by the app's onRequest) hashes the raw body as it
 * arrives, before any parser reads it, so JSON and multipart are compared byte for byte; and
 * `idempotent` wraps a route's handler.
 */
import { Type as T, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { Db } from '../db/database'
import { isUniqueViolation } from '../db/errors'
import type { Clock } from '../lib/clock'
import { DAY, MINUTE } from '../lib/clock'
import type { Keys } from '../infra/keys'
import { AppError, conflict } from './errors'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.'
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed.'
/** How long an answer is kept. */
export const IDEMPOTENCY_TTL_MS = DAY
/** A 'running' row this old was left by a process that died mid-request; the next retry may take it over. */
const ABANDONED_AFTER_MS = 10 * MINUTE
/** Past this many bytes the body is not hashed further (the route's own limit refuses it anyway). */
const HASH_CEILING = 64 * 1024 * 1024

/** The header as routes declare it (validation, OpenAPI and the generated client). */
export const IdempotencyHeaders = T.Object({
  [IDEMPOTENCY_HEADER]: T.Optional(
    T.String({
      minLength: 1,
      maxLength: 255,
      description: 'Any unique string (1..255 characters). A retry with the same key and body gets the first answer again (header Idempotent-Replayed: true) for 24 hours.',
    }),
  ),
})

export const idempotencyMismatch = () => new AppError('idempotency_mismatch', 409, IDEMPOTENCY_MISMATCH)

const hashes = new WeakMap<Request, Promise<string>>()

async function digest(request: Request): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256')
  hasher.update(`${request.method} ${new URL(request.url).pathname}\n`)
  if (!request.body) return hasher.digest('hex')
  let read = 0
  for await (const chunk of request.body) {
    read += chunk.byteLength
    if (read > HASH_CEILING) break
    hasher.update(chunk)
  }
  return hasher.digest('hex')
}

/** Starts hashing the raw body of a request that carries an Idempotency-Key (a tee of the body; the route still reads its own). */
export function captureRequestHash(request: Request): void {
  if (!request.headers.has(IDEMPOTENCY_HEADER) || request.method !== 'POST') return
  // A body the client abandons fails the route too; its hash is never compared.
  const hashed = digest(request.clone()).catch(() => 'unreadable')
  hashes.set(request, hashed)
}

export interface IdempotencyStore {
  db: Db
  clock: Clock
  keys: Keys
}

/** The derivation label of the key that seals stored answers: they may carry secrets (a webhook_secret), contract 14. */
const ANSWER_PURPOSE = 'idempotent-answer'

/** A stored answer's JSON; rows kept before answers were sealed are read as they are. */
const openAnswer = (keys: Keys, stored: string): string => (keys.isSealed(stored) ? keys.open(ANSWER_PURPOSE, stored) : stored)

/**
 * Forgets the stored answers of a chatbot that is gone (contract 14): its visitors' keys, and those
 * of the owner's answers that name it (one account's answers of the last 24 hours, read to find them).
 */
export async function forgetAnswersOf(store: IdempotencyStore, accountId: string, chatbotId: string): Promise<void> {
  const { db, keys } = store
  // Chatbot ids are UUIDs: nothing in the prefix is a LIKE wildcard.
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', 'like', `${visitorScope(chatbotId, '')}%`)
    .execute()
  const owned = await db.selectFrom('idempotency_keys').select(['idempotency_key', 'response_body']).where('scope', '=', accountScope(accountId)).execute()
  const naming = owned.filter((row) => row.response_body !== null && openAnswer(keys, row.response_body).includes(JSON.stringify(chatbotId)))
  for (const row of naming) {
    await db.deleteFrom('idempotency_keys').where('scope', '=', accountScope(accountId)).where('idempotency_key', '=', row.idempotency_key).execute()
  }
}

/** Whose key it is: the account, or on a public endpoint the chatbot and the visitor. */
export const accountScope = (accountId: string) => `account:${accountId}`
export const visitorScope = (chatbotId: string, visitorId: string) => `visitor:${chatbotId}:${visitorId}`

/** What a route hands over of its context: the request, and where its answer's headers and status go. */
export interface RouteExchange {
  request: Request
  set: { headers: Record<string, string | number>; status?: number | string }
}

/**
 * Runs `handle` once per (scope, key): a retry with the same request replays the stored answer, one
 * with another request is refused, one while the first still runs is refused. A failure is not
 * kept: nothing was created, and the client may retry once it has fixed the cause.
 * `answer` is the route's success model, so what is stored is exactly what was sent.
 */
export async function idempotent<R>(store: IdempotencyStore, exchange: RouteExchange, scope: string, answer: TSchema, handle: () => Promise<R>): Promise<R> {
  const { request, set } = exchange
  const key = request.headers.get(IDEMPOTENCY_HEADER)
  if (key === null) return handle()
  const requestHash = await (hashes.get(request) ?? digest(request))
  const { db, clock } = store
  const now = clock.now()
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).execute()
  const claim = {
    scope,
    idempotency_key: key,
    request_hash: requestHash,
    state: 'running' as const,
    response_status: null,
    response_body: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
  }
  try {
    await db.insertInto('idempotency_keys').values(claim).execute()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const kept = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('idempotency_key', '=', key).executeTakeFirst()
    if (!kept) throw conflict(IDEMPOTENCY_IN_PROGRESS) // it failed and was let go just now: the client retries
    if (kept.request_hash !== requestHash) throw idempotencyMismatch()
    if (kept.state === 'done' && kept.response_status !== null && kept.response_body !== null) {
      set.status = kept.response_status
      set.headers[REPLAYED_HEADER] = 'true'
      // Stored as the route's model cleaned it, so it is the same answer once more.
      return JSON.parse(openAnswer(store.keys, kept.response_body)) as R
    }
    const abandoned = now.getTime() - Date.parse(kept.created_at) > ABANDONED_AFTER_MS
    if (!abandoned) throw conflict(IDEMPOTENCY_IN_PROGRESS)
    // Compare-and-set on created_at, so two retries cannot both take over the abandoned claim.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ created_at: claim.created_at, expires_at: claim.expires_at })
      .where('scope', '=', scope)
      .where('idempotency_key', '=', key)
      .where('state', '=', 'running')
      .where('created_at', '=', kept.created_at)
      .returning('scope')
      .executeTakeFirst()
    if (!taken) throw conflict(IDEMPOTENCY_IN_PROGRESS)
  }
  let result: R
  try {
    result = await handle()
  } catch (error) {
    await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('idempotency_key', '=', key).where('state', '=', 'running').execute()
    throw error
  }
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: 200, response_body: store.keys.seal(ANSWER_PURPOSE, JSON.stringify(Value.Clean(answer, structuredClone(result)))) })
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .execute()
  return result
}

/** For a route's `detail.successHeaders`: the header a replayed answer carries. */
export const REPLAYED_HEADER_DOC = { [REPLAYED_HEADER]: { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.' } }
