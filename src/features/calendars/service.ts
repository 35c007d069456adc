/**
 * Calendar management for owners (calendar-add, -view, -delete). Each handler checks in the
 * order the spec's error table implies: subscription, then the chatbot (existence, owner,
 * type), then the body. Bookings (bookings/) read calendars through the functions at the end.
 */
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { AppError, badRequest, CHATBOT_NOT_FOUND, invalid, limitReached, notFound, wrongChatbotType } from '../../http/errors'
import { check } from '../../http/validate'
import type { ChatbotAccess, ChatbotAccessRule } from '../chatbots/guard'
import { MAX_CALENDARS } from '../chatbots/model'
import { TYPES } from '../chatbots/texts'
import { CALENDAR_INPUT_FIELDS, CALENDAR_MESSAGES, parseCalendarEdit, parseCalendarInputs, type CalendarInput } from './calendar-input'
import { unknownField } from '../chatbots/texts'
import { notAvailableForType } from '../chat/texts'
import { countCalendars, deleteCalendar, findCalendar, insertCalendars, latestCalendarTime, listCalendars, lockCalendarRow, updateCalendar, type StoredCalendar } from './repo'
import { lockChatbot } from '../chatbots/service'
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
import { publicItem, viewItem, type CalendarViewItem, type PublicCalendar } from './view'

export type { StoredCalendar } from './repo'
export type { CalendarViewItem, PublicCalendar } from './view'

const APPOINTMENT = [TYPES.appointment] as const

const asObject = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {})

/** calendar-add: 404 for an unknown chatbot, the spec's type error for another type. */
export const CALENDAR_ADD_ACCESS: ChatbotAccessRule = {
  subscription: ADD_SUBSCRIPTION_REQUIRED,
  missing: () => notFound(CHATBOT_NOT_FOUND),
  types: APPOINTMENT,
  wrongType: () => wrongChatbotType(ADD_WRONG_TYPE),
}

/** calendar-view. */
export const CALENDAR_VIEW_ACCESS: ChatbotAccessRule = {
  subscription: SUBSCRIPTION_REQUIRED,
  missing: () => notFound(CHATBOT_NOT_FOUND),
  types: APPOINTMENT,
  wrongType: () => wrongChatbotType(VIEW_WRONG_TYPE),
}

/** calendar-delete: the spec groups a missing chatbot with a wrong type (400). */
export const CALENDAR_DELETE_ACCESS: ChatbotAccessRule = { subscription: SUBSCRIPTION_REQUIRED, missing: () => wrongChatbotType(MANAGE_WRONG_TYPE), types: APPOINTMENT }

/**
 * Adds all the calendars or none: existing + new over the limit adds nothing. Returns the new ids.
 * The body is read here: the spec answers every calendar_data problem with one text, naming the
 * field in `detail`, which the route's model cannot word.
 */
export async function addCalendars(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, body: unknown): Promise<string[]> {
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

export async function viewCalendars(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>): Promise<CalendarViewItem[]> {
  const now = ctx.clock.now()
  return (await listCalendars(ctx.db, chatbot.id)).map((calendar) => viewItem(calendar, now))
}

/** Deletes one calendar of the chatbot with its appointments. The spec groups a missing chatbot with a wrong type (400). */
export async function removeCalendar(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, body: unknown): Promise<void> {
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

/**
 * calendar-edit (contract 10): `calendar_id` and any subset of the calendar input fields, checked
 * with the rest of the calendar by calendar-add's rules; booked appointments stay booked. The body
 * is read here so an unknown field is named (`Unknown field: <name>`).
 */
export async function editCalendar(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, body: unknown): Promise<void> {
  const { calendar_id: rawId, ...changes } = asObject(body)
  if (rawId === undefined || rawId === null || rawId === '') throw invalid('calendar_id', CALENDAR_MESSAGES.required)
  if (typeof rawId !== 'string') throw invalid('calendar_id', CALENDAR_MESSAGES.notString)
  const unknown = Object.keys(changes).find((key) => !CALENDAR_INPUT_FIELDS.includes(key))
  if (unknown !== undefined) throw badRequest(unknownField(unknown), undefined, unknown)
  const stored = await findCalendar(ctx.db, chatbot.id, rawId)
  if (!stored) throw new AppError('not_found', 404, calendarNotFound(rawId), { field: 'calendar_id' })
  const parsed = parseCalendarEdit(stored, changes)
  if (!parsed.ok) throw invalid(parsed.field, parsed.message)
  if (!(await updateCalendar(ctx.db, chatbot.id, stored.id, parsed.calendar))) throw new AppError('not_found', 404, calendarNotFound(rawId), { field: 'calendar_id' })
  ctx.log.info('calendar.updated', { chatbot_id: chatbot.id, calendar_id: stored.id })
}

/** calendar-edit: like calendar-view. */
export const CALENDAR_EDIT_ACCESS: ChatbotAccessRule = {
  subscription: SUBSCRIPTION_REQUIRED,
  missing: () => notFound(CHATBOT_NOT_FOUND),
  types: APPOINTMENT,
  wrongType: (chatbot) => wrongChatbotType(notAvailableForType(chatbot.type)),
}

// For the bookings feature and the widget, which never query the calendars table themselves.

/** One calendar of this chatbot (undefined when it is another chatbot's or unknown). */
export const calendarById = (db: Db, chatbotId: string, calendarId: string): Promise<StoredCalendar | undefined> => findCalendar(db, chatbotId, calendarId)

export const calendarsOf = (db: Db, chatbotId: string): Promise<StoredCalendar[]> => listCalendars(db, chatbotId)

/** Holds the calendar's row lock for the caller's transaction; false when it is gone. */
export const lockCalendar = (trx: Db, chatbotId: string, calendarId: string): Promise<boolean> => lockCalendarRow(trx, chatbotId, calendarId)

/** One calendar with everything the invitation e-mail needs (name, email, description, zone); undefined when not this chatbot's. */
export const calendarOf = (ctx: AppContext, chatbotId: string, calendarId: string): Promise<StoredCalendar | undefined> => findCalendar(ctx.db, chatbotId, calendarId)

/** The widget config's `calendars` (contract 8). */
export async function publicCalendars(ctx: AppContext, chatbotId: string): Promise<PublicCalendar[]> {
  return (await listCalendars(ctx.db, chatbotId)).map(publicItem)
}

/** An Appointment chatbot's calendar_data at creation: checked, then stored in the creation's transaction. */
export const creationCalendars = {
  parse(raw: unknown): CalendarInput[] {
    const parsed = parseCalendarInputs(raw)
    if (!parsed.ok) throw invalid(parsed.field, parsed.message)
    if (parsed.calendars.length > MAX_CALENDARS) throw invalid('calendar_data', `must have at most ${MAX_CALENDARS} items`)
    return parsed.calendars
  },
  insert: (trx: Db, chatbotId: string, calendars: CalendarInput[], now: Date) => insertCalendars(trx, chatbotId, calendars, now),
}
