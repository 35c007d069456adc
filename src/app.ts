import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { FEATURE_ROUTES } from './features'
import { checkDeclaredLength } from './http/body-limits'
import { localRateLimiter, sharedLimits, sharedRateLimit } from './http/rate-limit'
import { jsonBodyParser } from './http/json-body'
import { errorHandler, RouteTable } from './http/error-handler'
import { type Entrance, errorStatusOf, refusalOf, requestIdOf, requestStartOf } from './http/request-id'
import { admission } from './http/edge'
import { fastLane, type HeldRoute } from './http/fast-lane'
import { hostChecked } from './http/host-check'
import { routedPathOf, type WithPath } from './http/routed-path'
import { isPublicPath, preflightResponse, PUBLIC_CORS_HEADERS } from './http/cors'
import { captureRequestHash } from './http/idempotency'
import { CompiledQuery } from 'kysely'
import { Type as T } from '@sinclair/typebox'
import { apiDocs } from './http/api-docs'
import { errorsOf } from './http/model'
import { openApiDocument, PUBLIC, webhooksOf } from './http/openapi'
import { EVENT_PAYLOADS } from './features/webhooks/model'

const API_VERSION = '1.0.0'
/** Compiled once: the health check asks the database the least it can. */
const SELECT_ONE = CompiledQuery.raw('select 1')
/** A database that answered this recently is taken to answer still (a failed check is never kept). */
const HEALTH_CHECK_FRESH_MS = 1_000

/** The health check's question to the database, asked at most once a second however often probes come. */
function databaseProbe(ctx: AppContext) {
  let answeredAt = Number.NEGATIVE_INFINITY
  return {
    answeredLately: (): boolean => performance.now() - answeredAt < HEALTH_CHECK_FRESH_MS,
    async ask(): Promise<void> {
      await ctx.db.executeQuery(SELECT_ONE)
      answeredAt = performance.now()
    },
  }
}

/** The health answer; a held one carries its request id (the app's hooks add it to the route's). */
const healthy = (requestId?: string) =>
  new Response(HEALTHY, { headers: requestId === undefined ? JSON_HEADERS : { 'content-type': JSON_HEADERS['content-type'], 'x-request-id': requestId } })
const HEALTHY = JSON.stringify({ status: 'ok' })
const JSON_HEADERS = { 'content-type': 'application/json' }
const HealthAnswer = T.Object({ status: T.Literal('ok') }, { description: 'The database answers' })

/** The app's own routes beside the features': health and the API docs. */
export const APP_ROUTE_FILES = { health: 'src/app.ts', docs: 'src/http/api-docs.ts' }

/** Builds the whole HTTP app over a context; nothing runs at import time. */
export const createApp = (ctx: AppContext) => createServedApp(ctx).app

/**
 * The app and the hot routes' held answers that the server puts in front of it (runtime.ts): Bun's
 * router, given to Elysia's `listen`, never sees a route with a trailing slash (Elysia strips it),
 * so every `/api/v1.0/.../` request went through Elysia's own router and handler.
 */
