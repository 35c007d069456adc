import { Html } from '@elysiajs/html'

/**
 * Escaping rules of this folder (Kitajs runtime): text children are NOT escaped by default, so
 * every element whose children are user text carries `safe`, mixed text goes through `text()`,
 * and every attribute value built from user data goes through `attr()` (Kitajs escapes only `"`
 * in attributes, which would let `&lt;` in a stored value decode on its way into a form).
 */
export const text = (value: unknown): string => Html.escapeHtml(value === null || value === undefined ? '' : String(value))
export const attr = text

export type Markup = JSX.Element

/** Kitajs elements are strings, or promises of strings when a component is async. */
export const render = async (element: Markup): Promise<string> => `<!doctype html>\n${await element}`

/** Headers every dashboard page carries: no caching of account data, no framing by other sites. */
export function pageHeaders(publicUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': [
      "default-src 'self'",
      `img-src 'self' data: ${new URL(publicUrl).origin}`,
      "script-src 'self'",
      "style-src 'self'",
      "frame-src 'self'",
      "frame-ancestors 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join('; '),
    ...extra,
  }
}

export async function htmlPage(publicUrl: string, element: Markup, status = 200, extra: Record<string, string> = {}): Promise<Response> {
  return new Response(await render(element), { status, headers: pageHeaders(publicUrl, extra) })
}

/** Post/redirect/get: every successful form answers 303 to a page. */
export const seeOther = (location: string, extra: Record<string, string> = {}) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...extra } })
