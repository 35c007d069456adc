import { AppError, tooLarge } from './errors'
import { carryRequestFacts } from './request-id'

export const MiB = 1024 * 1024

/** Contract 11: JSON bodies 1 MiB, except creation (and edit, which takes every creation field): 5 MiB. */
export const JSON_BODY_LIMIT = MiB
export const CREATION_BODY_LIMIT = 5 * MiB

const CREATION_PATHS = [
  /^\/api\/v1\.0\/api-[a-z-]+\/$/,
  /^\/api\/v1\.0\/chatbot-edit\/[^/]+\/$/,
  /^\/dashboard\/chatbots\/new\/[^/]+\/$/,
  // The dashboard's settings form, which posts to /edit/ (a test checks every path here is a real route).
  /^\/dashboard\/chatbots\/[^/]+\/edit\/$/,
]

/** Routes that take files: the limits of contract sections 5 and 8, for any content type they accept. */
const FILE_LIMITS: [RegExp, number][] = [
  [/^\/api\/v1\.0\/chatbot-document-add\/[^/]+\/$/, 50 * MiB],
  // The dashboard's form posts the same uploads as the API.
  [/^\/dashboard\/chatbots\/[^/]+\/documents\/$/, 50 * MiB],
  // One 10 MiB file and the visitor's fields around it.
  [/^\/api\/v1\.0\/chat\/[^/]+\/upload\/$/, 10 * MiB + 64 * 1024],
]

/** Every path the table names, for the test that keeps it to routes the app declares. */
export const LIMITED_PATHS: readonly RegExp[] = [...CREATION_PATHS, ...FILE_LIMITS.map(([pattern]) => pattern)]

/** The hard ceiling Bun enforces before our code runs; above every route limit, so oversized bodies still get our JSON 413. */
export const SERVER_BODY_CEILING = 64 * MiB

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`)

/** The limit of a JSON body on this routed path. */
export function jsonLimitFor(path: string): number {
  const p = withSlash(path)
  return CREATION_PATHS.some((pattern) => pattern.test(p)) ? CREATION_BODY_LIMIT : JSON_BODY_LIMIT
}

/** The limit of any body on this routed path: a file route's, else the JSON one. */
export function bodyLimitFor(path: string): number {
  const p = withSlash(path)
  return FILE_LIMITS.find(([pattern]) => pattern.test(p))?.[1] ?? jsonLimitFor(p)
}

/** The limit that applies to a request by its content type: JSON is JSON-sized even on a file route. */
export const limitFor = (path: string, contentType: string | null): number =>
  (contentType ?? '').toLowerCase().startsWith('application/json') ? jsonLimitFor(path) : bodyLimitFor(path)

/** Refuses by Content-Length before the body is read. Bun never delivers more than the length declared. */
export function checkDeclaredLength(request: Request, path: string): void {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limitFor(path, request.headers.get('content-type'))) throw tooLarge()
}

/** A body with no declared length (chunked) has to be counted as it streams in. */
export const isStreamed = (request: Request): boolean => request.body !== null && !request.headers.has('content-length')

/** The body stream, failing with 413 the moment more than `limit` bytes have come in (nothing past that is read). */
function limitedStream(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let total = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        if (total > limit) controller.error(tooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
}

/**
 * The same request with a body that refuses to stream past `limit`. Nothing is read here: whoever
 * reads it later (Elysia's form parser, or a handler after its auth checks) gets the 413 error
 * from formData()/arrayBuffer() once the limit is passed.
 */
export function limitedRequest(request: Request, limit: number): Request {
  if (!request.body) return request
  const bounded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: limitedStream(request.body, limit),
    signal: request.signal,
    // Bun's RequestInit knows `duplex` (a streamed body); the DOM typings in use do not.
    ...({ duplex: 'half' } as object),
  })
  carryRequestFacts(request, bounded)
  return bounded
}

/** The whole body, at most `limit` bytes (413 past that, whether the length was declared or not). */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    body.set(chunk, at)
    at += chunk.byteLength
  }
  return body
}

/** A 413 raised by a limited body, however the reader (formData, arrayBuffer) passed it on. */
export const isTooLarge = (error: unknown): error is AppError => error instanceof AppError && error.status === 413
