import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { PUBLIC_CORS_HEADERS } from '../../http/cors'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { PUBLIC, PUBLIC_TAGS } from '../../http/openapi'
import type { HeldRoute } from '../../http/fast-lane'
import { type EncodedAsset, heldWidgetAssets, widgetAssets } from './assets'
import { heldWidgetConfigBody, type WidgetConfigBody, widgetConfigBody } from './config'
import { type Coding, codingFor, etagMatches } from './http-cache'
import { WidgetConfigSchema } from './model'

const tags = ['Chat runtime (public)']

/**
 * Each representation's headers, built once: every page view of every customer site asks for
 * these. An answer gets a copy with its request id (a held answer's own; on the full route the
 * hooks add it): copying a built `Headers` costs less than building one from an object's ten
 * entries each time.
 */
const headersOf = new WeakMap<object, Headers>()

function assetHeaders(asset: EncodedAsset, coding: Coding, requestId: string | undefined): Headers {
  const body = asset.bodies[coding]
  let headers = headersOf.get(body)
  if (!headers) {
    headers = new Headers({
      'content-type': asset.contentType,
      'cache-control': 'public, max-age=300',
      etag: body.etag,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      // The script and stylesheet are meant to be loaded by other sites.
      'cross-origin-resource-policy': 'cross-origin',
      ...PUBLIC_CORS_HEADERS,
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    })
    headersOf.set(body, headers)
  }
  return withRequestId(new Headers(headers), requestId)
}

function withRequestId(headers: Headers, requestId: string | undefined): Headers {
  if (requestId !== undefined) headers.set('x-request-id', requestId)
  return headers
}

/** `/widget/chatbot.js` and `.css` (contract 8): minified, precompressed, a strong ETag, five minutes of freshness. */
function serveAsset(asset: EncodedAsset, request: Request, requestId?: string): Response {
  const coding = codingFor(request.headers.get('accept-encoding'))
  const body = asset.bodies[coding]
  const headers = assetHeaders(asset, coding, requestId)
  if (etagMatches(request.headers.get('if-none-match'), body.etag)) return new Response(null, { status: 304, headers })
  // A HEAD gets the same: the server sends its headers and the body's length, not the body.
  return new Response(body.blob, { status: 200, headers })
}

/**
 * The widget config with an ETag over its body and `no-cache`: the browser asks each time, so an
 * owner's edit shows at once, and an unchanged config costs a 304.
 */
function serveConfig(config: WidgetConfigBody, request: Request, requestId?: string): Response {
  const { body, etag } = config
  let built = headersOf.get(config)
  if (!built) {
    built = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', etag, ...PUBLIC_CORS_HEADERS })
    headersOf.set(config, built)
  }
  const headers = withRequestId(new Headers(built), requestId)
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(body, { status: 200, headers })
}

/** The embeddable widget: its script and stylesheet, and its config. */
export const widgetRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'widget' })
    .get('/widget/chatbot.js', async ({ request }) => serveAsset((await widgetAssets()).js, request), {
      detail: { summary: 'The widget script (minified; br or gzip by Accept-Encoding)', tags, security: [] },
    })
    .get('/widget/chatbot.css', async ({ request }) => serveAsset((await widgetAssets()).css, request), {
      detail: { summary: 'The widget stylesheet (minified; br or gzip by Accept-Encoding)', tags, security: [] },
    })
    .get('/api/v1.0/widget/:uniqueId/', async ({ params, request }) => serveConfig(await widgetConfigBody(ctx, params.uniqueId), request), {
      params: ChatbotParams,
      // Declared for the OpenAPI document; the handler answers with a Response (ETag, 304), which Elysia does not re-validate.
      response: { 200: WidgetConfigSchema, ...errorsOf(FAILS.public) },
      detail: {
        operationId: 'getWidgetConfig',
        summary:
          'Widget config: look, greeting and what the chatbot type needs (price list, questions, calendars); ETag over the body, Cache-Control: no-cache, 304 on If-None-Match',
        tags: PUBLIC_TAGS,
        security: PUBLIC,
      },
    })

/** The files and the config answered from memory once encoded and built (http/fast-lane.ts). */
export const widgetHeldRoutes = (ctx: AppContext): HeldRoute[] => [
  { path: '/widget/chatbot.js', answer: (request, _params, requestId) => heldAnswer(heldWidgetAssets()?.js, request, requestId, serveAsset) },
  { path: '/widget/chatbot.css', answer: (request, _params, requestId) => heldAnswer(heldWidgetAssets()?.css, request, requestId, serveAsset) },
  {
    path: '/api/v1.0/widget/:uniqueId/',
    answer: (request, params, requestId) => heldAnswer(heldWidgetConfigBody(ctx, params.uniqueId ?? ''), request, requestId, serveConfig),
  },
]

const heldAnswer = <T>(held: T | undefined, request: Request, requestId: string, serve: (held: T, request: Request, requestId: string) => Response): Response | undefined =>
  held === undefined ? undefined : serve(held, request, requestId)
