/**
 * The one typed API helper: calls an operation by its OpenAPI path and method with the request
 * types openapi-typescript generated from the served document (tests/support/api.d.ts), and
 * checks every real answer against the schema its route declares (status, body, content type).
 * `answer(reply, 200)` then hands back the body with the generated answer type: the runtime
 * check against the declared model is what justifies the type, so no cast is needed.
 */
import { KindGuard, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { createApp } from '../../src/app'
import type { AppContext } from '../../src/context'
import type { paths } from './api'

export type Method = 'get' | 'post'
export type ApiPath = keyof paths
type Operation<P extends ApiPath, M extends Method> = paths[P] extends Record<M, infer O> ? O : never
type PathParams<O> = O extends { parameters: { path: infer X } } ? X : never
type QueryParams<O> = O extends { parameters: { query?: infer X } } ? X : never
export type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never
export type FormFields<O> = O extends { requestBody: { content: { 'multipart/form-data': infer B } } } ? B : never
export type UrlEncoded<O> = O extends { requestBody: { content: { 'application/x-www-form-urlencoded': infer B } } } ? B : never
type Answer<O, S extends number> = O extends { responses: Record<S, { content: { 'application/json': infer R } }> } ? R : never

export interface Request<P extends ApiPath, M extends Method> {
  params?: PathParams<Operation<P, M>>
  query?: QueryParams<Operation<P, M>>
  json?: JsonBody<Operation<P, M>>
  /** Multipart: the typed text fields; `files` adds the file parts. */
  form?: Partial<FormFields<Operation<P, M>>>
  files?: Record<string, Blob[]>
  urlencoded?: UrlEncoded<Operation<P, M>>
  token?: string | null
}

export interface TypedReply<P extends ApiPath, M extends Method> {
  path: P
  method: M
  status: number
  headers: Headers
  body: unknown
}

interface DeclaredRoute {
  method: string
  path: string
  hooks?: { response?: unknown; detail?: unknown }
}

const toElysiaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

function declaredSchema(route: DeclaredRoute, status: number): TSchema | undefined {
  const response = route.hooks?.response
  if (response === undefined || response === null || typeof response !== 'object') return undefined
  const entries: [string, unknown][] = Object.keys(response).every((k) => /^\d{3}$/.test(k)) ? Object.entries(response) : [['200', response]]
  const found = entries.find(([s]) => s === String(status))?.[1]
  return KindGuard.IsSchema(found) ? found : undefined
}

function declaredMediaTypes(route: DeclaredRoute, status: number): string[] {
  const detail = route.hooks?.detail
  if (!detail || typeof detail !== 'object' || !('responses' in detail)) return []
  const responses = detail.responses
  if (!responses || typeof responses !== 'object') return []
  const entry: unknown = Object.entries(responses).find(([s]) => s === String(status))?.[1]
  if (!entry || typeof entry !== 'object' || !('content' in entry) || !entry.content || typeof entry.content !== 'object') return []
  return Object.keys(entry.content)
}

/** A checker of real answers against the routes' declared models, and the typed calls that use it. */
export function typedApi(ctx: AppContext, base: string, defaultToken: string | null = null) {
  const routes: DeclaredRoute[] = createApp(ctx).routes
  const called = new Set<string>()

  const routeOf = (method: string, path: string) => {
    const route = routes.find((r) => r.method.toLowerCase() === method && r.path === toElysiaPath(path))
    if (!route) throw new Error(`no route declares ${method} ${path}`)
    return route
  }

  /** Every answer: its status is declared, and its body conforms to the declared schema (or content type). */
  function check(method: string, path: string, status: number, headers: Headers, body: unknown): void {
    const route = routeOf(method, path)
    const schema = declaredSchema(route, status)
    if (schema) {
      if (!Value.Check(schema, body)) {
        const first = Value.Errors(schema, body).First()
        throw new Error(`${method} ${path} ${status}: answer breaks its declared schema at ${first?.path}: ${first?.message}\n${JSON.stringify(body).slice(0, 500)}`)
      }
      return
    }
    const types = declaredMediaTypes(route, status)
    const contentType = (headers.get('content-type') ?? '').split(';')[0]
    const matches = types.some((t) => t === contentType || t === 'application/octet-stream' || (t.endsWith('/*') && contentType.startsWith(t.slice(0, -1))))
    if (!matches && !(status === 303 && types.length === 0 && headers.get('location'))) {
      throw new Error(`${method} ${path}: status ${status} (${contentType}) is not declared`)
    }
  }

  async function call<P extends ApiPath, M extends Method>(method: M, path: P, request: Request<P, M> = {}): Promise<TypedReply<P, M>> {
    let url = String(path)
    for (const [name, value] of Object.entries(request.params ?? {})) url = url.replace(`{${name}}`, encodeURIComponent(String(value)))
    const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)]))
    const token = request.token === undefined ? defaultToken : request.token
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
    let body: string | FormData | undefined
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(request.json)
    } else if (request.urlencoded !== undefined) {
      body = new URLSearchParams(Object.entries(request.urlencoded ?? {}).map(([k, v]) => [k, String(v)])).toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    } else if (request.form !== undefined || request.files !== undefined) {
      const form = new FormData()
      for (const [k, v] of Object.entries(request.form ?? {})) if (typeof v === 'string') form.append(k, v)
      for (const [k, blobs] of Object.entries(request.files ?? {})) for (const blob of blobs) form.append(k, blob, blob instanceof File ? blob.name : k)
      body = form
    }
    const response = await fetch(`${base}${url}${query.size ? `?${query}` : ''}`, { method: method.toUpperCase(), headers, body, redirect: 'manual' })
    const text = await response.text()
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json')
    const parsed: unknown = isJson ? JSON.parse(text) : text
    check(method, String(path), response.status, response.headers, parsed)
    called.add(`${method} ${String(path)}`)
    return { path, method, status: response.status, headers: response.headers, body: parsed }
  }

  /** The body of an answer with `status`, typed as the generated client types it. */
  function answer<P extends ApiPath, M extends Method, S extends number>(reply: TypedReply<P, M>, status: S): Answer<Operation<P, M>, S> {
    if (reply.status !== status) throw new Error(`${reply.method} ${String(reply.path)}: expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`)
    const schema = declaredSchema(routeOf(reply.method, String(reply.path)), status)
    const body = reply.body
    if (!schema || !conforms<Answer<Operation<P, M>, S>>(schema, body)) throw new Error(`${reply.method} ${String(reply.path)}: no JSON answer declared for ${status}`)
    return body
  }

  return { call, answer, called }
}

/**
 * The body conforms to the route's declared schema; the generated type is that same schema as
 * the served document states it (the client test proves the document is generated from it).
 */
function conforms<T>(schema: TSchema, body: unknown): body is T {
  return Value.Check(schema, body)
}
