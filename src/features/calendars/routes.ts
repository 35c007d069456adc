import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { ChatbotParams, Confirmation, errorsOf, FAILS, MessageAnswer } from '../../http/model'
import { requestBody } from '../../http/openapi'
import { CalendarAddBody, CalendarDeleteBody, CalendarViewResponse } from './model'
import { addCalendars, removeCalendar, viewCalendars } from './service'
import { CALENDAR_DELETED, CALENDARS_ADDED, SUCCESS } from './texts'

const tags = ['Calendars']

/** calendar-add, -view and -delete (spec 4.3); the booking endpoints belong to the chat runtime. */
export const calendarRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'calendars' })
    .use(authGuard(ctx))
    .post(
      '/api/v1.0/chatbot-calendar-add/:uniqueId/',
      async ({ account, params, body }) => {
        await addCalendars(ctx, account.accountId, params.uniqueId, body)
        return { message: CALENDARS_ADDED }
      },
      {
        params: ChatbotParams,
        response: { 200: MessageAnswer(CALENDARS_ADDED), ...errorsOf(FAILS.chatbot, FAILS.body) },
        detail: {
          operationId: 'addCalendars',
          summary: 'Add calendars to an Appointment/Calendar Support chatbot (at most 10 in all)',
          tags,
          requestBody: requestBody({ 'application/json': CalendarAddBody }),
        },
      },
    )
    .get(
      '/api/v1.0/chatbot-calendar-view/:uniqueId/',
      async ({ account, params }) => ({ response: SUCCESS, calendar_list: await viewCalendars(ctx, account.accountId, params.uniqueId) }),
      {
        params: ChatbotParams,
        response: { 200: CalendarViewResponse, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listCalendars', summary: "List a chatbot's calendars (24-hour times, zone abbreviation for today)", tags },
      },
    )
    .post(
      '/api/v1.0/chatbot-calendar-delete/:uniqueId/',
      async ({ account, params, body }) => {
        await removeCalendar(ctx, account.accountId, params.uniqueId, body)
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
    )
