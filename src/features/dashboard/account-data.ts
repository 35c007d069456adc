/**
 * Token listing and ownership for the account page. accounts/service has createToken and
 * revokeToken but nothing to list an account's tokens; these two reads would move there.
 */
import type { AppContext } from '../../context'
import { forbidden } from '../../http/errors'

export interface TokenRow {
  id: string
  label: string
  created_at: string
  revoked_at: string | null
}

export async function listTokens(ctx: AppContext, accountId: string): Promise<TokenRow[]> {
  return ctx.db
    .selectFrom('api_tokens')
    .select(['id', 'label', 'created_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** revokeToken trusts its caller; the dashboard must first prove the token is this account's. */
export async function requireOwnToken(ctx: AppContext, accountId: string, tokenId: string): Promise<void> {
  const row = await ctx.db.selectFrom('api_tokens').select('account_id').where('id', '=', tokenId).executeTakeFirst()
  if (!row || row.account_id !== accountId) throw forbidden()
}
