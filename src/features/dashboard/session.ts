import type { AppContext } from '../../context'
import { DAY } from '../../lib/clock'
import { newToken, sha256 } from '../../lib/ids'
import { cookieHeader, cookieName, isHttps, readCookie } from './cookies'

/** A sign-in lasts a week at most; signing out ends it at once. */
export const SESSION_TTL_MS = 7 * DAY

export interface Viewer {
  accountId: string
  email: string
  csrf: string
  /** The cookie value, to end this session on sign-out. */
  sessionToken: string
}

const sessionCookie = (ctx: AppContext) => cookieName('dashboard_session', isHttps(ctx.config.publicUrl))

/** Starts a session for a signed-in account; returns the Set-Cookie header value. */
export async function startSession(ctx: AppContext, accountId: string): Promise<string> {
  const token = newToken()
  const now = ctx.clock.now()
  // Expired rows are swept here, the one place sessions are written.
  await ctx.db.deleteFrom('dashboard_sessions').where('expires_at', '<=', now.toISOString()).execute()
  await ctx.db
    .insertInto('dashboard_sessions')
    .values({
      id_hash: sha256(token),
      account_id: accountId,
      csrf_token: newToken(),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    })
    .execute()
  ctx.log.info('dashboard.signed_in', { account_id: accountId })
  return cookieHeader(sessionCookie(ctx), token, { secure: isHttps(ctx.config.publicUrl), maxAge: SESSION_TTL_MS / 1000 })
}

/** The signed-in account of a request, or null when there is no live session. */
export async function currentViewer(ctx: AppContext, request: Request): Promise<Viewer | null> {
  const token = readCookie(request, sessionCookie(ctx))
  if (!token) return null
  const row = await ctx.db
    .selectFrom('dashboard_sessions')
    .innerJoin('accounts', 'accounts.id', 'dashboard_sessions.account_id')
    .select(['accounts.id as accountId', 'accounts.email as email', 'dashboard_sessions.csrf_token as csrf'])
    .where('dashboard_sessions.id_hash', '=', sha256(token))
    .where('dashboard_sessions.expires_at', '>', ctx.clock.now().toISOString())
    .executeTakeFirst()
  return row ? { ...row, sessionToken: token } : null
}

/** Ends the session; returns the Set-Cookie header value that clears the cookie. */
export async function endSession(ctx: AppContext, viewer: Viewer): Promise<string> {
  await ctx.db.deleteFrom('dashboard_sessions').where('id_hash', '=', sha256(viewer.sessionToken)).execute()
  ctx.log.info('dashboard.signed_out', { account_id: viewer.accountId })
  return cookieHeader(sessionCookie(ctx), '', { secure: isHttps(ctx.config.publicUrl), maxAge: 0 })
}
