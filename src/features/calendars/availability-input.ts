// Availability as Cal.com models it (contract 16): weekly hours with several ranges a day, a buffer
// after each appointment, a minimum notice, a booking horizon and days off. Checked field by field
// with messages that name the exact place (`weekly_hours.mon[1].end: must be after start`).
import { Type } from '@sinclair/typebox'
import { parseDayNumber } from './slots'

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** Minutes after midnight on the calendar's wall clock; end may be 1440 (24:00, the day's end). */
export interface TimeRange {
  start: number
  end: number
}
export type WeeklyHours = Partial<Record<Weekday, TimeRange[]>>

export interface Availability {
  /** The days it names replace daily_start/daily_end and include_weekends; `[]` closes a day. */
  weeklyHours: WeeklyHours
  bufferMinutes: number
  minimumNoticeMinutes: number
  maxDaysAhead: number
  /** 'YYYY-MM-DD' in the calendar's zone, ascending, once each. */
  daysOff: string[]
}

export const DEFAULT_MAX_DAYS_AHEAD = 180
export const LIMITS = {
  buffer_minutes: [0, 240],
  minimum_notice_minutes: [0, 20160],
  max_days_ahead: [1, 365],
} as const
export const MAX_RANGES_A_DAY = 10
export const MAX_DAYS_OFF = 100

export const DEFAULT_AVAILABILITY: Availability = { weeklyHours: {}, bufferMinutes: 0, minimumNoticeMinutes: 0, maxDaysAhead: DEFAULT_MAX_DAYS_AHEAD, daysOff: [] }

export const AVAILABILITY_MESSAGES = {
  notWeeklyHours: 'must be an object of days (mon..sun), each a list of {start, end}',
  notWeekday: 'is not a day: use mon, tue, wed, thu, fri, sat or sun',
  notRanges: `must be a list of at most ${MAX_RANGES_A_DAY} ranges like {"start": "09:00", "end": "12:30"}`,
  badClock: 'must be a 24-hour time like 09:00 (24:00 for the end of the day)',
  rangeOrder: 'must be after start',
  rangeOverlap: 'must not overlap the range before it',
  outOfRange: (min: number, max: number) => `must be a whole number from ${min} to ${max}`,
  notDays: `must be a list of at most ${MAX_DAYS_OFF} dates like 2026-12-24`,
  badDay: 'must be a date like 2026-12-24',
} as const
export type AvailabilityMessageKind = keyof typeof AVAILABILITY_MESSAGES

type Add = (field: string, kind: AvailabilityMessageKind, message?: string) => undefined

const CLOCK = /^(\d{2}):(\d{2})$/

/** '09:00' → 540; '24:00' only as an end. */
export function parseClock(value: unknown, isEnd: boolean): number | null {
  const match = typeof value === 'string' ? CLOCK.exec(value.trim()) : null
  if (!match) return null
  const minutes = Number(match[1]) * 60 + Number(match[2])
  if (Number(match[2]) > 59) return null
  return minutes < 1440 || (isEnd && minutes === 1440) ? minutes : null
}

export const formatClock = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

function dayRanges(value: unknown, at: string, add: Add): TimeRange[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_RANGES_A_DAY) return add(at, 'notRanges')
  const ranges: TimeRange[] = []
  let failed = false
  const fail = (field: string, kind: AvailabilityMessageKind) => {
    failed = true
    add(field, kind)
  }
  for (const [index, item] of value.entries()) {
    const here = `${at}[${index}]`
    if (typeof item !== 'object' || item === null) {
      fail(here, 'notRanges')
      continue
    }
    const { start: rawStart, end: rawEnd } = item as Record<string, unknown>
    const start = parseClock(rawStart, false)
    const end = parseClock(rawEnd, true)
    if (start === null) fail(`${here}.start`, 'badClock')
    if (end === null) fail(`${here}.end`, 'badClock')
    if (start === null || end === null) continue
    if (end <= start) fail(`${here}.end`, 'rangeOrder')
    else ranges.push({ start, end })
  }
  if (failed) return undefined
  ranges.sort((a, b) => a.start - b.start)
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i].start < ranges[i - 1].end) return add(`${at}[${i}].start`, 'rangeOverlap')
  }
  return ranges
}

