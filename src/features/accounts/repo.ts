/** Every query on accounts and api_tokens (verification_codes: codes.ts, until its rewrite lands). */
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'
import type { AccountsTable, ApiTokensTable, VerificationCodesTable } from '../../db/schema'
import { HOT_ROW_TTL_MS, TtlCache } from '../../lib/ttl-cache'

export async function accountByEmail(db: Db, email: string): Promise<AccountsTable | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()
}

export async function accountById(db: Db, accountId: string): Promise<AccountsTable | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst()
}

/** A new unverified account; nothing when the address has one already. */
export async function insertAccountIfNew(db: Db, row: AccountsTable): Promise<void> {
  await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
}

/** A verified account for the address, created or marked verified (the grant command). */
export async function upsertVerifiedAccount(db: Db, row: AccountsTable): Promise<AccountsTable> {
  await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.column('email').doUpdateSet({ verified_at: row.verified_at }))
    .execute()
  return db.selectFrom('accounts').selectAll().where('email', '=', row.email).executeTakeFirstOrThrow()
}

export async function markVerified(db: Db, accountId: string, at: string): Promise<void> {
  await db.updateTable('accounts').set({ verified_at: at }).where('id', '=', accountId).execute()
}

/** Counts one more chatbot if the account stays within `max`; false when the allowance is used up. */
export async function countChatbotCreated(db: Db, accountId: string, max: number): Promise<boolean> {
  const counted = await db
    .updateTable('accounts')
    .set((eb) => ({ chatbots_created: eb('chatbots_created', '+', 1) }))
    .where('id', '=', accountId)
    .where('chatbots_created', '<', max)
    .executeTakeFirst()
  return Number(counted.numUpdatedRows) === 1
}

export async function insertToken(db: Db, row: ApiTokensTable): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute()
}

export async function revokeTokenRow(db: Db, accountId: string, tokenId: string, at: string): Promise<boolean> {
  const revoked = await db.updateTable('api_tokens').set({ revoked_at: at }).where('id', '=', tokenId).where('account_id', '=', accountId).executeTakeFirst()
  // Keyed by the token's hash, which is not at hand: revocations are rare, so every entry goes.
  liveTokens.clear()
  return Number(revoked.numUpdatedRows) === 1
}

export async function tokensOf(db: Db, accountId: string): Promise<Pick<ApiTokensTable, 'id' | 'label' | 'created_at' | 'revoked_at'>[]> {
  return db.selectFrom('api_tokens').select(['id', 'label', 'created_at', 'revoked_at']).where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id').execute()
}

/** The live token's account, by the token's hash (every authenticated request asks this). */
const liveTokenRow = prepared((db, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .select(['api_tokens.id as tokenId', 'accounts.id as accountId', 'accounts.email as email'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null),
)

type LiveToken = { tokenId: string; accountId: string; email: string }

/** Tokens seen live lately, by hash (unknown hashes are not kept: guessing fills nothing). */
const liveTokens = new TtlCache<string, LiveToken>(50_000, HOT_ROW_TTL_MS)

/** The account of a live (unrevoked) token, by the token's hash. */
export async function liveToken(db: Db, tokenHash: string): Promise<LiveToken | undefined> {
  return liveTokens.get(tokenHash, async () => (await liveTokenRow(db, tokenHash))[0])
}

// ---- verification and login codes (stored as MACs: codes.ts) ----

type CodeKey = Pick<VerificationCodesTable, 'email' | 'purpose'>

export async function codeIssuedAt(db: Db, key: CodeKey): Promise<string | undefined> {
  const row = await db.selectFrom('verification_codes').select('created_at').where('email', '=', key.email).where('purpose', '=', key.purpose).executeTakeFirst()
  return row?.created_at
}

/** One statement: two requests at once (on two instances) both succeed, the later code replacing the earlier. */
export async function upsertCode(db: Db, row: VerificationCodesTable): Promise<void> {
  const fresh = { id: row.id, code_hash: row.code_hash, attempts: row.attempts, expires_at: row.expires_at, created_at: row.created_at }
  await db
    .insertInto('verification_codes')
    .values(row)
    .onConflict((oc) => oc.columns(['email', 'purpose']).doUpdateSet(fresh))
    .execute()
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('id', '=', id).execute()
}

export async function codeOf(db: Db, key: CodeKey): Promise<VerificationCodesTable | undefined> {
  return db.selectFrom('verification_codes').selectAll().where('email', '=', key.email).where('purpose', '=', key.purpose).executeTakeFirst()
}

/**
 * Counts one try with a conditional increment the database applies atomically: concurrent tries (on
 * one instance or several sharing PostgreSQL) get at most `max` comparisons between them.
 */
export async function countCodeAttempt(db: Db, id: string, max: number): Promise<boolean> {
  const counted = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .executeTakeFirst()
  return Number(counted.numUpdatedRows) === 1
}

/** Counts one more login code for `day`, unless the address already had `max`: then false, and nothing changes. */
export async function countLoginCodeDay(db: Db, email: string, day: string, max: number): Promise<boolean> {
  const counted = await db
    .insertInto('login_code_days')
    .values({ email, day, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['email', 'day'])
        .doUpdateSet((eb) => ({ sent: eb('login_code_days.sent', '+', 1) }))
        .where('login_code_days.sent', '<', max),
    )
    .executeTakeFirst()
  // Earlier days count for nothing any more.
  await db.deleteFrom('login_code_days').where('day', '<', day).execute()
  return Number(counted.numInsertedOrUpdatedRows ?? 0) === 1
}
