/** TypeBox schemas of the calendar bodies: OpenAPI for the routes, validation where the spec has no fixed text. */
import { Type as T } from '@sinclair/typebox'
import { CalendarInputSchema } from './calendar-input'

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
  daily_start: T.String({ description: "24-hour 'HH:MM'", examples: ['09:00'] }),
  daily_end: T.String({ description: "24-hour 'HH:MM'", examples: ['17:00'] }),
  include_weekends: T.Boolean(),
  local_timezone: T.String({ description: 'Abbreviation for the current date', examples: ['EST'] }),
  local_timezone_name: T.String({ description: 'IANA name', examples: ['America/New_York'] }),
  description: T.String(),
  min15App: T.Boolean(),
  min30App: T.Boolean(),
  min45App: T.Boolean(),
  min60App: T.Boolean(),
})

export const CalendarViewResponse = T.Object({ response: T.Literal('success'), calendar_list: T.Array(CalendarViewItemSchema) })

export const BookingAnswer = T.Object({
  title: T.String({ minLength: 1, maxLength: 200 }),
  value: T.Union([T.String({ maxLength: 4000 }), T.Number(), T.Boolean(), T.Null()]),
})

/** The booking core's input (the chat route adds visitor_id and whatever else it needs; extra keys are ignored). */
export const BookingInputSchema = T.Object({
  calendar_id: T.String({ minLength: 1 }),
  duration: T.Integer({ description: 'Minutes: 15, 30, 45 or 60, one the calendar enables' }),
  start: T.String({ description: 'An offered slot start, ISO 8601 with offset', examples: ['2026-12-01T09:00:00-05:00'] }),
  client_name: T.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  client_email: T.String({ maxLength: 254, description: 'e-mail address' }),
  answers: T.Optional(T.Array(BookingAnswer, { maxItems: 20 })),
})

// ---- Public answers of the booking core, read by the widget (contract 8 and 10) ----------------

/** A calendar as the widget config lists it. */
export const PublicCalendarSchema = T.Object({
  calendar_id: T.String(),
  name: T.String(),
  description: T.String(),
  local_timezone_name: T.String({ description: 'IANA name' }),
  durations: T.Array(T.Integer(), { description: 'Minutes the calendar offers' }),
  include_weekends: T.Boolean(),
})

export const SlotSchema = T.Object({
  start: T.String({ description: 'ISO 8601 with the offset of the answer time_zone', examples: ['2026-12-01T09:00:00-05:00'] }),
  end: T.String(),
})

export const SlotsAnswerSchema = T.Object({
  calendar_id: T.String(),
  date: T.String({ description: 'YYYY-MM-DD, a day in time_zone' }),
  duration: T.Integer(),
  time_zone: T.String({ description: "IANA name: the visitor's zone when asked with time_zone, else the calendar's" }),
  slots: T.Array(SlotSchema),
  next_available_date: T.Optional(
    T.Union([T.String({ description: 'YYYY-MM-DD in time_zone' }), T.Null()], {
      description: 'Only with an empty list: the first later day within 180 days with a free slot, or null',
    }),
  ),
})

export const BookingAnswerSchema = T.Object({
  appointment_id: T.String(),
  calendar_id: T.String(),
  start: T.String({ description: "ISO 8601 with the calendar's offset" }),
  end: T.String(),
  status: T.Literal('confirmed'),
})
