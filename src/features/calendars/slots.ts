/**
 * The slot engine. Availability is laid out on the wall clock of the calendar's zone and
 * converted to instants at the edges (design.md: DST change days have 23 or 25 hours).
 *
 * Wall time → instant is resolved here from tzOffset rather than by `new TZDate(y, m, d, h,
 * min, zone)`: TZDate picks either occurrence of a repeated wall time depending on the
 * process's own zone, and moves a non-existent one forward, while the contract wants the
 * first occurrence and a skip.
 */
import { tzOffset } from '@date-fns/tz'
import type { TimeRange, WeeklyHours } from './availability-input'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
const MINUTES_PER_DAY = 1440

/** A date past today plus this many days (in the calendar's zone) has no slots, unless the calendar sets its own. */
export const BOOKING_HORIZON_DAYS = 180

/**
 * The rules a calendar's slots follow (contract 7, and 16's availability, each optional with the
 * value that changes nothing).
 */
export interface SlotCalendar {
  /** Minutes after midnight, wall clock of timeZone. */
  dailyStart: number
  dailyEnd: number
  timeZone: string
  includeWeekends: boolean
  /** The days it names use their ranges instead of dailyStart/dailyEnd and includeWeekends. */
  weeklyHours?: WeeklyHours
  /** Kept free after each appointment: a slot may not start within it, nor end within the next one's. */
  bufferMinutes?: number
  /** No slot starts sooner than this after now. */
  minimumNoticeMinutes?: number
  /** Days after today (the calendar's) that can be booked; BOOKING_HORIZON_DAYS when unset. */
  maxDaysAhead?: number
  /** Closed days, 'YYYY-MM-DD' of the calendar's zone. */
  daysOff?: readonly string[]
}

export const horizonOf = (calendar: SlotCalendar): number => calendar.maxDaysAhead ?? BOOKING_HORIZON_DAYS

/** ISO 8601 with the calendar's offset, e.g. '2026-12-01T09:00:00-05:00'. */
export interface Slot {
  start: string
  end: string
}

export interface BookedInterval {
  start: Date
  end: Date
}

export const INVALID_DATE_MESSAGE = 'must be a date like 2026-12-01'

/** listSlots' answer to a date that is not a real YYYY-MM-DD day; the route gives 400 `date: ...`. */
export class InvalidSlotDateError extends Error {
  readonly field = 'date'
  constructor() {
    super(INVALID_DATE_MESSAGE)
    this.name = 'InvalidSlotDateError'
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Days since 1970-01-01 of a 'YYYY-MM-DD' calendar day, or null when it is not a real day
 * ('2026-02-30', '2026-2-3'). Day numbers make "before today" and "180 days ahead" plain
 * integer comparisons, free of any zone.
 */
export function parseDayNumber(text: string): number | null {
  const match = ISO_DATE.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = new Date(Date.UTC(year, month - 1, day))
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null
  return utc.getTime() / DAY_MS
}

interface WallClock {
  dayNumber: number
  minutes: number
}

/** What the zone's wall clock reads at an instant (always exactly one answer). */
function wallClockOf(instant: Date, zone: string): WallClock {
  const shifted = instant.getTime() + tzOffset(zone, instant) * MINUTE_MS
  const dayNumber = Math.floor(shifted / DAY_MS)
  return { dayNumber, minutes: Math.floor((shifted - dayNumber * DAY_MS) / MINUTE_MS) }
}

/**
 * The first instant at which the zone's wall clock reads that day and minute; null when the
 * clock skips it (spring forward). Each offset in force around that day is tried, and kept
 * only if the zone really uses it at the instant it gives.
 */
function resolveWallTime(dayNumber: number, minutes: number, zone: string): Date | null {
  const wallAsUtc = dayNumber * DAY_MS + minutes * MINUTE_MS
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => tzOffset(zone, new Date(wallAsUtc + shift))))
  const instants = [...offsets].filter((offset) => tzOffset(zone, new Date(wallAsUtc - offset * MINUTE_MS)) === offset).map((offset) => wallAsUtc - offset * MINUTE_MS)
  return instants.length === 0 ? null : new Date(Math.min(...instants))
}

