/** TypeBox schemas of the public chat bodies: validation (400 naming the field) and OpenAPI. */
import { type Static, Type as T } from '@sinclair/typebox'
import { DATA_TYPES } from '../chatbots/schemas'
import { BookingInputSchema } from '../calendars/schemas'
import { MAX_QUOTE_QUANTITY } from './quote-totals'

const VisitorId = T.String({ minLength: 1, maxLength: 100, description: 'Kept by the widget in localStorage' })
const SessionId = T.String({ minLength: 1, maxLength: 100, description: 'From an earlier answer; omit to start a new conversation' })

export const VisitorFields = T.Object({ visitor_id: VisitorId, session_id: T.Optional(SessionId) })

export const ChatBody = T.Object({
  message: T.String({ minLength: 1, maxLength: 4000, description: 'For image and pdf_document questions: the upload_id' }),
  visitor_id: VisitorId,
  session_id: T.Optional(SessionId),
})

export const UploadForm = T.Object({
  file: T.String({ format: 'binary', description: 'PNG, JPEG, GIF, WebP or PDF (by content), at most 10 MiB' }),
  visitor_id: VisitorId,
  session_id: T.Optional(SessionId),
})

export const QuoteItem = T.Object({
  name: T.String({ minLength: 1, maxLength: 200, description: 'A Product/Service Name of the price list' }),
  quantity: T.Integer({ minimum: 1, maximum: MAX_QUOTE_QUANTITY }),
})

export const QuoteBody = T.Object({
  visitor_id: VisitorId,
  session_id: T.Optional(SessionId),
  client_name: T.String({ maxLength: 200, pattern: '\\S' }),
  client_email: T.String({ maxLength: 254, description: 'e-mail address; the quote PDF is sent there' }),
  items: T.Array(QuoteItem, { minItems: 1, maxItems: 100 }),
})

export const BookBody = T.Composite([BookingInputSchema, T.Object({ visitor_id: VisitorId })])

// ---- Public answers the widget reads (issue 17) -------------------------------------------------
// One block so it can move with the chat runtime's split (conversations, forms, quotes, bookings).
// The widget imports these types (`import type`), so its idea of an answer is the server's.
// The answers of slots and book are the booking core's: calendars/schemas.ts.

/** Every error answer: the human sentence, and for programs the code and the field at fault. */
export const ErrorAnswerSchema = T.Object({
  error: T.String(),
  detail: T.Optional(T.String()),
  code: T.Optional(T.String()),
  field: T.Optional(T.String()),
})
export type ErrorAnswer = Static<typeof ErrorAnswerSchema>

export const SourceSchema = T.Object({
  title: T.String(),
  url: T.Union([T.String(), T.Null()]),
  snippet: T.String(),
})
export type SourceAnswer = Static<typeof SourceSchema>

/** A Data Collection question as visitors see it (the widget config lists them, chat answers name the next). */
export const PublicQuestionSchema = T.Object({
  title: T.String(),
  question: T.String(),
  type: T.Union(DATA_TYPES.map((v) => T.Literal(v))),
})
export type PublicQuestion = Static<typeof PublicQuestionSchema>

export const ChatAnswerSchema = T.Object({
  session_id: T.String(),
  reply: T.String({ description: 'Markdown' }),
  message_id: T.Optional(T.String()),
  sources: T.Optional(T.Array(SourceSchema)),
  answered: T.Optional(T.Boolean()),
  next_question: T.Optional(T.Union([PublicQuestionSchema, T.Null()])),
  done: T.Optional(T.Boolean()),
})
export type ChatAnswerBody = Static<typeof ChatAnswerSchema>

export const UploadAnswerSchema = T.Object({
  upload_id: T.String(),
  kind: T.Union([T.Literal('image'), T.Literal('pdf_document')]),
})
export type UploadAnswerBody = Static<typeof UploadAnswerSchema>

export const QuoteAnswerSchema = T.Object({
  quote_id: T.String(),
  quote_url: T.String({ format: 'uri' }),
  quote_number: T.Optional(T.String()),
  currency: T.String(),
  total_excluding_vat: T.String({ description: 'Two decimals' }),
  total_including_vat: T.String({ description: 'Two decimals' }),
  valid_until: T.Union([T.String({ description: 'YYYY-MM-DD' }), T.Null()]),
})
export type QuoteAnswerBody = Static<typeof QuoteAnswerSchema>
// ---- end of the public answers -------------------------------------------------------------------
