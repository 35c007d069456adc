import { Type as T } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { PageQuery, pageOf } from '../../http/pagination'
import { IdempotencyHeaders, idempotent, REPLAYED_HEADER_DOC, visitorScope } from '../../http/idempotency'
import type { AppContext } from '../../context'
import { chatbotAccess, publicAccess } from '../chatbots/guard'
import { TYPES } from '../chatbots/texts'
import { addressForLimits } from '../../http/client-address'
import { ChatbotParams, Confirmation, errorsOf, ExportQuery, FAILS } from '../../http/model'
import { csvResponse, jsonOrCsv } from '../../lib/csv'
import { PUBLIC, PUBLIC_TAGS, RESULT_TAGS } from '../../http/openapi'
import { BookBody } from '../chat/schemas'
import { cancelAppointment } from './cancel'
import { AppointmentList, BookingAnswer, CancelBody, SlotsAnswer, SlotsQuery } from './model'
import { APPOINTMENT_CANCELLED } from './texts'
import { APPOINTMENTS_ACCESS, appointmentsCsv, ownerAppointments } from './owner-appointments'
import { book, slotsOf } from './public-booking'

/** Free slots and booking for visitors, and the owner's appointments. */
export const bookingRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'bookings' })
    .use(
      new Elysia({ name: 'bookings-owner' })
        .use(chatbotAccess(ctx, APPOINTMENTS_ACCESS))
        .get(
          '/api/v1.0/chatbot-appointments/:uniqueId/',
          ({ chatbot, query }) =>
            jsonOrCsv(
              query.format === 'csv',
              async () => {
                const { items, ...more } = pageOf(await ownerAppointments(ctx, { chatbot }), query, { id: (a) => a.appointment_id, time: (a) => a.created_at })
                return { response: 'success' as const, appointments: items, ...more }
              },
              async () => csvResponse(appointmentsCsv(await ownerAppointments(ctx, { chatbot })), `${chatbot.name} appointments`),
            ),
          {
            params: ChatbotParams,
            query: T.Composite([PageQuery, ExportQuery]),
            response: { 200: AppointmentList, ...errorsOf(FAILS.chatbot) },
            detail: { operationId: 'listAppointments', summary: "An Appointment/Calendar Support chatbot's appointments, earliest first", tags: RESULT_TAGS, csvExport: true },
          },
        )
        .post(
          '/api/v1.0/chatbot-appointment-cancel/:uniqueId/',
          async ({ chatbot, body }) => {
            await cancelAppointment(ctx, chatbot, body)
            return { response: APPOINTMENT_CANCELLED }
          },
          {
            params: ChatbotParams,
            body: CancelBody,
            response: { 200: Confirmation(APPOINTMENT_CANCELLED), ...errorsOf(FAILS.chatbot, FAILS.body, [404, 409]) },
            detail: {
              operationId: 'cancelAppointment',
              summary: 'Cancel an appointment: it stays listed as cancelled, its time is free again, and both sides get a METHOD:CANCEL .ics',
              tags: RESULT_TAGS,
            },
          },
        ),
    )
    .use(
      new Elysia({ name: 'bookings-public' })
        .use(publicAccess(ctx, TYPES.appointment))
        .get('/api/v1.0/chat/:uniqueId/slots/', ({ chatbot, query }) => slotsOf(ctx, chatbot, query), {
          params: ChatbotParams,
          query: SlotsQuery,
          response: { 200: SlotsAnswer, ...errorsOf(FAILS.public) },
          detail: { operationId: 'listSlots', summary: "Free slots of one calendar on one day (in the calendar's zone)", tags: PUBLIC_TAGS, security: PUBLIC },
        })
        .post(
          '/api/v1.0/chat/:uniqueId/book/',
          ({ chatbot, body, request, set }) =>
            idempotent(ctx, { request, set }, visitorScope(chatbot.id, body.visitor_id), BookingAnswer, () => book(ctx, chatbot, body, addressForLimits(request))),
          {
            params: ChatbotParams,
            headers: IdempotencyHeaders,
            body: BookBody,
            response: { 200: BookingAnswer, ...errorsOf(FAILS.public, FAILS.body, [409]) },
            detail: {
              successHeaders: REPLAYED_HEADER_DOC,
              operationId: 'bookAppointment',
              summary: 'Book an offered slot; the client and the calendar get an .ics invitation by e-mail',
              tags: PUBLIC_TAGS,
              security: PUBLIC,
            },
          },
        ),
    )
