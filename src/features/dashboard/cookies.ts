/** Minimal cookie reading and writing for the dashboard (its cookies only; no signing, values are random). */

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return decodedOrNull(part.slice(eq + 1).trim())
  }
  return null
}

/** Contract 14: a malformed cookie (`%` alone, a bad escape) is ignored, never a 500; the dashboard's own values are plain. */
function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

export interface CookieOptions {
  secure: boolean
  /** Seconds; 0 deletes the cookie. Omitted: a browser-session cookie. */
  maxAge?: number
}

/** HttpOnly and SameSite=Lax always; Secure when the service is served over https. */
export function cookieHeader(name: string, value: string, opts: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`)
  if (opts.secure) parts.push('Secure')
  return parts.join('; ')
}

/** `__Host-` binds the cookie to this exact host and path; browsers accept the prefix only with Secure. */
export const cookieName = (base: string, secure: boolean) => (secure ? `__Host-${base}` : base)

export const isHttps = (publicUrl: string) => publicUrl.startsWith('https:')
