/** Contract 10: cancelling an appointment. */
export const APPOINTMENT_CANCELLED = 'Appointment cancelled successfully.'
export const APPOINTMENT_ALREADY_CANCELLED = 'This appointment is already cancelled.'
export const appointmentNotFound = (appointmentId: string) => `Appointment with ID: ${appointmentId} not found.`
export const cancellationSubject = (business: string, calendar: string, when: string) => `Appointment cancelled with ${business}: ${calendar}, ${when}`
export const cancelledForCalendarSubject = (client: string, when: string) => `Cancelled: appointment with ${client}, ${when}`
