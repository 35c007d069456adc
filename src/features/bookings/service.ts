/** The bookings feature's operations, for its routes, the dashboard and the tests. */
export { availableSlots, bookAppointment, listAppointments, parseBookingInput, type AppointmentItem, type Booking, type BookingInput, type SlotsAnswer } from './booking'
export { APPOINTMENTS_ACCESS, appointmentsCsv, ownerAppointments, type OwnerAppointment } from './owner-appointments'
export { book, slotsOf } from './public-booking'
export { cancelAppointment, type CancelInput } from './cancel'
