import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { prepared } from '../db/prepared'
import { sha256 } from '../lib/ids'
import { AppError } from './errors'

export const CREDENTIALS_MISSING = 'Authentication credentials were not provided.'
export const INVALID_TOKEN = 'Invalid token.'

export interface AuthenticatedAccount {
  accountId: string
  email: string
  tokenId: string
}

/** Reads `Authorization: Token <t>` or `Bearer <t>` and finds the live token's account. */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<AuthenticatedAccount> {
  if (!header || !header.trim()) throw new AppError('authentication_required', 401, CREDENTIALS_MISSING)
  const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header.trim())
  if (!match) throw new AppError('invalid_token', 401, INVALID_TOKEN)
  const [row] = await liveToken(ctx.db, sha256(match[1]))
  if (!row) throw new AppError('invalid_token', 401, INVALID_TOKEN)
  return row
}

const liveToken = prepared((db, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .select(['api_tokens.id as tokenId', 'accounts.id as accountId', 'accounts.email as email'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null),
)

/** Every route of a plugin that uses this answers 401 before anything else when the token is missing or wrong. */
export const authGuard = (ctx: AppContext) =>
  new Elysia({ name: 'auth-guard' }).derive({ as: 'scoped' }, async ({ headers }) => ({
    account: await authenticate(ctx, headers.authorization),
  }))
