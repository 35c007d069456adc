/** Models of the public slots and booking endpoints and the owner's appointments. */
import { HasMore } from '../../http/pagination'
import { Type as T } from '@sinclair/typebox'
import { ShownAnswer } from '../forms/model'

export const SlotsQuery = T.Object({
  calendar_id: T.Optional(T.String({ description: 'A calendar_id of the widget config' })),
  duration: T.Optional(T.String({ description: 'Minutes: 15, 30, 45 or 60, one the calendar enables' })),
  date: T.Optional(T.String({ description: "YYYY-MM-DD, a day in the calendar's zone (in time_zone when given)" })),
  time_zone: T.Optional(T.String({ description: "The visitor's IANA zone: date is a day there and the slots carry its offset (contract 10)" })),
})

export const SlotsAnswer = T.Object(
  {
    calendar_id: T.String(),
    date: T.String(),
    duration: T.Integer(),
    time_zone: T.String({ description: "IANA name: the visitor's zone when asked with time_zone, else the calendar's" }),
    slots: T.Array(T.Object({ start: T.String({ description: 'ISO 8601 with the offset of time_zone' }), end: T.String() })),
    next_available_date: T.Optional(
      T.Union([T.String({ description: 'YYYY-MM-DD in time_zone' }), T.Null()], {
        description: 'Only with an empty list: the first later day within 180 days with a free slot, or null',
      }),
    ),
  },
  { description: 'The free slots of that day' },
)

export const BookingAnswer = T.Object(
  { appointment_id: T.String(), calendar_id: T.String(), start: T.String(), end: T.String(), status: T.Literal('confirmed') },
  { description: 'The appointment is booked; both sides get an .ics invitation' },
)

export const AppointmentList = T.Object(
  {
    response: T.Literal('success'),
    appointments: T.Array(
      T.Object({
        appointment_id: T.String(),
        calendar_id: T.String(),
        calendar_name: T.String(),
        start: T.String(),
        end: T.String(),
        duration: T.Integer(),
        client_name: T.String(),
        client_email: T.String(),
        answers: T.Array(ShownAnswer),
        created_at: T.String(),
        status: T.Union([T.Literal('confirmed'), T.Literal('cancelled')], { description: 'A cancelled appointment stays listed; its time is free again' }),
      }),
    ),
    ...HasMore,
  },
  { description: 'Earliest first' },
)

export const CancelBody = T.Object({
  appointment_id: T.String({ minLength: 1, maxLength: 100 }),
  reason: T.Optional(T.String({ maxLength: 1000, description: 'Told to the client and the calendar in the cancellation e-mail' })),
})
