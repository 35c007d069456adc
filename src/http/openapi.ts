/**
 * The OpenAPI 3.1 document, built from the routes themselves: each route's declared params,
 * query, body and response models, and its `detail` (operationId, summary, tags, security).
 * Nothing here is written twice: a route that changes its model changes the document.
 */
import type { TSchema } from '@sinclair/typebox'
import { ErrorResponse } from './model'

export interface RouteLike {
  method: string
  path: string
  hooks?: {
    body?: unknown
    query?: unknown
    headers?: unknown
    params?: unknown
    response?: unknown
    detail?: unknown
  }
}

export interface RouteDetail {
  summary?: string
  description?: string
  operationId?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  hide?: boolean
  requestBody?: { required?: boolean; content: Record<string, { schema: TSchema | object }> }
  responses?: Record<string, unknown>
  /** The success answer is also offered as CSV (`?format=csv`, contract 10). */
  csvExport?: boolean
  /** Extra headers of the success answer (e.g. Location on a 303). */
  successHeaders?: Record<string, { description: string }>
}

type Json = Record<string, unknown>

const STATUS_TEXT: Record<string, string> = {
  200: 'Success',
  204: 'No content',
  303: 'See other',
  304: 'Not modified',
  400: 'Invalid request (the body names the field), wrong chatbot type, a limit reached or no active subscription',
  401: 'Missing or invalid token',
  403: 'Another account’s chatbot, or a chatbot that is not available',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  413: 'Body or file over its size limit',
  429: 'Too many requests: retry after the Retry-After seconds',
  500: 'Unexpected failure (logged with the request id)',
  503: 'Too many uploads in flight: retry after the Retry-After seconds',
}

export const TAGS: { name: string; description: string }[] = [
  { name: 'Account', description: 'Onboarding, login codes and tokens.' },
  { name: 'Billing', description: 'Checkout and the Stripe webhook.' },
  { name: 'Chatbots', description: 'The five creation endpoints, get, edit, list and delete.' },
  { name: 'Training', description: 'Documents and links a chatbot answers from.' },
  { name: 'Calendars', description: 'Calendars of Appointment/Calendar Support chatbots.' },
  { name: 'Chat results', description: 'What conversations produced: submissions, leads, appointments.' },
  { name: 'Conversations', description: "The owner's inbox: transcripts with sources and ratings, unanswered questions." },
  { name: 'Webhooks', description: 'Signed events sent to webhook_url (see `webhooks`), their deliveries and the secret.' },
  { name: 'Chat runtime (public)', description: 'The endpoints the embedded widget calls; no token.' },
  { name: 'Service', description: 'Health.' },
]

const REQUEST_ID_HEADER = { description: 'The id of this request, also in error bodies and the log.', schema: { type: 'string' } }

/** A TypeBox schema as plain JSON Schema (TypeBox keeps its own marks in symbol keys, which JSON drops). */
const plain = (schema: unknown): Json =>
  // `error` is the spec's fixed refusal text for a field, read by our validation answer; not a JSON Schema keyword.
  JSON.parse(JSON.stringify(schema, (key, value) => (key === 'error' && typeof value === 'string' ? undefined : value))) as Json

const isErrorSchema = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && (schema as Json).title === 'Error'

function responseMap(response: unknown): Record<string, unknown> {
  if (response === undefined || response === null) return {}
  if (typeof response === 'object' && Object.keys(response).every((k) => /^\d{3}$/.test(k))) return response as Record<string, unknown>
  return { 200: response }
}

function responsesOf(route: RouteLike, detail: RouteDetail): Json {
  const out: Json = {}
  for (const [status, schema] of Object.entries(responseMap(route.hooks?.response))) {
    const headers: Json = { 'x-request-id': REQUEST_ID_HEADER }
    if (status === '429' || status === '503') headers['Retry-After'] = { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } }
    if (status === '200' && detail.successHeaders) for (const [name, h] of Object.entries(detail.successHeaders)) headers[name] = { ...h, schema: { type: 'string' } }
    const body = isErrorSchema(schema) ? { $ref: '#/components/schemas/Error' } : plain(schema)
    out[status] = {
      description: (!isErrorSchema(schema) && typeof (schema as Json).description === 'string' ? ((schema as Json).description as string) : STATUS_TEXT[status]) ?? 'Answer',
      headers,
      content: {
        'application/json': { schema: body },
        ...(status === '200' && detail.csvExport
          ? { 'text/csv': { schema: { type: 'string', description: 'RFC 4180 with a header row, one row per record (with ?format=csv)' } } }
          : {}),
      },
    }
  }
  for (const [status, extra] of Object.entries(detail.responses ?? {})) {
    const given = extra as Json
    out[status] = {
      description: STATUS_TEXT[status] ?? 'Answer',
      ...given,
      headers: { 'x-request-id': REQUEST_ID_HEADER, ...((given.headers as Json | undefined) ?? {}) },
    }
  }
  return out
}

