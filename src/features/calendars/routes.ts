import { Elysia } from 'elysia'
import { accountScope, IdempotencyHeaders, idempotent, REPLAYED_HEADER_DOC } from '../../http/idempotency'
import type { AppContext } from '../../context'
import { chatbotAccess } from '../chatbots/guard'
import { ChatbotParams, Confirmation, errorsOf, FAILS, MessageAnswer } from '../../http/model'
import { requestBody } from '../../http/openapi'
import { CalendarAddBody, CalendarDeleteBody, CalendarEditBody, CalendarViewResponse } from './model'
import { addCalendars, CALENDAR_ADD_ACCESS, CALENDAR_DELETE_ACCESS, CALENDAR_EDIT_ACCESS, CALENDAR_VIEW_ACCESS, editCalendar, removeCalendar, viewCalendars } from './service'
import { CALENDAR_DELETED, CALENDAR_UPDATED, CALENDARS_ADDED, SUCCESS } from './texts'

const tags = ['Calendars']
const CalendarsAdded = MessageAnswer(CALENDARS_ADDED)

/** calendar-add, -view and -delete (spec 4.3); the booking endpoints belong to the chat runtime. */
export const calendarRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'calendars' })
    .use(
      new Elysia({ name: 'calendar-add' }).use(chatbotAccess(ctx, CALENDAR_ADD_ACCESS)).post(
        '/api/v1.0/chatbot-calendar-add/:uniqueId/',
        ({ chatbot, body, request, set }) =>
          idempotent(ctx, { request, set }, accountScope(chatbot.account_id), CalendarsAdded, async () => {
            await addCalendars(ctx, { chatbot }, body)
            return { message: CALENDARS_ADDED }
          }),
        {
          params: ChatbotParams,
          headers: IdempotencyHeaders,
          response: { 200: CalendarsAdded, ...errorsOf(FAILS.chatbot, FAILS.body, [409]) },
          detail: {
            successHeaders: REPLAYED_HEADER_DOC,
            operationId: 'addCalendars',
            summary: 'Add calendars to an Appointment/Calendar Support chatbot (at most 10 in all)',
            tags,
            requestBody: requestBody({ 'application/json': CalendarAddBody }),
          },
        },
      ),
    )
    .use(
      new Elysia({ name: 'calendar-view' })
        .use(chatbotAccess(ctx, CALENDAR_VIEW_ACCESS))
        .get('/api/v1.0/chatbot-calendar-view/:uniqueId/', async ({ chatbot }) => ({ response: SUCCESS, calendar_list: await viewCalendars(ctx, { chatbot }) }), {
          params: ChatbotParams,
          response: { 200: CalendarViewResponse, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'listCalendars', summary: "List a chatbot's calendars (24-hour times, zone abbreviation for today)", tags },
        }),
    )
    .use(
      new Elysia({ name: 'calendar-delete' }).use(chatbotAccess(ctx, CALENDAR_DELETE_ACCESS)).post(
        '/api/v1.0/chatbot-calendar-delete/:uniqueId/',
        async ({ chatbot, body }) => {
          // The body is read by the service: the spec answers a missing or malformed calendar_id with its 404.
          await removeCalendar(ctx, { chatbot }, body)
          return { response: CALENDAR_DELETED }
        },
        {
          params: ChatbotParams,
          response: { 200: Confirmation(CALENDAR_DELETED), ...errorsOf(FAILS.chatbot, FAILS.body) },
          detail: {
            operationId: 'deleteCalendar',
            summary: 'Delete a calendar and its appointments',
            tags,
            requestBody: requestBody({ 'application/json': CalendarDeleteBody }),
          },
        },
      ),
    )
    .use(
      new Elysia({ name: 'calendar-edit' }).use(chatbotAccess(ctx, CALENDAR_EDIT_ACCESS)).post(
        '/api/v1.0/chatbot-calendar-edit/:uniqueId/',
        async ({ chatbot, body }) => {
          // Read by the service: an unknown field is named, and the stored calendar fills in the rest.
          await editCalendar(ctx, { chatbot }, body)
          return { response: CALENDAR_UPDATED }
        },
        {
          params: ChatbotParams,
          response: { 200: Confirmation(CALENDAR_UPDATED), ...errorsOf(FAILS.chatbot, FAILS.body) },
          detail: {
            operationId: 'editCalendar',
            summary: "Change a calendar's settings; booked appointments stay booked",
            tags,
            requestBody: requestBody({ 'application/json': CalendarEditBody }),
          },
        },
      ),
    )
