/** Texts of contract section 1 and 2 that every feature shares. */
export const MALFORMED_JSON = 'Malformed JSON body.'
export const NOT_FOUND = 'Not found.'
export const METHOD_NOT_ALLOWED = 'Method not allowed.'
export const INTERNAL_ERROR = 'Internal server error.'
export const BODY_TOO_LARGE = 'Request body is too large.'
export const ACCESS_DENIED = 'Access Denied'
export const CHATBOT_NOT_FOUND = 'Chatbot not found.'

/** An answer with a status and the {error} envelope; `detail` names the precise reason when the text is fixed by the spec. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }

  body(): { error: string; detail?: string } {
    return this.detail === undefined ? { error: this.message } : { error: this.message, detail: this.detail }
  }
}

export const badRequest = (message: string, detail?: string) => new HttpError(400, message, detail)
export const notFound = (message: string) => new HttpError(404, message)
export const forbidden = (message = ACCESS_DENIED) => new HttpError(403, message)
export const tooLarge = (message = BODY_TOO_LARGE) => new HttpError(413, message)
