import { Elysia, type ValidationError } from 'elysia'
import type { Logger } from '../infra/log'
import { corsHeadersFor } from './cors'
import { requestIdOf, setErrorStatus } from './request-id'
import { routedPathOf } from './routed-path'
import { newId } from '../lib/ids'
import { AppError, badRequest, INTERNAL_ERROR, MALFORMED_JSON, METHOD_NOT_ALLOWED, NOT_FOUND } from './errors'
import type { RouteLike } from './openapi'
import { validationErrors } from './validate'
import type { ValueError } from '@sinclair/typebox/errors'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })

/** Route patterns of the whole app, to tell 405 (known path, other method) from 404. */
export class RouteTable {
  private patterns: { method: string; regex: RegExp }[] = []
  /** Every route as mounted, for the OpenAPI document and the route table. */
  all: RouteLike[] = []

  load(routes: RouteLike[]): void {
    this.all = routes
    this.patterns = routes.map((r) => ({
      method: r.method.toUpperCase(),
      regex: new RegExp(
        `^${r.path
          .replace(/\/+$/, '')
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/:[^/]+/g, '[^/]+')
          .replace(/\*/g, '.*')}/?$`,
      ),
    }))
  }

  pathExists(path: string): boolean {
    return this.patterns.some((p) => p.regex.test(path))
  }
}

/** The {error, code, field, request_id} envelope for every failure, with no stack trace in the body. */
export const errorHandler = (log: Logger, routes: RouteTable) =>
  new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, ({ code, error, request, path }) => {
    const response = errorResponse(log, routes, { code, error, request, path: routedPathOf(request, path) })
    // The access log reports what was sent, 413s and 429s refused before any route ran included.
    setErrorStatus(request, response.status)
    return response
  })

function errorResponse(log: Logger, routes: RouteTable, failure: { code: string | number; error: unknown; request: Request; path: string }): Response {
  const { code, error, request, path } = failure
  const requestId = requestIdOf(request) ?? newId()
  // Errors on the public chat paths must stay readable by the widget on other sites (a 429, a 413).
  const headers = { ...corsHeadersFor(path), 'x-request-id': requestId }
  const answer = (failure: AppError) => json(failure.status, failure.body(requestId), { ...headers, ...failure.headers })
  const fail = (error: unknown) => {
    log.error('request.failed', {
      method: request.method,
      path,
      request_id: requestId,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack?.split('\n').slice(0, 6).join(' | ') : undefined,
    })
    return answer(new AppError('internal_error', 500, INTERNAL_ERROR))
  }
  if (error instanceof AppError) return answer(error)
  switch (code) {
    case 'PARSE': {
      // The strict JSON parser's own answers (bad UTF-8, too deep) arrive wrapped as the cause; a
      // body that cannot be read as JSON is malformed_json whatever the precise reason.
      const cause = (error as Error).cause
      if (cause instanceof AppError && cause.status !== 400) return answer(cause)
      return answer(
        new AppError('malformed_json', 400, cause instanceof AppError ? cause.message : MALFORMED_JSON, { detail: cause instanceof AppError ? cause.detail : undefined }),
      )
    }
    case 'NOT_FOUND':
      return routes.pathExists(path) ? answer(new AppError('method_not_allowed', 405, METHOD_NOT_ALLOWED)) : answer(new AppError('not_found', 404, NOT_FOUND))
    case 'VALIDATION': {
      // An answer that breaks its own declared model is our fault, not the client's.
      if ((error as ValidationError).type === 'response') return fail(error)
      const first = (error as ValidationError).valueError
      if (first) return answer(validationErrors(allErrors(error as ValidationError, first)))
      return answer(badRequest((error as Error).message.split('\n')[0]))
    }
    default:
      return fail(error)
  }
}

/** Every problem Elysia found, the first one first (it reports only the first where it cannot list them). */
function allErrors(error: ValidationError, first: ValueError): ValueError[] {
  try {
    const all = error.all
    return all.length ? [first, ...all] : [first]
  } catch {
    return [first]
  }
}