function parametersOf(route: RouteLike): Json[] {
  const parameters: Json[] = []
  const params = route.hooks?.params as { properties?: Record<string, unknown> } | undefined
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const schema = plain(params?.properties?.[name] ?? { type: 'string' })
    const { description, ...rest } = schema
    parameters.push({ name, in: 'path', required: true, ...(description ? { description } : {}), schema: rest })
  }
  const query = route.hooks?.query as { properties?: Record<string, unknown>; required?: string[] } | undefined
  for (const [name, raw] of Object.entries(query?.properties ?? {})) {
    const { description, ...schema } = plain(raw)
    parameters.push({ name, in: 'query', required: (query?.required ?? []).includes(name), ...(description ? { description } : {}), schema })
  }
  const headers = route.hooks?.headers as { properties?: Record<string, unknown>; required?: string[] } | undefined
  for (const [name, raw] of Object.entries(headers?.properties ?? {})) {
    const { description, ...schema } = plain(raw)
    parameters.push({ name, in: 'header', required: (headers?.required ?? []).includes(name), ...(description ? { description } : {}), schema })
  }
  return parameters
}

function requestBodyOf(route: RouteLike, detail: RouteDetail): Json | undefined {
  const content: Json = {}
  if (route.hooks?.body) content['application/json'] = { schema: plain(route.hooks.body) }
  for (const [type, media] of Object.entries(detail.requestBody?.content ?? {})) content[type] = { schema: plain(media.schema) }
  return Object.keys(content).length ? { required: detail.requestBody?.required ?? true, content } : undefined
}

/** The document for these routes; routes without a summary (pages, assets) or marked hidden stay out. */
/**
 * `webhooks` of the document: each event a chatbot sends, by type, with its payload's schema
 * (OpenAPI 3.1). Receivers verify the Standard Webhooks headers it names.
 */
export function webhooksOf(payloads: Record<string, TSchema>): Json {
  return Object.fromEntries(
    Object.entries(payloads).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `on${type.replace(/(^|\.)(\w)/g, (_m, _dot, c: string) => c.toUpperCase())}`,
          summary: (schema as { description?: string }).description ?? type,
          tags: ['Webhooks'],
          security: PUBLIC,
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            description: STANDARD_WEBHOOK_HEADERS[name],
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: plain(schema) } } },
          responses: { 200: { description: 'Any 2xx within 15 seconds counts as delivered; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.' } },
        },
      },
    ]),
  )
}

const STANDARD_WEBHOOK_HEADERS: Record<string, string> = {
  'webhook-id': 'The delivery id, the same on every retry (de-duplicate on it).',
  'webhook-timestamp': 'Unix seconds of this attempt.',
  'webhook-signature': 'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">; two, space-separated, for 24 hours after a rotation.',
}

export function openApiDocument(routes: readonly RouteLike[], opts: { publicUrl: string; version: string; webhooks?: Json }): Json {
  const paths: Record<string, Json> = {}
  for (const route of routes) {
    const detail = (route.hooks?.detail ?? {}) as RouteDetail
    if (detail.hide || !detail.summary || !detail.operationId) continue
    const path = route.path.replace(/:(\w+)/g, '{$1}')
    const body = requestBodyOf(route, detail)
    const parameters = parametersOf(route)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = {
      operationId: detail.operationId,
      summary: detail.summary,
      ...(detail.description ? { description: detail.description } : {}),
      tags: detail.tags ?? [],
      ...(detail.security ? { security: detail.security } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responsesOf(route, detail),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chatbot Service API',
      version: opts.version,
      description:
        'Create, train and manage embeddable chatbots. Authenticate with `Authorization: Bearer <token>` (the service also accepts `Token <token>`). ' +
        'Every error answers `{error, code, field?, detail?, request_id}`.',
    },
    servers: [{ url: opts.publicUrl }],
    security: [{ bearer: [] }],
    tags: TAGS,
    paths,
    ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The API token from login (paste the bare token).' } },
      schemas: { Error: plain(ErrorResponse) },
    },
  }
}

/** Security of an operation anyone may call. */
export const PUBLIC: Record<string, string[]>[] = []

/** A private file (contract 14): the owner's token (or dashboard session), or no credentials with a signed link's query. */
export const OWNER_OR_SIGNED: Record<string, string[]>[] = [{ bearer: [] }, {}]

/** A request body for `detail`: one schema per media type (the JSON one, its multipart twin, a form). */
export const requestBody = (content: Record<string, object>) => ({
  required: true,
  content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
})

/** A success answer that is a file, not JSON. */
export const binaryResponse = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: { type: 'string' as const, format: 'binary' } } } } })

export const PUBLIC_TAGS = ['Chat runtime (public)']
export const RESULT_TAGS = ['Chat results']
