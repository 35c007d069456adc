import type { AppContext } from '../../context'
import { newToken, sameHash, sha256 } from '../../lib/ids'
import { cookieHeader, cookieName, isHttps, readCookie } from './cookies'

/** Every dashboard form carries this hidden field. */
export const CSRF_FIELD = '_csrf'

/** Compares in constant time (through hashes, so lengths need not match). */
export function tokensMatch(expected: string, submitted: unknown): boolean {
  return typeof submitted === 'string' && submitted !== '' && sameHash(sha256(expected), sha256(submitted))
}

/**
 * Before sign-in there is no session to tie a token to, so the sign-in and sign-up forms use a
 * double-submit cookie instead: a random HttpOnly cookie whose value the form must echo. A
 * cross-site page can neither read nor set it.
 */
const preAuthCookie = (ctx: AppContext) => cookieName('dashboard_csrf', isHttps(ctx.config.publicUrl))

export function preAuthToken(ctx: AppContext, request: Request): { token: string; setCookie: string | null } {
  const existing = readCookie(request, preAuthCookie(ctx))
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, setCookie: null }
  const token = newToken()
  return { token, setCookie: cookieHeader(preAuthCookie(ctx), token, { secure: isHttps(ctx.config.publicUrl) }) }
}

export function preAuthValid(ctx: AppContext, request: Request, submitted: unknown): boolean {
  const expected = readCookie(request, preAuthCookie(ctx))
  return !!expected && tokensMatch(expected, submitted)
}
