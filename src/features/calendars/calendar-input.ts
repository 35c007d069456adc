/**
 * The calendar input object of spec 2.4 (creation and calendar-add): its TypeBox schema for
 * the OpenAPI document, and the parser that applies the contract's rules with messages that
 * name the exact field (`calendar_data[2].daily_start: must be a time like 9:00 AM`).
 */
import { Type, type Static } from '@sinclair/typebox'
import { isEmail } from '../../lib/email'
import { canonicalTimeZone, formatTwelveHour, parseTwelveHour } from './clock'
import { AVAILABILITY_MESSAGES, availabilityFields, AvailabilitySchemas, parseAvailability, type Availability } from './availability-input'

export const CALENDAR_NAME_MAX = 100
export const CALENDAR_EMAIL_MAX = 254
export const CALENDAR_DESCRIPTION_MAX = 2000

export const APPOINTMENT_DURATIONS = [15, 30, 45, 60] as const
export type AppointmentDuration = (typeof APPOINTMENT_DURATIONS)[number]

const DURATION_FLAGS = { 15: 'min15App', 30: 'min30App', 45: 'min45App', 60: 'min60App' } as const

const flag = (description: string) => Type.Optional(Type.Boolean({ default: false, description: `${description} Multipart forms may send 'true'/'false'.` }))

/** For documentation; parseCalendarInputs is the validator (it gives the precise messages). */
export const CalendarInputSchema = Type.Object(
  {
    calendar_name: Type.String({ minLength: 1, maxLength: CALENDAR_NAME_MAX, description: 'Name of the calendar.' }),
    calendar_email: Type.String({
      format: 'email',
      maxLength: CALENDAR_EMAIL_MAX,
      description: 'Contact address for calendar notifications.',
    }),
    daily_start: Type.String({ description: "Opening time, 12-hour clock 'h:mm AM/PM'.", examples: ['9:00 AM'] }),
    daily_end: Type.String({
      description: "Closing time, 12-hour clock 'h:mm AM/PM', after daily_start.",
      examples: ['5:00 PM'],
    }),
    local_timezone: Type.String({ description: 'IANA time zone name.', examples: ['America/New_York'] }),
    description: Type.Optional(Type.String({ maxLength: CALENDAR_DESCRIPTION_MAX, description: 'Details accompanying appointments (links, venue).' })),
    include_weekends: flag('Whether weekends can be booked.'),
    min15App: flag('Enables 15-minute appointments.'),
    min30App: flag('Enables 30-minute appointments.'),
    min45App: flag('Enables 45-minute appointments.'),
    min60App: flag('Enables 60-minute appointments. At least one of min15App..min60App must be true.'),
    ...AvailabilitySchemas,
  },
  { description: 'A calendar of an Appointment/Calendar Support chatbot.' },
)
export type CalendarInputBody = Static<typeof CalendarInputSchema>

/** A validated calendar, in the units the slot engine works with. */
export interface CalendarInput extends Availability {
  name: string
  email: string
  /** Minutes after midnight, wall clock of timeZone. */
  dailyStart: number
  dailyEnd: number
  /** The runtime's spelling of the IANA name. */
  timeZone: string
  description: string
  includeWeekends: boolean
  /** Enabled appointment lengths in minutes, ascending. */
  durations: AppointmentDuration[]
}

/** One problem of a calendar input: the field, the API's message, and its kind (the dashboard words each kind for people). */
export interface CalendarProblem {
  field: string
  message: string
  kind: CalendarMessageKind
}

/** A refusal names its first problem (the API answers that one) and lists them all (a form shows them all). */
export type CalendarInputsResult = { ok: true; calendars: CalendarInput[] } | { ok: false; field: string; message: string; problems: CalendarProblem[] }

