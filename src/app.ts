import { Elysia } from 'elysia'
import { swagger } from '@elysiajs/swagger'
import type { AppContext } from './context'
import { accountRoutes } from './features/accounts/routes'
import { billingRoutes } from './features/billing/routes'
import { calendarRoutes } from './features/calendars/routes'
import { chatRoutes } from './features/chat/routes'
import { chatbotRoutes } from './features/chatbots/routes'
import { dashboardRoutes } from './features/dashboard/routes'
import { trainingRoutes } from './features/training/routes'
import { widgetRoutes } from './features/widget/routes'
import { checkDeclaredLength } from './http/body-limits'
import { localRateLimiter, sharedRateLimit } from './http/rate-limit'
import { jsonBodyParser } from './http/json-body'
import { errorHandler, RouteTable } from './http/error-handler'
import { newId } from './lib/ids'
import { errorStatusOf, requestIdOf, requestStartOf, setRequestId } from './http/request-id'
import { clientAddress } from './http/client-address'
import { routedPathOf } from './http/routed-path'
import { sql } from 'kysely'

/** Builds the whole HTTP app over a context; nothing runs at import time. */
export function createApp(ctx: AppContext) {
  const routes = new RouteTable()
  // In memory on SQLite (one instance); with DATABASE_URL, sharedRateLimit counts in the database for every instance.
  const limiter = localRateLimiter(ctx)
  // Elysia's default finds the path by skipping 11 characters of the URL, so a Host of 1 to 3
  // characters shifted the routed path away from the one limits, CORS and logs saw; from the
  // scheme on (Bun.serve without TLS: always "http://") the path starts at the first "/".
  const app = new Elysia({ handler: { standardHostname: false } })
    .use(errorHandler(ctx.log, routes))
    .use(jsonBodyParser)
    .onRequest((context) => {
      const { request, set, server } = context
      const requestId = newId()
      setRequestId(request, requestId)
      set.headers['x-request-id'] = requestId
      limiter?.check(clientAddress(request, server, ctx.config.trustProxy), request.headers.get('authorization'))
      checkDeclaredLength(request, routedPathOf(context))
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
    .use(
      swagger({
        path: '/swagger',
        excludeStaticFile: false,
        documentation: {
          info: { title: 'Chatbot Service API', version: '1.0.0', description: 'Create, train and manage embeddable chatbots.' },
          components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <ACCESS_TOKEN> or Bearer <ACCESS_TOKEN>' } } },
        },
      }),
    )
    .get(
      '/healthz',
      async () => {
        await sql`select 1`.execute(ctx.db)
        return { status: 'ok' }
      },
      { detail: { summary: 'Health: ok once the database answers', tags: ['Service'] } },
    )
    .use(accountRoutes(ctx))
    .use(billingRoutes(ctx))
    .use(chatbotRoutes(ctx))
    .use(chatRoutes(ctx))
    .use(trainingRoutes(ctx))
    .use(calendarRoutes(ctx))
    .use(widgetRoutes(ctx))
    .use(dashboardRoutes(ctx))
  routes.load(app.routes)
  return app
}

export type App = ReturnType<typeof createApp>
