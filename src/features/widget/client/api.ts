/** Typed calls to the chat runtime; the answer types are the server's own models. */
import type { Static } from '@sinclair/typebox'
import type { ErrorResponse } from '../../../http/model'
import type { BookingAnswer as BookingAnswerSchema, SlotsAnswer as SlotsAnswerSchema } from '../../bookings/model'
import type { BookBody, QuoteBody } from '../../chat/schemas'
import type { ChatAnswer, Source } from '../../conversations/model'
import type { QuestionSchema, UploadAnswer } from '../../forms/model'
import type { QuoteAnswer } from '../../quotes/model'
import type { WidgetConfig } from '../model'

export type SlotsAnswer = Static<typeof SlotsAnswerSchema>
export type BookingAnswer = Static<typeof BookingAnswerSchema>
export type ChatAnswerBody = Static<typeof ChatAnswer>
export type QuoteAnswerBody = Static<typeof QuoteAnswer>
export type UploadAnswerBody = Static<typeof UploadAnswer>
export type ErrorAnswer = Static<typeof ErrorResponse>
export type SourceAnswer = Static<typeof Source>
export type PublicQuestion = Static<typeof QuestionSchema>
export type QuoteRequest = Static<typeof QuoteBody>
export type BookingRequest = Static<typeof BookBody>

/** A call's outcome: the answer, or why there is none (`network` when the service was not reached). */
export type Result<T> = { ok: true; data: T } | { ok: false; status: number; error: ErrorAnswer | null; network: boolean }

export const NETWORK_ERROR = "We couldn't reach the chat service. Please check your connection and try again."

/**
 * The human sentence of an error, without the field path programs read (`answers[0].value: `):
 * visitors never see internal names (contract 14).
 */
export function sentenceOf(error: Pick<ErrorAnswer, 'error' | 'field'>): string {
  const text = error.error.trim()
  const prefix = error.field ? `${error.field}: ` : ''
  const sentence = prefix && text.startsWith(prefix) ? text.slice(prefix.length).trim() : text
  // A field's reason ("not in the price list") becomes a sentence of its own.
  return sentence.charAt(0).toUpperCase() + sentence.slice(1) + (/[.!?…]$/.test(sentence) ? '' : '.')
}

/** What to tell the visitor about a failed call. */
export function errorText(result: Extract<Result<unknown>, { ok: false }>): string {
  if (result.error?.error.trim()) return sentenceOf(result.error)
  if (result.network) return NETWORK_ERROR
  if (result.status === 429) return 'Too many messages. Please try again later.'
  if (result.status === 413) return 'That file is too large.'
  return `Something went wrong (error ${result.status}). Please try again.`
}

/** Worth trying again unchanged: the service was not reached, was overloaded or failed itself. */
export const retryable = (result: Extract<Result<unknown>, { ok: false }>): boolean => result.network || result.status >= 500

async function call<T>(method: 'GET' | 'POST', url: string, body?: object | FormData): Promise<Result<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const init: RequestInit = { method, headers, credentials: 'omit', mode: 'cors' }
  if (body instanceof FormData) init.body = body
  else if (body) {
    headers['content-type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  let response: Response
  try {
    response = await fetch(url, init)
  } catch {
    return { ok: false, status: 0, error: null, network: true }
  }
  let data: unknown = null
  try {
    data = await response.json()
  } catch {
    data = null
  }
  if (response.ok && data !== null) return { ok: true, data: data as T }
  const error = data !== null && typeof data === 'object' && typeof (data as ErrorAnswer).error === 'string' ? (data as ErrorAnswer) : null
  return { ok: false, status: response.status, error, network: false }
}

export type Rating = 'up' | 'down'

export class ChatApi {
  constructor(
    /** The service's origin (and path prefix), from the script's own URL. */
    readonly base: string,
    readonly chatbotId: string,
  ) {}

  private chatPath(suffix = ''): string {
    return `${this.base}/api/v1.0/chat/${encodeURIComponent(this.chatbotId)}/${suffix}`
  }

  config(): Promise<Result<WidgetConfig>> {
    return call('GET', `${this.base}/api/v1.0/widget/${encodeURIComponent(this.chatbotId)}/`)
  }

  chat(body: { message: string; visitor_id: string; session_id?: string }): Promise<Result<ChatAnswerBody>> {
    return call('POST', this.chatPath(), body)
  }

  /** The visitor's rating of a reply (contract 10); a later one replaces the earlier. */
  feedback(body: { visitor_id: string; session_id: string; message_id: string; rating: Rating }): Promise<Result<{ response: string }>> {
    return call('POST', this.chatPath('feedback/'), body)
  }

  upload(file: File, visitorId: string, sessionId: string | null): Promise<Result<UploadAnswerBody>> {
    // The fields before the file: the server refuses an upload no question asks for before taking the file.
    const form = new FormData()
    form.append('visitor_id', visitorId)
    if (sessionId) form.append('session_id', sessionId)
    form.append('file', file, file.name)
    return call('POST', this.chatPath('upload/'), form)
  }

  quote(body: QuoteRequest): Promise<Result<QuoteAnswerBody>> {
    return call('POST', this.chatPath('quote/'), body)
  }

  slots(query: { calendar_id: string; duration: number; date: string; time_zone: string }): Promise<Result<SlotsAnswer>> {
    const params = new URLSearchParams({ ...query, duration: String(query.duration) })
    return call('GET', `${this.chatPath('slots/')}?${params}`)
  }

  book(body: BookingRequest): Promise<Result<BookingAnswer>> {
    return call('POST', this.chatPath('book/'), body)
  }
}
