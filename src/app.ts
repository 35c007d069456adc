import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { FEATURE_ROUTES } from './features'
import { checkDeclaredLength } from './http/body-limits'
import { localRateLimiter, sharedRateLimit } from './http/rate-limit'
import { jsonBodyParser } from './http/json-body'
import { errorHandler, RouteTable } from './http/error-handler'
import { newId } from './lib/ids'
import { errorStatusOf, requestIdOf, requestStartOf, setRequestId } from './http/request-id'
import { clientAddress } from './http/client-address'
import { routedPathOf } from './http/routed-path'
import { captureRequestHash } from './http/idempotency'
import { sql } from 'kysely'
import { Type as T } from '@sinclair/typebox'
import { apiDocs } from './http/api-docs'
import { errorsOf } from './http/model'
import { openApiDocument, PUBLIC, webhooksOf } from './http/openapi'
import { EVENT_PAYLOADS } from './features/webhooks/model'

const API_VERSION = '1.0.0'
const HealthAnswer = T.Object({ status: T.Literal('ok') }, { description: 'The database answers' })

/** The app's own routes beside the features': health and the API docs. */
export const APP_ROUTE_FILES = { health: 'src/app.ts', docs: 'src/http/api-docs.ts' }

/** Builds the whole HTTP app over a context; nothing runs at import time. */
export function createApp(ctx: AppContext) {
  const routes = new RouteTable()
  // In memory on SQLite (one instance); with DATABASE_URL, sharedRateLimit counts in the database for every instance.
  const limiter = localRateLimiter(ctx)
  // Elysia's default finds the path by skipping 11 characters of the URL, so a Host of 1 to 3
  // characters shifted the routed path away from the one limits, CORS and logs saw; from the
  // scheme on (Bun.serve without TLS: always "http://") the path starts at the first "/".
  let document: object | undefined
  // Routes and their validators compile at start, so the first requests do not pay for it.
  const app = new Elysia({ precompile: true, handler: { standardHostname: false } })
    .use(errorHandler(ctx.log, routes))
    .use(jsonBodyParser)
    .onRequest((context) => {
      const { request, set, server } = context
      const requestId = newId()
      setRequestId(request, requestId)
      set.headers['x-request-id'] = requestId
      limiter?.check(clientAddress(request, server, ctx.config.trustProxy), request.headers.get('authorization'))
      checkDeclaredLength(request, routedPathOf(context))
      captureRequestHash(request)
    })
    .use(sharedRateLimit(ctx))
    .onAfterResponse({ as: 'global' }, (context) => {
      const { request, set, responseValue } = context
      const began = requestStartOf(request)
      ctx.log.info('request', {
        request_id: requestIdOf(request),
        method: request.method,
        path: routedPathOf(context),
        status: errorStatusOf(request) ?? (responseValue instanceof Response ? responseValue.status : set.status),
        ms: began === undefined ? undefined : Math.round((performance.now() - began) * 10) / 10,
      })
    })
    // Built on first request, once every feature has mounted its routes.
    .use(apiDocs(() => (document ??= openApiDocument(routes.all, { publicUrl: ctx.config.publicUrl, version: API_VERSION, webhooks: webhooksOf(EVENT_PAYLOADS) }))))
    .get(
      '/healthz',
      async () => {
        await sql`select 1`.execute(ctx.db)
        return { status: 'ok' as const }
      },
      {
        response: { 200: HealthAnswer, ...errorsOf([]) },
        detail: { operationId: 'getHealth', summary: 'Health: ok once the database answers', tags: ['Service'], security: PUBLIC },
      },
    )
  for (const feature of FEATURE_ROUTES) app.use(feature.routes(ctx))
  routes.load(app.routes)
  return app
}

export type App = ReturnType<typeof createApp>
