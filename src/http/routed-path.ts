/**
 * The path Elysia routed the request by. Limits, CORS and the access log go by this one, never by
 * a path they compute again from the URL, so they cannot disagree with the router. (Elysia gives
 * every hook `path`; the typings of some hooks leave it out.)
 */
export const routedPathOf = (context: { request: Request }): string => {
  const path = (context as { path?: unknown }).path
  return typeof path === 'string' ? path : new URL(context.request.url).pathname
}
