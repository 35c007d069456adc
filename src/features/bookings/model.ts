/** Models of the public slots and booking endpoints and the owner's appointments. */
import { Type as T } from '@sinclair/typebox'
import { ShownAnswer } from '../forms/model'

export const SlotsQuery = T.Object({
  calendar_id: T.Optional(T.String({ description: 'A calendar_id of the widget config' })),
  duration: T.Optional(T.String({ description: 'Minutes: 15, 30, 45 or 60, one the calendar enables' })),
  date: T.Optional(T.String({ description: "YYYY-MM-DD, a day in the calendar's zone" })),
})

export const SlotsAnswer = T.Object(
  {
    calendar_id: T.String(),
    date: T.String(),
    duration: T.Integer(),
    time_zone: T.String({ description: 'IANA name' }),
    slots: T.Array(T.Object({ start: T.String({ description: 'ISO 8601 with offset' }), end: T.String() })),
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
      }),
    ),
  },
  { description: 'Earliest first' },
)
