/**
 * What every route shares in its declared models: the error body of contract section 1 and the
 * error statuses a kind of route can answer with. Routes spread `errorsOf(...)` into `response`,
 * so OpenAPI, the generated client and the static types all know every failure.
 */
import { Type as T, type TSchema } from '@sinclair/typebox'
import { ERROR_CODES } from './errors'

export const ErrorResponse = T.Object(
  {
    error: T.String({ description: 'One human sentence; the spec fixes its exact text where it shows one.' }),
    code: T.Union(
      ERROR_CODES.map((c) => T.Literal(c)),
      { description: 'Stable and snake_case: branch on this, never on `error`.' },
    ),
    field: T.Optional(T.String({ description: 'The one field at fault, e.g. `pricing_plans[2].Price excluding VAT`.' })),
    detail: T.Optional(T.String({ description: 'The precise reason when `error` is a fixed generic text.' })),
    errors: T.Optional(
      T.Array(T.Object({ field: T.String(), error: T.String({ description: 'What is wrong with this field, as `error` would say it.' }) }), {
        description: 'Every problem of a body that has more than one, one per field, the first being `field`/`error`: a form shows them all at once.',
      }),
    ),
    request_id: T.String({ description: 'The x-request-id header of the same answer.' }),
  },
  { title: 'Error' },
)

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 500 | 503

/** Every operation may meet the edge's limits and an unexpected fault. */
const EDGE: ErrorStatus[] = [429, 500]

/** Statuses by kind of route; `errorsOf` adds the edge's own. */
export const FAILS = {
  /** A JSON or multipart body: malformed, invalid or too large. */
  body: [400, 413] as ErrorStatus[],
  /** A form streamed part by part (contract 14): the bodies in flight over their shared bound. */
  streamed: [503] as ErrorStatus[],
  /** Token required. */
  owner: [400, 401] as ErrorStatus[],
  /** Token, subscription and an owned chatbot. */
  chatbot: [400, 401, 403, 404] as ErrorStatus[],
  /** A public chat endpoint: unknown or unavailable chatbot. */
  public: [400, 403, 404] as ErrorStatus[],
}

/** The error part of a route's `response`: each status with the error body. */
export function errorsOf(...groups: ErrorStatus[][]): Record<number, typeof ErrorResponse> {
  const statuses = new Set<ErrorStatus>([...groups.flat(), ...EDGE])
  return Object.fromEntries([...statuses].sort().map((status) => [status, ErrorResponse]))
}

/** `{ response: <text> }`, the spec's usual success answer. */
export const Confirmation = (description?: string) => T.Object({ response: T.String({ description }) })
/** `{ message: <text> }`, the answer of the adding endpoints. */
export const MessageAnswer = (description?: string) => T.Object({ message: T.String({ description }) })

/** `uniqueId` in the path: the chatbot's id. */
export const ChatbotParams = T.Object({ uniqueId: T.String({ description: 'The chatbot id (chatbot_id).' }) })

/** A JSON body schema with a multipart twin, for OpenAPI (the handler reads both). */
export interface DocumentedBody {
  json?: TSchema
  multipart?: TSchema
  form?: TSchema
}

/** The owner's record lists (leads, submissions, appointments): JSON, or CSV with `?format=csv` (contract 10). */
export const ExportQuery = T.Object({
  format: T.Optional(T.Union([T.Literal('json'), T.Literal('csv')], { description: 'csv: text/csv; charset=utf-8, RFC 4180 with a header row' })),
})
