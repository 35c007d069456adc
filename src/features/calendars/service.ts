/**
 * Calendar management for owners (calendar-add, -view, -delete). Each handler checks in the
 * order the spec's error table implies: subscription, then the chatbot (existence, owner,
 * type), then the body. The booking core for the chat runtime lives in booking.ts and is
 * re-exported here.
 */
import type { AppContext } from '../../context'
import { AppError, badRequest, CHATBOT_NOT_FOUND, limitReached, notFound, wrongChatbotType } from '../../http/errors'
import { check } from '../../http/validate'
import { requireSubscription } from '../billing/service'
import { ownedChatbot } from '../chatbots/access'
import { MAX_CALENDARS } from '../chatbots/model'
import { TYPES } from '../chatbots/texts'
import { parseCalendarInputs } from './calendar-input'
import { countCalendars, deleteCalendar, insertCalendars, latestCalendarTime, listCalendars, lockChatbot } from './repo'
import { CalendarDeleteBody } from './model'
import {
  ADD_SUBSCRIPTION_REQUIRED,
  ADD_WRONG_TYPE,
  CALENDAR_DATA_REQUIRED,
  CALENDAR_LIMIT_REACHED,
  calendarNotFound,
  MANAGE_WRONG_TYPE,
  SUBSCRIPTION_REQUIRED,
  VIEW_WRONG_TYPE,
} from './texts'
import { viewItem, type CalendarViewItem } from './view'

export {
  availableSlots,
  bookAppointment,
  calendarOf,
  listAppointments,
  parseBookingInput,
  publicCalendars,
  type AppointmentItem,
  type Booking,
  type BookingInput,
  type SlotsAnswer,
} from '../bookings/booking'
export type { StoredCalendar } from './repo'
export type { CalendarViewItem, PublicCalendar } from './view'

const APPOINTMENT = [TYPES.appointment] as const

const asObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}

/** Adds all the calendars or none: existing + new over the limit adds nothing. Returns the new ids. */
export async function addCalendars(ctx: AppContext, accountId: string, chatbotId: string, body: unknown): Promise<string[]> {
  await requireSubscription(ctx, accountId, ADD_SUBSCRIPTION_REQUIRED)
  const chatbot = await ownedChatbot(ctx, accountId, chatbotId, {
    missing: notFound(CHATBOT_NOT_FOUND),
    types: APPOINTMENT,
    wrongType: wrongChatbotType(ADD_WRONG_TYPE),
  })
  const data = asObject(body).calendar_data
  const parsed = data === undefined || data === null ? null : parseCalendarInputs(data)
  if (parsed === null) throw badRequest(CALENDAR_DATA_REQUIRED, 'calendar_data: is required', 'calendar_data')
  if (!parsed.ok) throw badRequest(CALENDAR_DATA_REQUIRED, `${parsed.field}: ${parsed.message}`, parsed.field)

  const ids = await ctx.db.transaction().execute(async (trx) => {
    // Locking the chatbot row first makes count-then-insert atomic against a concurrent add.
    await lockChatbot(trx, chatbot.id)
    const existing = await countCalendars(trx, chatbot.id)
    if (existing + parsed.calendars.length > MAX_CALENDARS) throw limitReached(CALENDAR_LIMIT_REACHED, 400, 'calendar_data')
    // created_at orders the view (ids are random): stamp the batch after every existing calendar.
    const latest = await latestCalendarTime(trx, chatbot.id)
    const now = ctx.clock.now()
    const stamp = latest && latest >= now ? new Date(latest.getTime() + 1) : now
    return insertCalendars(trx, chatbot.id, parsed.calendars, stamp)
  })
  ctx.log.info('calendars.added', { chatbot_id: chatbot.id, count: ids.length })
  return ids
}

export async function viewCalendars(ctx: AppContext, accountId: string, chatbotId: string): Promise<CalendarViewItem[]> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const chatbot = await ownedChatbot(ctx, accountId, chatbotId, {
    missing: notFound(CHATBOT_NOT_FOUND),
    types: APPOINTMENT,
    wrongType: wrongChatbotType(VIEW_WRONG_TYPE),
  })
  const now = ctx.clock.now()
  return (await listCalendars(ctx.db, chatbot.id)).map((calendar) => viewItem(calendar, now))
}

/** Deletes one calendar of the chatbot with its appointments. The spec groups a missing chatbot with a wrong type (400). */
export async function removeCalendar(ctx: AppContext, accountId: string, chatbotId: string, body: unknown): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const chatbot = await ownedChatbot(ctx, accountId, chatbotId, { missing: wrongChatbotType(MANAGE_WRONG_TYPE), types: APPOINTMENT })
  // The spec answers an absent id like an unknown one (404), as document-delete and link-delete do;
  // `detail` then names the field.
  const checked = check(CalendarDeleteBody, asObject(body))
  const rawId = asObject(body).calendar_id
  const shownId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : ''
  if (!checked.ok) throw new AppError('not_found', 404, calendarNotFound(shownId), { field: 'calendar_id', detail: `${checked.field}: ${checked.message}` })
  const calendarId = checked.value.calendar_id
  if (!(await deleteCalendar(ctx.db, chatbot.id, calendarId))) throw new AppError('not_found', 404, calendarNotFound(calendarId), { field: 'calendar_id' })
  ctx.log.info('calendar.deleted', { chatbot_id: chatbot.id, calendar_id: calendarId })
}
