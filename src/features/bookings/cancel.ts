// chatbot-appointment-cancel (contract 10): the appointment stays listed as cancelled, its time is
// free at once (slots and the unique index count confirmed appointments only), and both sides get
// a METHOD:CANCEL .ics with the invitation's UID and a higher SEQUENCE. Everything a cancellation
// causes is written in the one transaction below, so a hook (a webhook event) can join it there.
import type { AppContext } from '../../context'
import { conflict, notFound } from '../../http/errors'
import type { ChatbotRow } from '../chatbots/access'
import { notifyOwner } from '../notifications/owner-notification'
import { calendarOf } from '../calendars/service'
import { INVITATION_MAIL_JOB, whenText, type InvitationMailPayload } from './invitation-mail'
import { findAppointment, markCancelled } from './repo'
import { formatInZone } from '../calendars/slots'
import { shownAnswer } from '../forms/uploads'
import { queueAppointmentCancelled } from '../webhooks/service'
import { isCollectedAnswer } from './owner-appointments'
import { APPOINTMENT_ALREADY_CANCELLED, appointmentNotFound } from './texts'

export interface CancelInput {
  appointment_id: string
  reason?: string
}

export async function cancelAppointment(ctx: AppContext, chatbot: ChatbotRow, input: CancelInput): Promise<void> {
  const appointment = await findAppointment(ctx.db, chatbot.id, input.appointment_id)
  if (!appointment) throw notFound(appointmentNotFound(input.appointment_id))
  if (appointment.status === 'cancelled') throw conflict(APPOINTMENT_ALREADY_CANCELLED)
  const calendar = await calendarOf(ctx, chatbot.id, appointment.calendarId)
  const reason = input.reason?.trim() || null
  const sequence = appointment.sequence + 1
  const now = ctx.clock.now()
  await ctx.db.transaction().execute(async (trx) => {
    // Only the caller that flips the status sends the notices: a concurrent second cancel is a 409.
    if (!(await markCancelled(trx, appointment.id, sequence, now))) throw conflict(APPOINTMENT_ALREADY_CANCELLED)
    const mail = (recipient: InvitationMailPayload['recipient']): InvitationMailPayload => ({
      appointment_id: appointment.id,
      chatbot_id: chatbot.id,
      calendar_id: appointment.calendarId,
      start: appointment.start.toISOString(),
      end: appointment.end.toISOString(),
      client_name: appointment.clientName,
      client_email: appointment.clientEmail,
      recipient,
      cancelled: { sequence, reason },
    })
    await ctx.jobs.enqueue(trx, INVITATION_MAIL_JOB, mail('client'))
    await ctx.jobs.enqueue(trx, INVITATION_MAIL_JOB, mail('calendar'))
    const when = calendar ? whenText(appointment.start, calendar.timeZone) : appointment.start.toISOString()
    await notifyOwner(ctx, trx, chatbot, 'cancellation', [
      `Calendar: ${calendar?.name ?? appointment.calendarId}`,
      `When: ${when}`,
      `Client: ${appointment.clientName} <${appointment.clientEmail}>`,
      ...(reason ? [`Reason: ${reason}`] : []),
    ])
    // The appointment as chatbot-appointments lists it, for the owner's systems (contract 12).
    const zone = calendar?.timeZone ?? 'UTC'
    await queueAppointmentCancelled(ctx, trx, chatbot, {
      appointment_id: appointment.id,
      calendar_id: appointment.calendarId,
      calendar_name: calendar?.name ?? '',
      start: formatInZone(appointment.start, zone),
      end: formatInZone(appointment.end, zone),
      duration: appointment.duration,
      client_name: appointment.clientName,
      client_email: appointment.clientEmail,
      answers: (Array.isArray(appointment.answers) ? appointment.answers.filter(isCollectedAnswer) : []).map((a) => shownAnswer(ctx, a, 'signed')),
      created_at: appointment.createdAt,
      status: 'cancelled',
    })
  })
  ctx.jobs.kick()
  ctx.log.info('appointment.cancelled', { chatbot_id: chatbot.id, appointment_id: appointment.id })
}