function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** ISO 8601 to the second with the zone's offset at that instant ('+00:00', never 'Z'). */
export function formatInZone(instant: Date, zone: string): string {
  const offset = tzOffset(zone, instant)
  const wall = new Date(instant.getTime() + offset * MINUTE_MS).toISOString().slice(0, 19)
  return `${wall}${formatOffset(offset)}`
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i

/** A booking's requested start: ISO 8601 with an offset or Z (any offset naming the instant). */
export function parseInstant(text: string): Date | null {
  if (!ISO_INSTANT.test(text)) return null
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : new Date(ms)
}

interface SlotInstants {
  start: Date
  end: Date
}

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

/** The opening ranges of a day of the calendar's wall clock: its weekly hours if it names the day, else the daily window. */
function openingRanges(calendar: SlotCalendar, dayNumber: number): readonly TimeRange[] {
  const weekday = new Date(dayNumber * DAY_MS).getUTCDay()
  const named = calendar.weeklyHours?.[WEEKDAY_KEYS[weekday]]
  if (named) return named
  if ((weekday === 0 || weekday === 6) && !calendar.includeWeekends) return []
  return [{ start: calendar.dailyStart, end: calendar.dailyEnd }]
}

/**
 * The day's slots before removing the past and the booked: in each opening range, wall-clock
 * starts stepping by the duration from the range's start, each lasting `duration` real minutes
 * and ending on the wall clock by the range's end. Starts the clock skips are dropped, repeated
 * ones resolve to their first occurrence, and a slot that would overlap the previous one
 * (possible after a slot runs across a spring-forward gap) is dropped so a calendar never
 * double-offers real time.
 */
function daySlots(calendar: SlotCalendar, dayNumber: number, duration: number): SlotInstants[] {
  const { timeZone: zone } = calendar
  const slots: SlotInstants[] = []
  for (const range of openingRanges(calendar, dayNumber)) {
    const closing = dayNumber * MINUTES_PER_DAY + range.end
    for (let minutes = range.start; minutes + duration <= range.end; minutes += duration) {
      const start = resolveWallTime(dayNumber, minutes, zone)
      if (start === null) continue
      const end = new Date(start.getTime() + duration * MINUTE_MS)
      const endWall = wallClockOf(end, zone)
      if (endWall.dayNumber * MINUTES_PER_DAY + endWall.minutes > closing) continue
      const previous = slots.at(-1)
      if (previous && start < previous.end) continue
      slots.push({ start, end })
    }
  }
  return slots
}

/** A slot clashes with a booking when either falls within the other's time plus the buffer after it. */
const clashes = (slot: SlotInstants, booked: BookedInterval, bufferMs: number) =>
  slot.start.getTime() < booked.end.getTime() + bufferMs && booked.start.getTime() < slot.end.getTime() + bufferMs

function offeredSlots(calendar: SlotCalendar, dayNumber: number, duration: number, now: Date, booked: readonly BookedInterval[]): SlotInstants[] {
  if (!Number.isInteger(duration) || duration <= 0) throw new RangeError(`not a slot duration: ${duration}`)
  if (Number.isNaN(tzOffset(calendar.timeZone, now))) throw new RangeError(`unknown time zone: ${calendar.timeZone}`)
  // "Today" is the calendar's date; a past date's slots would all be past anyway.
  const today = wallClockOf(now, calendar.timeZone).dayNumber
  if (dayNumber < today || dayNumber - today > horizonOf(calendar)) return []
  if (calendar.daysOff?.includes(formatDayNumber(dayNumber))) return []
  const earliest = now.getTime() + (calendar.minimumNoticeMinutes ?? 0) * MINUTE_MS
  const bufferMs = (calendar.bufferMinutes ?? 0) * MINUTE_MS
  return daySlots(calendar, dayNumber, duration).filter((slot) => slot.start.getTime() >= earliest && !booked.some((interval) => clashes(slot, interval, bufferMs)))
}

const toSlot = (slot: SlotInstants, zone: string): Slot => ({
  start: formatInZone(slot.start, zone),
  end: formatInZone(slot.end, zone),
})

/**
 * Free slots of `duration` minutes on `date` (YYYY-MM-DD, a day in the calendar's zone), as
 * of `now`. Throws InvalidSlotDateError for a date that is not a real day; a past date or
 * one past the calendar's horizon gives an empty list.
 */
export function listSlots(calendar: SlotCalendar, date: string, duration: number, now: Date, booked: readonly BookedInterval[]): Slot[] {
  const dayNumber = parseDayNumber(date)
  if (dayNumber === null) throw new InvalidSlotDateError()
  return offeredSlots(calendar, dayNumber, duration, now, booked).map((slot) => toSlot(slot, calendar.timeZone))
}

/** The zone's wall-clock day ('YYYY-MM-DD') of a day number. */
export const formatDayNumber = (dayNumber: number): string => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)

