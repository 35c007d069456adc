import type { AppContext } from '../../context'
import { accountEmail } from '../accounts/service'
import { deleteSession, insertSession, liveSession } from './repo'
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
  await insertSession(
    ctx.db,
    {
      id_hash: sha256(token),
      account_id: accountId,
      csrf_token: newToken(),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    },
    now.toISOString(),
  )
  ctx.log.info('dashboard.signed_in', { account_id: accountId })
  return cookieHeader(sessionCookie(ctx), token, { secure: isHttps(ctx.config.publicUrl), maxAge: SESSION_TTL_MS / 1000 })
}

/** The signed-in account of a request, or null when there is no live session. */
export async function currentViewer(ctx: AppContext, request: Request): Promise<Viewer | null> {
  const token = readCookie(request, sessionCookie(ctx))
  if (!token) return null
  const session = await liveSession(ctx.db, sha256(token), ctx.clock.now().toISOString())
  const email = session && (await accountEmail(ctx.db, session.account_id))
  return session && email !== undefined ? { accountId: session.account_id, email, csrf: session.csrf_token, sessionToken: token } : null
}

/** Ends the session; returns the Set-Cookie header value that clears the cookie. */
export async function endSession(ctx: AppContext, viewer: Viewer): Promise<string> {
  await deleteSession(ctx.db, sha256(viewer.sessionToken))
  ctx.log.info('dashboard.signed_out', { account_id: viewer.accountId })
  return cookieHeader(sessionCookie(ctx), '', { secure: isHttps(ctx.config.publicUrl), maxAge: 0 })
}
