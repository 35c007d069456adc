/**
 * The events a chatbot sends to its webhook_url (contract 12), as the OpenAPI document's
 * `webhooks` declares them, and the owner's view of their deliveries. Each event's record carries
 * the fields its owner endpoint lists.
 */
import { Type as T, type Static, type TSchema } from '@sinclair/typebox'
import { HasMore } from '../../http/pagination'
import { AppointmentList } from '../bookings/model'
import { SubmissionList } from '../forms/model'
import { LeadList } from '../quotes/model'

export const EVENT_TYPES = ['lead.created', 'submission.created', 'appointment.created', 'appointment.cancelled', 'conversation.unanswered'] as const
export type EventType = (typeof EVENT_TYPES)[number]
export const EventTypeSchema = T.Union([
  T.Literal('lead.created'),
  T.Literal('submission.created'),
  T.Literal('appointment.created'),
  T.Literal('appointment.cancelled'),
  T.Literal('conversation.unanswered'),
])

const LeadItem = T.Omit(LeadList.properties.leads.items, ['webhook_status', 'webhook_attempts'])
export const LeadRecord = T.Composite([
  LeadItem,
  T.Object({
    valid_until: T.Union([T.String(), T.Null()]),
    items: T.Array(T.Object({ name: T.String(), quantity: T.Number(), line_total_excluding_vat: T.String(), line_total_including_vat: T.String() })),
  }),
])
export const SubmissionRecord = SubmissionList.properties.submissions.items
export const AppointmentRecord = AppointmentList.properties.appointments.items
export const QuestionRecord = T.Object({
  message_id: T.String({ description: "The visitor's message" }),
  session_id: T.String(),
  visitor_id: T.String(),
  question: T.String(),
  created_at: T.String(),
})

const event = <K extends string, R extends TSchema>(type: EventType, key: K, record: R, description: string) =>
  T.Object(
    {
      type: T.Literal(type),
      timestamp: T.String({ description: 'When the event happened (ISO 8601)' }),
      data: T.Object({ chatbot_id: T.String(), [key]: record } as { chatbot_id: TSchema } & Record<K, R>),
    },
    { description },
  )

/** Each event's payload, by type (the document's `webhooks`). */
export const EVENT_PAYLOADS = {
  'lead.created': event('lead.created', 'lead', LeadRecord, 'Quote Generation: a visitor asked for a quote'),
  'submission.created': event('submission.created', 'submission', SubmissionRecord, 'Data Collection: a visitor completed the form'),
  'appointment.created': event('appointment.created', 'appointment', AppointmentRecord, 'Appointment/Calendar Support: a visitor booked'),
  'appointment.cancelled': event('appointment.cancelled', 'appointment', AppointmentRecord, 'Appointment/Calendar Support: the owner cancelled an appointment'),
  'conversation.unanswered': event('conversation.unanswered', 'question', QuestionRecord, 'Knowledge Retrieval, Business Enquiries: a question the material could not answer'),
} as const

export type LeadRecord = Static<typeof LeadRecord>
export type SubmissionRecord = Static<typeof SubmissionRecord>
export type AppointmentRecord = Static<typeof AppointmentRecord>
export type QuestionRecord = Static<typeof QuestionRecord>

export const DeliveryStatus = T.Union([T.Literal('pending'), T.Literal('delivered'), T.Literal('failed')])

export const DeliveryList = T.Object(
  {
    response: T.Literal('success'),
    deliveries: T.Array(
      T.Object({
        delivery_id: T.String({ description: 'Also the webhook-id header of every attempt' }),
        event_type: EventTypeSchema,
        status: DeliveryStatus,
        attempts: T.Integer(),
        last_status: T.Union([T.Integer(), T.Null()], { description: "The receiver's HTTP status at the last attempt, when it answered" }),
        last_error: T.Union([T.String(), T.Null()]),
        created_at: T.String(),
        updated_at: T.String(),
        payload: T.String({ description: 'The event as signed and sent (JSON text)' }),
      }),
    ),
    ...HasMore,
  },
  { description: "The chatbot's webhook deliveries, newest first" },
)

export const RotatedSecret = T.Object(
  { webhook_secret: T.String({ description: 'The new secret; for 24 hours deliveries carry a signature under it and one under the old one' }) },
  { description: 'The secret was replaced' },
)
