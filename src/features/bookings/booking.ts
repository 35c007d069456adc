/**
 * The booking core the public chat runtime calls (contract 8, Appointment/Calendar Support).
 * The caller has already answered for the chatbot itself (404 unknown, 403 not available);
 * these functions look calendars up by (chatbot, calendar) so another chatbot's calendar is
 * simply unknown. E-mails are the caller's: bookAppointment only writes the appointment.
 */
import type { Static } from '@sinclair/typebox'
import type { Transaction } from 'kysely'
import type { AppContext } from '../../context'
import type { Database } from '../../db/schema'
import { isUniqueViolation } from '../../db/errors'
import { conflict, invalid } from '../../http/errors'
import { parse } from '../../http/validate'
import { DAY } from '../../lib/clock'
import { isEmail, normaliseEmail } from '../../lib/email'
import { APPOINTMENT_DURATIONS, type AppointmentDuration } from '../calendars/calendar-input'
import { canonicalTimeZone } from '../calendars/clock'
import { calendarById, calendarsOf, lockCalendar, type StoredCalendar } from '../calendars/service'
import { appointmentsBetween, appointmentsOf, insertAppointment } from './repo'
import { BookingInputSchema } from '../calendars/model'
import type { BookingAnswer, SlotsAnswer as SlotsAnswerSchema } from './model'
import { findOfferedSlot, horizonOf, formatInZone, INVALID_DATE_MESSAGE, parseDayNumber, parseInstant, slotsForVisitor } from '../calendars/slots'
import { BOOKING_MESSAGES, SLOT_TAKEN } from '../calendars/texts'

export type BookingInput = Static<typeof BookingInputSchema>

export type SlotsAnswer = Static<typeof SlotsAnswerSchema>
export type Booking = Static<typeof BookingAnswer>

export interface AppointmentItem {
  appointment_id: string
  calendar_id: string
  calendar_name: string
  start: string
  end: string
  duration: number
  client_name: string
  client_email: string
  answers: unknown
  created_at: string
  status: 'confirmed' | 'cancelled'
}

const fieldError = (field: string, message: string) => invalid(field, message)
const slotTaken = () => conflict(SLOT_TAKEN)

async function requireCalendar(ctx: AppContext, chatbotId: string, calendarId: string | undefined): Promise<StoredCalendar> {
  if (calendarId === undefined || calendarId === '') throw fieldError('calendar_id', BOOKING_MESSAGES.required)
  const calendar = await calendarById(ctx.db, chatbotId, calendarId)
  if (!calendar) throw fieldError('calendar_id', BOOKING_MESSAGES.unknownCalendar)
  return calendar
}

/** A duration from a query string or a body: one of 15/30/45/60 and enabled on this calendar, else 400 `duration: ...`. */
function offeredDuration(calendar: StoredCalendar, value: string | number | undefined): AppointmentDuration {
  if (value === undefined || value === '') throw fieldError('duration', BOOKING_MESSAGES.required)
  const minutes = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN
  const duration = APPOINTMENT_DURATIONS.find((d) => d === minutes)
  if (duration === undefined) throw fieldError('duration', BOOKING_MESSAGES.badDuration)
  if (!calendar.durations.includes(duration)) throw fieldError('duration', BOOKING_MESSAGES.durationNotOffered(calendar.durations))
  return duration
}

/**
 * Free slots of one calendar on one day, as of ctx.clock. Parameters come straight from the query
 * string: `date` is YYYY-MM-DD in the calendar's zone, or in `timeZone` (the visitor's IANA zone)
 * when given, and the slots are then written in that zone (contract 10). 400 naming calendar_id,
 * duration, date or time_zone when one is missing or wrong; a past day or one over 180 days ahead
 * gives no slots. An empty list comes with next_available_date.
 */
