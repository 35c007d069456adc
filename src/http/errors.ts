/** Texts of contract section 1 and 2 that every feature shares. */
export const MALFORMED_JSON = 'Malformed JSON body.'
export const NOT_FOUND = 'Not found.'
export const METHOD_NOT_ALLOWED = 'Method not allowed.'
export const INTERNAL_ERROR = 'Internal server error.'
export const BODY_TOO_LARGE = 'Request body is too large.'
export const ACCESS_DENIED = 'Access Denied'
export const CHATBOT_NOT_FOUND = 'Chatbot not found.'
export const SERVER_BUSY = 'The server is taking in too many uploads at once; try again shortly.'

/** The stable codes of contract section 1: a program branches on these, never on `error`'s text. */
export const ERROR_CODES = [
  'invalid_request',
  'malformed_json',
  'authentication_required',
  'invalid_token',
  'subscription_required',
  'access_denied',
  'not_found',
  'wrong_chatbot_type',
  'limit_reached',
  'conflict',
  'idempotency_mismatch',
  'rate_limited',
  'payload_too_large',
  'method_not_allowed',
  'internal_error',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The JSON every failure answers with (contract section 1). */
export interface ErrorBody {
  error: string
  code: ErrorCode
  field?: string
  detail?: string
  errors?: FieldProblem[]
  request_id: string
}

/** One of several problems of a body, as its own `error` would read. */
export interface FieldProblem {
  field: string
  error: string
}

export interface AppErrorOptions {
  /** The one field at fault, named as the contract names it: `pricing_plans[2].Price excluding VAT`. */
  field?: string
  /** The precise reason when the spec fixes a generic text. */
  detail?: string
  /** Extra response headers (Retry-After). */
  headers?: Record<string, string>
  /** Every problem when there are several (the first is this error's own). */
  errors?: FieldProblem[]
}

/**
 * A failure the client caused or must know about. Business code throws it; only src/http turns it
 * into a response, so the dashboard can use `field` and `code` instead of reading the text.
 */
export class AppError extends Error {
  readonly field?: string
  readonly detail?: string
  readonly headers?: Record<string, string>
  readonly errors?: FieldProblem[]

  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message)
    this.field = options.field
    this.detail = options.detail
    this.headers = options.headers
    this.errors = options.errors
  }

  body(requestId: string): ErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.errors === undefined ? {} : { errors: this.errors }),
      request_id: requestId,
    }
  }

  /** What is wrong with `field`, without the field's name in front ("must not be empty"). */
  get fieldMessage(): string | undefined {
    if (this.field === undefined) return undefined
    const source = this.detail ?? this.message
    const prefix = `${this.field}: `
    return source.startsWith(prefix) ? source.slice(prefix.length) : source
  }
}

export const badRequest = (message: string, detail?: string, field?: string) => new AppError('invalid_request', 400, message, { detail, field })
/** 400 `<field>: <message>` with `field` set: the contract's validation answer. */
export const invalid = (field: string, message: string) => new AppError('invalid_request', 400, `${field}: ${message}`, { field })
/** The first of several validation problems, carrying them all (`errors`) when there are more. */
export function invalidAll(problems: readonly FieldProblem[]): AppError {
  const [first] = problems
  return new AppError('invalid_request', 400, first.error, { field: first.field, ...(problems.length > 1 ? { errors: [...problems] } : {}) })
}
export const notFound = (message: string, detail?: string) => new AppError('not_found', 404, message, { detail })
export const forbidden = (message = ACCESS_DENIED) => new AppError('access_denied', 403, message)
export const tooLarge = (message = BODY_TOO_LARGE, field?: string) => new AppError('payload_too_large', 413, message, { field })
export const conflict = (message: string) => new AppError('conflict', 409, message)
export const wrongChatbotType = (message: string) => new AppError('wrong_chatbot_type', 400, message)
export const limitReached = (message: string, status = 400, field?: string) => new AppError('limit_reached', status, message, { field })
export const subscriptionRequired = (message: string) => new AppError('subscription_required', 400, message)
export const rateLimited = (message: string, retryAfterSeconds: number) => new AppError('rate_limited', 429, message, { headers: { 'retry-after': String(retryAfterSeconds) } })
/** Contract 14: the bodies in flight are over their shared bound; the client retries later. */
export const serverBusy = (retryAfterSeconds: number) => new AppError('rate_limited', 503, SERVER_BUSY, { headers: { 'retry-after': String(retryAfterSeconds) } })