export function createServedApp(ctx: AppContext) {
  const routes = new RouteTable()
  // In memory on SQLite (one instance); with DATABASE_URL, sharedRateLimit counts in the database for every instance.
  const limiter = localRateLimiter(ctx)
  // Elysia's default finds the path by skipping 11 characters of the URL, so a Host of 1 to 3
  // characters shifted the routed path away from the one limits, CORS and logs saw; from the
  // scheme on (Bun.serve without TLS: always "http://") the path starts at the first "/".
  let document: object | undefined
  const database = databaseProbe(ctx)
  const healthyAtOnce = (requestId?: string) => (database.answeredLately() ? healthy(requestId) : undefined)
  // The listening server (none under app.handle in a test: no address, as before).
  const entrance: Entrance = { sockets: { requestIP: (request) => app.server?.requestIP(request) ?? null }, trustProxy: ctx.config.trustProxy }
  const admit = admission(entrance, limiter)
  // Each route compiles on its first request: compiling all of them at start held about 55 MiB for routes a deployment may never see.
  const app = new Elysia({ precompile: false, handler: { standardHostname: false } })
    .use(errorHandler(ctx.log, routes))
    .use(jsonBodyParser)
    // Every route pays for this hook, so it does only what each request needs: the client address
    // is looked up only for a limiter that counts, the length only for a request with a body.
    // One hook, not one per concern: each hook is a call on every request. The server comes from
    // the app, not from Elysia's `server`: a hook that names it has a getter defined on every
    // request's context.
    .onRequest((context) => {
      const { request, set, path } = context as WithPath<typeof context>
      set.headers['x-request-id'] = admit.full(request)
      const refusal = refusalOf(request)
      if (refusal) throw refusal
      const routed = routedPathOf(request, path)
      if (request.body !== null) {
        checkDeclaredLength(request, routed)
        captureRequestHash(request)
      }
      // Open CORS on the public surfaces the widget calls from other sites (contract 8).
      if (isPublicPath(routed)) {
        if (request.method === 'OPTIONS') return preflightResponse(request)
        Object.assign(set.headers, PUBLIC_CORS_HEADERS)
      }
    })
    .use(sharedRateLimit(ctx))
    .use(headersOntoResponses)
    .use(accessLog(ctx))
    // Built on first request, once every feature has mounted its routes.
    .use(apiDocs(() => (document ??= openApiDocument(routes.all, { publicUrl: ctx.config.publicUrl, version: API_VERSION, webhooks: webhooksOf(EVENT_PAYLOADS) }))))
    .get(
      '/healthz',
      // A ready answer: probes call this often, and a Response is not validated again per call;
      // no await while the last answer is fresh (the held answer below, without the app's hooks).
      () => healthyAtOnce() ?? database.ask().then(() => healthy()),
      {
        response: { 200: HealthAnswer, ...errorsOf([]) },
        detail: { operationId: 'getHealth', summary: 'Health: ok once the database has answered within the last second', tags: ['Service'], security: PUBLIC },
      },
    )
  const held: HeldRoute[] = [{ path: '/healthz', answer: (_request, _params, requestId) => healthyAtOnce(requestId) }]
  for (const feature of FEATURE_ROUTES) {
    app.use(feature.routes(ctx))
    held.push(...(feature.heldRoutes?.(ctx) ?? []))
  }
  routes.load(app.routes)
  // With counters in the database (several instances) every request awaits its count: no held answers.
  // What the server calls: a request whose Host makes no URL never reaches a hook (host-check.ts).
  const fetch = hostChecked((request) => app.fetch(request), ctx.log)
  const heldRoutes = sharedLimits(ctx) ? {} : fastLane({ fetch, logAnswer: heldAnswerLine(ctx) }, standingIn(held, app.routes), admit)
  return { app, heldRoutes, fetch }
}

/** Held routes stand in front of GET routes the app declares (documented, validated, the full way), or the app does not start. */
function standingIn(held: HeldRoute[], declared: { method: string; path: string }[]): HeldRoute[] {
  for (const route of held) {
    if (!declared.some((r) => r.method === 'GET' && r.path === route.path)) throw new Error(`held route ${route.path} has no GET route of the app behind it`)
  }
  return held
}

export type App = ReturnType<typeof createServedApp>['app']

/**
 * The headers the hooks set (request id, CORS) go onto a Response a route made itself, in place:
 * given both, Elysia builds a new Response around the old one's body as a stream, which halved the
 * throughput of the widget's files and config.
 */
const headersOntoResponses = new Elysia({ name: 'headers-onto-responses' }).mapResponse({ as: 'global' }, ({ responseValue, set }) => {
  if (!(responseValue instanceof Response) || (set.status !== undefined && set.status !== 200) || set.headers['set-cookie'] !== undefined) return
  const own = responseValue.headers
  for (const name in set.headers) {
    const value = set.headers[name]
    if (typeof value === 'string' && !own.has(name)) own.set(name, value)
  }
  set.headers = {}
  return responseValue
})

/** The access log's line for a request and the status it was answered with; none below level info. */
function accessLine(ctx: AppContext): ((request: Request, status: number | string | undefined, path?: string) => void) | undefined {
  if (!ctx.log.enabled('info')) return undefined
  return (request, status, path) => writeAccessLine(ctx, request, status, routedPathOf(request, path), requestIdOf(request), requestStartOf(request))
}

/** The same line for a held answer (http/fast-lane.ts), which keeps its id and arrival itself. */
function heldAnswerLine(ctx: AppContext): ((request: Request, status: number, requestId: string, startedAt: number) => void) | undefined {
  if (!ctx.log.enabled('info')) return undefined
  return (request, status, requestId, startedAt) => writeAccessLine(ctx, request, status, routedPathOf(request, undefined), requestId, startedAt)
}

function writeAccessLine(ctx: AppContext, request: Request, status: number | string | undefined, path: string, requestId: string | undefined, began: number | undefined): void {
  ctx.log.info('request', {
    request_id: requestId,
    method: request.method,
    path,
    status,
    ms: began === undefined ? undefined : Math.round((performance.now() - began) * 10) / 10,
  })
}

/** One line per request at level info; below that level no hook runs after each response at all. */
function accessLog(ctx: AppContext) {
  const plugin = new Elysia({ name: 'access-log' })
  const line = accessLine(ctx)
  if (!line) return plugin
  return plugin.onAfterResponse({ as: 'global' }, (context) => {
    const { request, set, responseValue, path } = context
    line(request, errorStatusOf(request) ?? (responseValue instanceof Response ? responseValue.status : set.status), path)
  })
}
