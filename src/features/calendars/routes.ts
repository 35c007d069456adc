import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { bodyDoc } from '../../http/docs'
import { CalendarAddBody, CalendarDeleteBody, CalendarViewResponse } from './schemas'
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
      { detail: bodyDoc(CalendarAddBody, { summary: 'Add calendars to an Appointment/Calendar Support chatbot (at most 10 in all)', tags }) },
    )
    .get(
      '/api/v1.0/chatbot-calendar-view/:uniqueId/',
      async ({ account, params }) => ({ response: SUCCESS, calendar_list: await viewCalendars(ctx, account.accountId, params.uniqueId) }),
      {
        detail: {
          summary: "List a chatbot's calendars (24-hour times, zone abbreviation for today)",
          tags,
          security: [{ token: [] }],
          responses: { 200: { description: 'The calendars, oldest first', content: { 'application/json': { schema: CalendarViewResponse } } } },
        },
      },
    )
    .post(
      '/api/v1.0/chatbot-calendar-delete/:uniqueId/',
      async ({ account, params, body }) => {
        await removeCalendar(ctx, account.accountId, params.uniqueId, body)
        return { response: CALENDAR_DELETED }
      },
      { detail: bodyDoc(CalendarDeleteBody, { summary: 'Delete a calendar and its appointments', tags }) },
    )
