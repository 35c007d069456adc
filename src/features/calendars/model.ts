/** TypeBox schemas of the calendar bodies: OpenAPI for the routes, validation where the spec has no fixed text. */
import { Type as T } from '@sinclair/typebox'
import { CalendarInputSchema } from './calendar-input'

export { CalendarInputSchema }

export const CalendarAddBody = T.Object({
  calendar_data: T.Array(CalendarInputSchema, { minItems: 1, description: 'Calendars to add; existing + new may not exceed 10.' }),
})

export const CalendarDeleteBody = T.Object({
  calendar_id: T.String({ minLength: 1, description: 'calendar_id as calendar-view lists it.' }),
})

const CalendarViewItemSchema = T.Object({
  calendar_id: T.String(),
  name: T.String(),
  calendar_email: T.String(),
  daily_start: T.String({ description: "24-hour 'HH:MM'" }),
  daily_end: T.String({ description: "24-hour 'HH:MM'" }),
  include_weekends: T.Boolean(),
  local_timezone: T.String({ description: 'Abbreviation for the current date' }),
  local_timezone_name: T.String({ description: 'IANA name' }),
  description: T.String(),
  min15App: T.Boolean(),
  min30App: T.Boolean(),
  min45App: T.Boolean(),
  min60App: T.Boolean(),
  weekly_hours: T.Record(T.String(), T.Array(T.Object({ start: T.String(), end: T.String() })), { description: "The days named, in the calendar's zone, 24-hour; {} when none" }),
  buffer_minutes: T.Integer(),
  minimum_notice_minutes: T.Integer(),
  max_days_ahead: T.Integer(),
  days_off: T.Array(T.String({ description: 'YYYY-MM-DD' })),
})

export const CalendarViewResponse = T.Object({ response: T.Literal('success'), calendar_list: T.Array(CalendarViewItemSchema) }, { description: 'The calendars, oldest first' })

export const BookingAnswer = T.Object({
  title: T.String({ minLength: 1, maxLength: 200 }),
  value: T.Union([T.String({ maxLength: 4000 }), T.Number(), T.Boolean(), T.Null()]),
})

/** The booking core's input (the chat route adds visitor_id and whatever else it needs; extra keys are ignored). */
export const BookingInputSchema = T.Object({
  calendar_id: T.String({ minLength: 1 }),
  duration: T.Integer({ description: 'Minutes: 15, 30, 45 or 60, one the calendar enables' }),
  start: T.String({ description: 'An offered slot start, ISO 8601 with offset' }),
  client_name: T.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  client_email: T.String({ maxLength: 254, description: 'e-mail address' }),
  answers: T.Optional(T.Array(BookingAnswer, { maxItems: 20 })),
})

export const PublicCalendarSchema = T.Object({
  calendar_id: T.String(),
  name: T.String(),
  description: T.String(),
  local_timezone_name: T.String({ description: 'IANA name' }),
  durations: T.Array(T.Integer(), { description: 'Minutes the calendar offers' }),
  include_weekends: T.Boolean(),
})

export const CalendarEditBody = T.Composite([T.Object({ calendar_id: T.String() }), T.Partial(CalendarInputSchema)], {
  description: 'calendar_id and any subset of the calendar input fields; the rest keep their values',
})