function weeklyHours(value: unknown, at: string, add: Add): WeeklyHours | undefined {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) return add(at, 'notWeeklyHours')
  const hours: WeeklyHours = {}
  let failed = false
  for (const [day, ranges] of Object.entries(value)) {
    const key = day.trim().toLowerCase() as Weekday
    if (!WEEKDAYS.includes(key)) {
      failed = true
      add(`${at}.${day}`, 'notWeekday')
      continue
    }
    const parsed = dayRanges(ranges, `${at}.${day}`, add)
    if (parsed === undefined) failed = true
    else hours[key] = parsed
  }
  return failed ? undefined : hours
}

/** A whole number in its limits; digit strings count (multipart sends strings). */
function boundedInteger(value: unknown, at: string, [min, max]: readonly [number, number], fallback: number, add: Add): number | undefined {
  if (value === undefined || value === null || value === '') return fallback
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isInteger(n) && n >= min && n <= max ? n : add(at, 'outOfRange', AVAILABILITY_MESSAGES.outOfRange(min, max))
}

function daysOff(value: unknown, at: string, add: Add): string[] | undefined {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.length > MAX_DAYS_OFF) return add(at, 'notDays')
  const bad = value.findIndex((day) => typeof day !== 'string' || parseDayNumber(day.trim()) === null)
  if (bad >= 0) return add(`${at}[${bad}]`, 'badDay')
  return [...new Set(value.map((day: string) => day.trim()))].sort()
}

/** The availability fields of one calendar input item; undefined when any was refused (each problem added). */
export function parseAvailability(item: Record<string, unknown>, at: string, add: Add): Availability | undefined {
  const hours = weeklyHours(item.weekly_hours, `${at}.weekly_hours`, add)
  const buffer = boundedInteger(item.buffer_minutes, `${at}.buffer_minutes`, LIMITS.buffer_minutes, 0, add)
  const notice = boundedInteger(item.minimum_notice_minutes, `${at}.minimum_notice_minutes`, LIMITS.minimum_notice_minutes, 0, add)
  const ahead = boundedInteger(item.max_days_ahead, `${at}.max_days_ahead`, LIMITS.max_days_ahead, DEFAULT_MAX_DAYS_AHEAD, add)
  const off = daysOff(item.days_off, `${at}.days_off`, add)
  if (hours === undefined || buffer === undefined || notice === undefined || ahead === undefined || off === undefined) return undefined
  return { weeklyHours: hours, bufferMinutes: buffer, minimumNoticeMinutes: notice, maxDaysAhead: ahead, daysOff: off }
}

/** The API's spelling of weekly hours ('HH:MM'), the days in week order. */
export function weeklyHoursView(hours: WeeklyHours): Record<string, { start: string; end: string }[]> {
  return Object.fromEntries(WEEKDAYS.filter((d) => hours[d]).map((d) => [d, (hours[d] ?? []).map((r) => ({ start: formatClock(r.start), end: formatClock(r.end) }))]))
}

/** An availability as calendar input fields (for edits and the view). */
export const availabilityFields = (a: Availability) => ({
  weekly_hours: weeklyHoursView(a.weeklyHours),
  buffer_minutes: a.bufferMinutes,
  minimum_notice_minutes: a.minimumNoticeMinutes,
  max_days_ahead: a.maxDaysAhead,
  days_off: [...a.daysOff],
})

const Range = Type.Object({ start: Type.String({ examples: ['09:00'] }), end: Type.String({ examples: ['12:30'] }) })

/** The documented schemas of the availability fields (parseAvailability is the validator). */
export const AvailabilitySchemas = {
  weekly_hours: Type.Optional(
    Type.Record(Type.String({ pattern: '^(mon|tue|wed|thu|fri|sat|sun)$' }), Type.Array(Range, { maxItems: MAX_RANGES_A_DAY }), {
      description:
        "Per weekday (mon..sun) its ranges in the calendar's zone, 24-hour 'HH:MM' (24:00 ends the day); a named day replaces daily_start/daily_end and include_weekends, [] closes it.",
      examples: [
        {
          mon: [
            { start: '09:00', end: '12:30' },
            { start: '13:30', end: '17:00' },
          ],
          sat: [],
        },
      ],
    }),
  ),
  buffer_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 240, default: 0, description: 'Minutes kept free after each appointment.' })),
  minimum_notice_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 20160, default: 0, description: 'No slot starts sooner than this from now.' })),
  max_days_ahead: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: DEFAULT_MAX_DAYS_AHEAD, description: 'How many days ahead can be booked.' })),
  days_off: Type.Optional(Type.Array(Type.String({ format: 'date' }), { maxItems: MAX_DAYS_OFF, description: "Closed days, 'YYYY-MM-DD' in the calendar's zone." })),
}
