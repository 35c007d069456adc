/**
 * Open CORS for the public surfaces the widget calls from other sites (contract 8): the chat
 * runtime, the widget config, and the quote PDFs it links to. Owner endpoints and owners' and
 * visitors' private files (contract 14) stay same-origin.
 */
const PUBLIC_PATH = /^\/(?:api\/v1\.0\/(?:widget|chat)|media\/quotes)(?:\/|$)/

export const isPublicPath = (path: string): boolean => PUBLIC_PATH.test(path)

/** Retry-After exposed, so a widget on another site can tell its visitor when a limit lifts (contract 11). */
export const PUBLIC_CORS_HEADERS: Record<string, string> = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After, X-Request-Id' }

/** Headers for an answer on this path: the open CORS ones on public paths, none elsewhere. */
export const corsHeadersFor = (path: string): Record<string, string> => (isPublicPath(path) ? PUBLIC_CORS_HEADERS : {})

/** The answer to a browser's preflight on a public path. */
export function preflightResponse(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...PUBLIC_CORS_HEADERS,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'content-type',
      'access-control-max-age': '86400',
    },
  })
}