export const CALENDAR_MESSAGES = {
  notList: 'must be a list of calendars',
  emptyList: 'must contain at least one calendar',
  notObject: 'must be an object',
  required: 'is required',
  notString: 'must be a string',
  empty: 'must not be empty',
  tooLong: (max: number) => `must be at most ${max.toLocaleString('en-US')} characters`,
  badEmail: 'must be a valid e-mail address',
  badTime: 'must be a time like 9:00 AM',
  endNotAfterStart: 'must be after daily_start',
  badZone: 'must be a time zone name like America/New_York',
  notBoolean: 'must be true or false',
  noDuration: 'must enable at least one of min15App, min30App, min45App, min60App',
  ...AVAILABILITY_MESSAGES,
} as const
export type CalendarMessageKind = keyof typeof CALENDAR_MESSAGES

/** Every problem of one calendar, in the order of its fields; a field reports its first. */
class Problems {
  readonly list: CalendarProblem[] = []
  add(field: string, kind: CalendarMessageKind, message: string = String(CALENDAR_MESSAGES[kind])): undefined {
    this.list.push({ field, message, kind })
    return undefined
  }
}

const isPresent = (value: unknown) => value !== undefined && value !== null

function requiredText(item: Record<string, unknown>, key: string, at: string, max: number, problems: Problems): string | undefined {
  const value = item[key]
  if (!isPresent(value)) return problems.add(`${at}.${key}`, 'required')
  if (typeof value !== 'string') return problems.add(`${at}.${key}`, 'notString')
  const text = value.trim()
  if (text === '') return problems.add(`${at}.${key}`, 'empty')
  if (text.length > max) return problems.add(`${at}.${key}`, 'tooLong', CALENDAR_MESSAGES.tooLong(max))
  return text
}

function optionalText(item: Record<string, unknown>, key: string, at: string, max: number, problems: Problems): string | undefined {
  const value = item[key]
  if (!isPresent(value)) return ''
  if (typeof value !== 'string') return problems.add(`${at}.${key}`, 'notString')
  const text = value.trim()
  if (text.length > max) return problems.add(`${at}.${key}`, 'tooLong', CALENDAR_MESSAGES.tooLong(max))
  return text
}

function time(item: Record<string, unknown>, key: string, at: string, problems: Problems): number | undefined {
  const value = item[key]
  if (!isPresent(value)) return problems.add(`${at}.${key}`, 'required')
  const minutes = typeof value === 'string' ? parseTwelveHour(value) : null
  return minutes === null ? problems.add(`${at}.${key}`, 'badTime') : minutes
}

function zone(item: Record<string, unknown>, key: string, at: string, problems: Problems): string | undefined {
  const value = item[key]
  if (!isPresent(value)) return problems.add(`${at}.${key}`, 'required')
  const timeZone = typeof value === 'string' ? canonicalTimeZone(value.trim()) : null
  return timeZone === null ? problems.add(`${at}.${key}`, 'badZone') : timeZone
}

/** Booleans default to false; 'true'/'false' strings are accepted because multipart sends strings. */
function flagValue(item: Record<string, unknown>, key: string, at: string, problems: Problems): boolean {
  const value = item[key]
  if (!isPresent(value)) return false
  if (typeof value === 'boolean') return value
  if (value === 'true') return true
  if (value === 'false') return false
  problems.add(`${at}.${key}`, 'notBoolean')
  return false
}

