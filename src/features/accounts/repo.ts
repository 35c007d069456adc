/** Every query on accounts and api_tokens (verification_codes: codes.ts, until its rewrite lands). */
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'
import type { AccountsTable, ApiTokensTable } from '../../db/schema'

export async function accountByEmail(db: Db, email: string): Promise<AccountsTable | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()
}

export async function accountById(db: Db, accountId: string): Promise<AccountsTable | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst()
}

/** A new unverified account; nothing when the address has one already. */
export async function insertAccountIfNew(db: Db, row: AccountsTable): Promise<void> {
  await db.insertInto('accounts').values(row).onConflict((oc) => oc.column('email').doNothing()).execute()
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
  return Number(revoked.numUpdatedRows) === 1
}

export async function tokensOf(db: Db, accountId: string): Promise<Pick<ApiTokensTable, 'id' | 'label' | 'created_at' | 'revoked_at'>[]> {
  return db.selectFrom('api_tokens').select(['id', 'label', 'created_at', 'revoked_at']).where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id').execute()
}

/** The live token's account, by the token's hash (every authenticated request asks this). */
export const liveToken = prepared((db, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .select(['api_tokens.id as tokenId', 'accounts.id as accountId', 'accounts.email as email'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null),
)