export async function availableSlots(
  ctx: AppContext,
  chatbotId: string,
  calendarId: string | undefined,
  duration: string | number | undefined,
  date: string | undefined,
  timeZone?: string,
): Promise<SlotsAnswer> {
  const calendar = await requireCalendar(ctx, chatbotId, calendarId)
  const minutes = offeredDuration(calendar, duration)
  if (date === undefined || date === '') throw fieldError('date', BOOKING_MESSAGES.required)
  const dayNumber = parseDayNumber(date)
  if (dayNumber === null) throw fieldError('date', INVALID_DATE_MESSAGE)
  const zone = timeZone === undefined ? calendar.timeZone : canonicalTimeZone(timeZone)
  if (zone === null) throw fieldError('time_zone', BOOKING_MESSAGES.unknownZone)
  const now = ctx.clock.now()
  // The day's slots lie within three days either side of the same UTC date (any two zones differ
  // by under 27 h); an empty day searches on to the horizon for next_available_date.
  let booked = await appointmentsBetween(ctx.db, calendar.id, new Date((dayNumber - 3) * DAY), new Date((dayNumber + 4) * DAY))
  let found = slotsForVisitor(calendar, date, minutes, now, booked, zone)
  if (found.slots.length === 0 && found.nextAvailableDate !== null) {
    booked = await appointmentsBetween(ctx.db, calendar.id, new Date(now.getTime() - DAY), new Date(now.getTime() + (horizonOf(calendar) + 3) * DAY))
    found = slotsForVisitor(calendar, date, minutes, now, booked, zone)
  }
  return {
    calendar_id: calendar.id,
    date,
    duration: minutes,
    time_zone: zone,
    slots: found.slots,
    ...(found.slots.length === 0 ? { next_available_date: found.nextAvailableDate ?? null } : {}),
  }
}

/** Structural and format checks of a booking body, 400 naming the field; bookAppointment runs it too. */
export function parseBookingInput(body: unknown): BookingInput {
  const input = parse(BookingInputSchema, body)
  if (!isEmail(input.client_email.trim())) throw fieldError('client_email', 'must be a valid e-mail address')
  if (parseInstant(input.start) === null) throw fieldError('start', BOOKING_MESSAGES.badStart)
  return input
}

/** What the owner's list shows of a booking beside the visitor's answer (for its appointment.created event). */
export interface BookedDetails {
  calendarName: string
  duration: number
  createdAt: string
}

/**
 * Books `start` (any offset naming an offered slot's instant) for `duration` minutes. The offered
 * check and the insert share one transaction that first locks the calendar row, and the unique
 * (calendar_id, start_at) index refuses a same-start race the lock did not stop: of concurrent
 * requests for a slot exactly one succeeds, the others get 409 SLOT_TAKEN, as does a start
 * that is past, off the grid, outside hours or overlapping a booking.
 */
export async function bookAppointment(
  ctx: AppContext,
  chatbotId: string,
  body: BookingInput,
  /** Work that must commit with the booking or not at all (the invitation e-mail jobs). */
  alongside?: (trx: Transaction<Database>, booking: Booking, details: BookedDetails) => Promise<void>,
): Promise<Booking> {
  const input = parseBookingInput(body)
  const calendar = await requireCalendar(ctx, chatbotId, input.calendar_id)
  const duration = offeredDuration(calendar, input.duration)
  const start = parseInstant(input.start) as Date
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (!(await lockCalendar(trx, chatbotId, calendar.id))) throw fieldError('calendar_id', BOOKING_MESSAGES.unknownCalendar)
      const booked = await appointmentsBetween(trx, calendar.id, new Date(start.getTime() - 2 * DAY), new Date(start.getTime() + 2 * DAY))
      const now = ctx.clock.now()
      const slot = findOfferedSlot(calendar, start, duration, now, booked)
      if (!slot) throw slotTaken()
      const appointmentId = await insertAppointment(trx, {
        chatbotId,
        calendarId: calendar.id,
        start,
        end: new Date(start.getTime() + duration * 60_000),
        duration,
        clientName: input.client_name.trim(),
        clientEmail: normaliseEmail(input.client_email),
        answers: input.answers ?? [],
        now,
      })
      const booking: Booking = { appointment_id: appointmentId, calendar_id: calendar.id, start: slot.start, end: slot.end, status: 'confirmed' }
      await alongside?.(trx, booking, { calendarName: calendar.name, duration, createdAt: now.toISOString() })
      return booking
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken()
    throw error
  }
}

/** Every appointment of a chatbot, earliest first, times in each calendar's offset (the owner's list). */
export async function listAppointments(ctx: AppContext, chatbotId: string): Promise<AppointmentItem[]> {
  const rows = await appointmentsOf(ctx.db, chatbotId)
  const calendars = new Map((await calendarsOf(ctx.db, chatbotId)).map((c) => [c.id, c]))
  // Deleting a calendar deletes its appointments, so every row has its calendar.
  return rows
    .flatMap((a) => {
      const calendar = calendars.get(a.calendarId)
      return calendar ? [{ ...a, calendarName: calendar.name, timeZone: calendar.timeZone }] : []
    })
    .map((a) => ({
      appointment_id: a.id,
      calendar_id: a.calendarId,
      calendar_name: a.calendarName,
      start: formatInZone(a.start, a.timeZone),
      end: formatInZone(a.end, a.timeZone),
      duration: a.duration,
      client_name: a.clientName,
      client_email: a.clientEmail,
      answers: a.answers,
      created_at: a.createdAt,
      status: a.status,
    }))
}