/** A calendar day's offered slots, each day computed once (the search for a free day asks again). */
type DayCache = Map<number, SlotInstants[]>

/**
 * Offered slots starting on `dayNumber` of `zone`'s wall clock. In the calendar's own zone that is
 * its day; another zone's day overlaps up to five of the calendar's (offsets run from -12 h to
 * +14 h), whose slots are kept when they start on that day there.
 */
function slotsOnDay(calendar: SlotCalendar, dayNumber: number, duration: number, now: Date, booked: readonly BookedInterval[], zone: string, cache: DayCache): SlotInstants[] {
  const ofCalendarDay = (day: number) => {
    let slots = cache.get(day)
    if (!slots) {
      slots = offeredSlots(calendar, day, duration, now, booked)
      cache.set(day, slots)
    }
    return slots
  }
  if (zone === calendar.timeZone) return ofCalendarDay(dayNumber)
  return [-2, -1, 0, 1, 2].flatMap((shift) => ofCalendarDay(dayNumber + shift)).filter((slot) => wallClockOf(slot.start, zone).dayNumber === dayNumber)
}

/**
 * The free slots starting on `date` (YYYY-MM-DD) of `zone`'s wall clock (the visitor's zone, or
 * the calendar's), written with that zone's offset; and when there are none, the first later day
 * of that zone within the booking horizon that has one (or null). Throws InvalidSlotDateError
 * for a date that is not a real day.
 */
export function slotsForVisitor(
  calendar: SlotCalendar,
  date: string,
  duration: number,
  now: Date,
  booked: readonly BookedInterval[],
  zone: string = calendar.timeZone,
): { slots: Slot[]; nextAvailableDate?: string | null } {
  const dayNumber = parseDayNumber(date)
  if (dayNumber === null) throw new InvalidSlotDateError()
  const cache: DayCache = new Map()
  const slots = slotsOnDay(calendar, dayNumber, duration, now, booked, zone, cache).map((slot) => toSlot(slot, zone))
  if (slots.length > 0) return { slots }
  const today = wallClockOf(now, zone).dayNumber
  for (let day = Math.max(dayNumber + 1, today); day <= today + horizonOf(calendar); day++) {
    if (slotsOnDay(calendar, day, duration, now, booked, zone, cache).length > 0) return { slots, nextAvailableDate: formatDayNumber(day) }
  }
  return { slots, nextAvailableDate: null }
}

/**
 * The offered slot that starts at this instant (whatever offset it was written with), or
 * null when that start is taken, past, off the grid or outside hours. Booking uses it to
 * refuse a stale choice; the slot's strings are in the calendar's offset.
 */
export function findOfferedSlot(calendar: SlotCalendar, start: Date, duration: number, now: Date, booked: readonly BookedInterval[]): Slot | null {
  if (Number.isNaN(start.getTime())) return null
  const { dayNumber } = wallClockOf(start, calendar.timeZone)
  const match = offeredSlots(calendar, dayNumber, duration, now, booked).find((slot) => slot.start.getTime() === start.getTime())
  return match ? toSlot(match, calendar.timeZone) : null
}

export function isOfferedSlot(calendar: SlotCalendar, start: Date, duration: number, now: Date, booked: readonly BookedInterval[]): boolean {
  return findOfferedSlot(calendar, start, duration, now, booked) !== null
}
