/**
 * The path Elysia routed the request by. Limits, CORS and the access log go by this one, never by
 * a path they compute again from the URL, so they cannot disagree with the router. Elysia gives
 * every hook `path` (the typings of some hooks leave it out). Hooks destructure what they use and
 * pass it here: a hook that hands its whole context to a function makes Elysia prepare everything
 * (cookies, query) for every route.
 */
export const routedPathOf = (request: Request, path: unknown): string => (typeof path === 'string' ? path : new URL(request.url).pathname)

/** What the hooks whose typings leave `path` out get all the same. */
export type WithPath<T> = T & { path?: string }
