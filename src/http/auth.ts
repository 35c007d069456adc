import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { accountForTokenHash, type AuthenticatedAccount } from '../features/accounts/service'
import { sha256 } from '../lib/ids'
import { AppError } from './errors'

export const CREDENTIALS_MISSING = 'Authentication credentials were not provided.'
export const INVALID_TOKEN = 'Invalid token.'

export type { AuthenticatedAccount }

const TOKEN_HEADER = /^(?:token|bearer)\s+(\S+)\s*$/i

/** The token of `Authorization: Token <t>` or `Bearer <t>`; undefined for any other header. */
const tokenOf = (header: string): string | undefined => TOKEN_HEADER.exec(header.trim())?.[1]

/** Reads `Authorization: Token <t>` or `Bearer <t>` and finds the live token's account. */
export async function authenticate(ctx: AppContext, header: string | null | undefined): Promise<AuthenticatedAccount> {
  if (!header || !header.trim()) throw new AppError('authentication_required', 401, CREDENTIALS_MISSING)
  const token = tokenOf(header)
  if (!token) throw new AppError('invalid_token', 401, INVALID_TOKEN)
  const row = await accountForTokenHash(ctx, sha256(token))
  if (!row) throw new AppError('invalid_token', 401, INVALID_TOKEN)
  return row
}

/**
 * Every route of a plugin that uses this answers 401 before anything else when the token is missing
 * or wrong. The header is read from the request: a hook that names Elysia's `headers` has every
 * request of the app copy all its headers into an object first (the health check's 4%).
 */
export const authGuard = (ctx: AppContext) =>
  new Elysia({ name: 'auth-guard' }).derive({ as: 'scoped' }, async ({ request }) => ({
    account: await authenticate(ctx, request.headers.get('authorization')),
  }))
