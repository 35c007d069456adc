/**
 * Answer models of the chat runtime and the owner's result lists (contract section 8). The request
 * bodies stay in schemas.ts beside them.
 */
import { Type as T } from '@sinclair/typebox'
import { PublicCalendarSchema } from '../calendars/model'
import { ChatbotTypeSchema } from '../chatbots/model'

const AnswerType = T.Union([T.Literal('text'), T.Literal('number'), T.Literal('boolean'), T.Literal('image'), T.Literal('pdf_document')])

export const QuestionSchema = T.Object({ title: T.String(), question: T.String(), type: AnswerType })

export const ChatAnswer = T.Object(
  {
    session_id: T.String(),
    reply: T.String({ description: 'Markdown' }),
    sources: T.Optional(T.Array(T.Object({ title: T.String(), url: T.Union([T.String(), T.Null()]), snippet: T.String() }))),
    next_question: T.Optional(T.Union([QuestionSchema, T.Null()])),
    done: T.Optional(T.Boolean()),
  },
  { description: 'The reply, and for Data Collection the next question' },
)

export const UploadAnswer = T.Object(
  { upload_id: T.String(), kind: T.Union([T.Literal('image'), T.Literal('pdf_document')]) },
  { description: 'Send upload_id as the message answering the question' },
)

export const QuoteAnswer = T.Object(
  {
    quote_id: T.String(),
    quote_url: T.String({ format: 'uri' }),
    currency: T.String(),
    total_excluding_vat: T.String(),
    total_including_vat: T.String(),
    valid_until: T.Union([T.String(), T.Null()]),
  },
  { description: 'The quote; its PDF was e-mailed to client_email' },
)

export const SlotsQuery = T.Object({
  calendar_id: T.Optional(T.String({ description: 'A calendar_id of the widget config' })),
  duration: T.Optional(T.String({ description: 'Minutes: 15, 30, 45 or 60, one the calendar enables' })),
  date: T.Optional(T.String({ description: "YYYY-MM-DD, a day in the calendar's zone" })),
})

export const SlotsAnswer = T.Object(
  {
    calendar_id: T.String(),
    date: T.String(),
    duration: T.Integer(),
    time_zone: T.String({ description: 'IANA name' }),
    slots: T.Array(T.Object({ start: T.String({ description: 'ISO 8601 with offset' }), end: T.String() })),
  },
  { description: 'The free slots of that day' },
)

export const BookingAnswer = T.Object(
  { appointment_id: T.String(), calendar_id: T.String(), start: T.String(), end: T.String(), status: T.Literal('confirmed') },
  { description: 'The appointment is booked; both sides get an .ics invitation' },
)

const ShownAnswer = T.Object({ title: T.String(), type: AnswerType, value: T.Union([T.String(), T.Number(), T.Boolean()]) })

export const SubmissionList = T.Object(
  {
    response: T.Literal('success'),
    submissions: T.Array(T.Object({ submission_id: T.String(), created_at: T.String(), answers: T.Array(ShownAnswer) })),
  },
  { description: 'Newest first; uploads as absolute URLs' },
)

export const LeadList = T.Object(
  {
    response: T.Literal('success'),
    leads: T.Array(
      T.Object({
        lead_id: T.String(),
        created_at: T.String(),
        client_name: T.String(),
        client_email: T.String(),
        quote_id: T.String(),
        quote_url: T.String(),
        total_excluding_vat: T.String(),
        total_including_vat: T.String(),
        currency: T.String(),
        webhook_status: T.Union([T.Literal('none'), T.Literal('pending'), T.Literal('delivered'), T.Literal('failed')]),
        webhook_attempts: T.Integer(),
      }),
    ),
  },
  { description: 'Newest first, with the webhook delivery state' },
)

export const AppointmentList = T.Object(
  {
    response: T.Literal('success'),
    appointments: T.Array(
      T.Object({
        appointment_id: T.String(),
        calendar_id: T.String(),
        calendar_name: T.String(),
        start: T.String(),
        end: T.String(),
        duration: T.Integer(),
        client_name: T.String(),
        client_email: T.String(),
        answers: T.Array(ShownAnswer),
        created_at: T.String(),
      }),
    ),
  },
  { description: 'Earliest first' },
)

export const WidgetConfigAnswer = T.Object(
  {
    chatbot_id: T.String(),
    chatbot_type: ChatbotTypeSchema,
    chatbot_name: T.String(),
    chatbot_title: T.String(),
    chatbot_greeting: T.String(),
    chatbot_instructions: T.String(),
    chatbot_color1: T.String(),
    chatbot_color2: T.String(),
    logo_url: T.Union([T.String(), T.Null()]),
    pricing_plans: T.Optional(T.Array(T.Unknown({ description: 'A price list item as stored at creation (see pricing_plans there)' }))),
    currency: T.Optional(T.String()),
    data_collection: T.Optional(T.Array(QuestionSchema)),
    calendars: T.Optional(T.Array(PublicCalendarSchema)),
  },
  { description: 'What the widget needs to draw itself' },
)

export const MediaParams = {
  quote: T.Object({ quoteId: T.String() }),
  upload: T.Object({ uploadId: T.String() }),
}
