/** TypeBox schemas of the public chat bodies: validation (400 naming the field) and OpenAPI. */
import { Type as T } from '@sinclair/typebox'
import { BookingInputSchema } from '../calendars/model'
import { MAX_QUOTE_QUANTITY } from '../quotes/model'

const VisitorId = T.String({ minLength: 1, maxLength: 100, description: 'Kept by the widget in localStorage' })
const SessionId = T.String({ minLength: 1, maxLength: 100, description: 'From an earlier answer; omit to start a new conversation' })

export const VisitorFields = T.Object({ visitor_id: VisitorId, session_id: T.Optional(SessionId) })

export const ChatBody = T.Object({
  message: T.String({ minLength: 1, maxLength: 4000, description: 'For image and pdf_document questions: the upload_id' }),
  visitor_id: VisitorId,
  session_id: T.Optional(SessionId),
  time_zone: T.Optional(
    T.String({ maxLength: 64, description: "The visitor's IANA zone (the widget sends the browser's): date answers are read against today there; UTC when absent" }),
  ),
})

export const UploadForm = T.Object({
  file: T.String({
    format: 'binary',
    description:
      'PNG, JPEG, GIF, WebP or PDF (by content), at most 10 MiB. Send visitor_id and session_id before it (or in the query string): the upload is then refused before the file is read',
  }),
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
