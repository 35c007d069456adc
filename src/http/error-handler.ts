import { Elysia } from 'elysia'
import type { Logger } from '../infra/log'
import { corsHeadersFor } from './cors'
import { requestIdOf, setErrorStatus } from './request-id'
import { routedPathOf } from './routed-path'
import { HttpError, INTERNAL_ERROR, MALFORMED_JSON, METHOD_NOT_ALLOWED, NOT_FOUND } from './errors'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })

/** Route patterns of the whole app, to tell 405 (known path, other method) from 404. */
export class RouteTable {
  private patterns: { method: string; regex: RegExp }[] = []

  load(routes: { method: string; path: string }[]): void {
    this.patterns = routes.map((r) => ({
      method: r.method.toUpperCase(),
      regex: new RegExp(`^${r.path.replace(/\/+$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`),
    }))
  }

  pathExists(path: string): boolean {
    return this.patterns.some((p) => p.regex.test(path))
  }
}

/** The {error} envelope for every failure, with no stack trace in the body. */
export const errorHandler = (log: Logger, routes: RouteTable) =>
  new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, (context) => {
    const { request } = context
    const response = errorResponse(log, routes, context)
    // The access log reports what was sent, 413s and 429s refused before any route ran included.
    setErrorStatus(request, response.status)
    return response
  })

function errorResponse(log: Logger, routes: RouteTable, context: { code: string | number; error: unknown; request: Request }): Response {
  const { code, error, request } = context
  const path = routedPathOf(context)
  // Errors on the public chat paths must stay readable by the widget on other sites (a 429, a 413).
  const cors = corsHeadersFor(path)
  if (error instanceof HttpError) return json(error.status, error.body(), { ...cors, ...error.headers })
  switch (code) {
    case 'PARSE': {
      // The strict JSON parser's own answers (bad UTF-8, too deep) arrive wrapped as the cause.
      const cause = (error as Error).cause
      return cause instanceof HttpError ? json(cause.status, cause.body(), cors) : json(400, { error: MALFORMED_JSON }, cors)
    }
    case 'NOT_FOUND': {
      return routes.pathExists(path) ? json(405, { error: METHOD_NOT_ALLOWED }, cors) : json(404, { error: NOT_FOUND }, cors)
    }
    case 'VALIDATION':
      return json(400, { error: (error as Error).message.split('\n')[0] }, cors)
    default: {
      log.error('request.failed', {
        method: request.method,
        path,
        request_id: requestIdOf(request),
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        stack: error instanceof Error ? error.stack?.split('\n').slice(0, 6).join(' | ') : undefined,
      })
      return json(500, { error: INTERNAL_ERROR }, cors)
    }
  }
}