/** One calendar, or undefined with its problems added (every field is checked, not only up to the first problem). */
function parseOne(value: unknown, at: string, problems: Problems): CalendarInput | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return problems.add(at, 'notObject')
  const before = problems.list.length
  const item = value as Record<string, unknown>
  const name = requiredText(item, 'calendar_name', at, CALENDAR_NAME_MAX, problems)
  let email = requiredText(item, 'calendar_email', at, CALENDAR_EMAIL_MAX, problems)
  if (email !== undefined && !isEmail(email)) email = problems.add(`${at}.calendar_email`, 'badEmail')
  const dailyStart = time(item, 'daily_start', at, problems)
  const dailyEnd = time(item, 'daily_end', at, problems)
  if (dailyStart !== undefined && dailyEnd !== undefined && dailyEnd <= dailyStart) problems.add(`${at}.daily_end`, 'endNotAfterStart')
  const timeZone = zone(item, 'local_timezone', at, problems)
  const description = optionalText(item, 'description', at, CALENDAR_DESCRIPTION_MAX, problems)
  const includeWeekends = flagValue(item, 'include_weekends', at, problems)
  const durations = APPOINTMENT_DURATIONS.filter((minutes) => flagValue(item, DURATION_FLAGS[minutes], at, problems))
  if (durations.length === 0) problems.add(at, 'noDuration')
  const availability = parseAvailability(item, at, (field, kind, message) => problems.add(field, kind, message))
  if (problems.list.length > before || !availability) return undefined
  // Every field was checked above: none is undefined once no problem was added.
  return { name: name!, email: email!, dailyStart: dailyStart!, dailyEnd: dailyEnd!, timeZone: timeZone!, description: description!, includeWeekends, durations, ...availability }
}

const refused = (problems: CalendarProblem[]): CalendarInputsResult => ({ ok: false, field: problems[0].field, message: problems[0].message, problems })

/**
 * Validates a list of calendar inputs, every field of every item; the result names the first
 * problem and lists all. A string is read as JSON first, since a multipart form carries the list
 * as one text field. The caller enforces the limit of 10 calendars per chatbot.
 */
export function parseCalendarInputs(value: unknown, field = 'calendar_data'): CalendarInputsResult {
  let list = value
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list)
    } catch {
      return refused([{ field, message: CALENDAR_MESSAGES.notList, kind: 'notList' }])
    }
  }
  if (!Array.isArray(list)) return refused([{ field, message: CALENDAR_MESSAGES.notList, kind: 'notList' }])
  if (list.length === 0) return refused([{ field, message: CALENDAR_MESSAGES.emptyList, kind: 'emptyList' }])
  const problems = new Problems()
  const calendars = list.map((item, index) => parseOne(item, `${field}[${index}]`, problems))
  if (problems.list.length) return refused(problems.list)
  return { ok: true, calendars: calendars as CalendarInput[] }
}

/** The input fields a calendar is made of, the ones calendar-edit may change. */
export const CALENDAR_INPUT_FIELDS = Object.keys(CalendarInputSchema.properties)

/** A stored calendar written back as calendar input, so an edit is checked as a whole calendar. */
export function calendarAsInput(c: CalendarInput): Record<string, unknown> {
  const offers = (minutes: AppointmentDuration) => c.durations.includes(minutes)
  return {
    calendar_name: c.name,
    calendar_email: c.email,
    daily_start: formatTwelveHour(c.dailyStart),
    daily_end: formatTwelveHour(c.dailyEnd),
    local_timezone: c.timeZone,
    description: c.description,
    include_weekends: c.includeWeekends,
    min15App: offers(15),
    min30App: offers(30),
    min45App: offers(45),
    min60App: offers(60),
    ...availabilityFields(c),
  }
}

/**
 * calendar-edit: the stored calendar with `changes` laid over it, checked by calendar-add's
 * rules. A problem names the field itself (`daily_end: must be after daily_start`).
 */
export function parseCalendarEdit(
  stored: CalendarInput,
  changes: Record<string, unknown>,
): { ok: true; calendar: CalendarInput } | { ok: false; field: string; message: string; problems: CalendarProblem[] } {
  const problems = new Problems()
  const calendar = parseOne({ ...calendarAsInput(stored), ...changes }, 'calendar', problems)
  if (calendar) return { ok: true, calendar }
  const named = problems.list.map((p) => ({ ...p, field: p.field.replace(/^calendar\.?/, '') || 'calendar_id' }))
  return { ok: false, field: named[0].field, message: named[0].message, problems: named }
}
