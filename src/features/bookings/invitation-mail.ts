// The .ics invitation e-mailed to the client and to the calendar's address after a booking.
import type { AppContext } from '../../context'
import { businessNameOf, chatbotById } from '../chatbots/service'
import type { JobKind } from '../../infra/jobs'
import type { MailMessage } from '../../infra/mailer'
import { MINUTE } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { calendarOf, type StoredCalendar } from '../calendars/service'
import { renderInvitation } from './ics'
import { invitationSubject, newAppointmentSubject } from '../chat/texts'
import { cancellationSubject, cancelledForCalendarSubject } from './texts'

export const INVITATION_MAIL_JOB = 'chat.invitation_mail'
const MAIL_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE]

/** Everything about the booking travels in the payload; the calendar is read when the mail goes. */
export interface InvitationMailPayload {
  appointment_id: string
  chatbot_id: string
  calendar_id: string
  start: string
  end: string
  client_name: string
  client_email: string
  recipient: 'client' | 'calendar'
  /** A cancellation (contract 10): METHOD:CANCEL with the invitation's UID and this SEQUENCE. */
  cancelled?: { sequence: number; reason: string | null }
}

export function whenText(start: Date, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(start)
  return `${formatted} (${timeZone})`
}

export function invitationMail(p: InvitationMailPayload, calendar: StoredCalendar, business: string, host: string, now: Date): MailMessage {
  const start = new Date(p.start)
  const end = new Date(p.end)
  const when = whenText(start, calendar.timeZone)
  const ics = renderInvitation({
    uid: `${p.appointment_id}@${host}`,
    start,
    end,
    summary: `${calendar.name} (${business})`,
    description: calendar.description,
    location: calendar.description || null,
    organizerEmail: calendar.email,
    organizerName: calendar.name,
    attendee: { name: p.client_name, email: p.client_email },
    timeZone: calendar.timeZone,
    now,
    method: p.cancelled ? 'CANCEL' : 'REQUEST',
    sequence: p.cancelled?.sequence ?? 0,
  })
  const toClient = p.recipient === 'client'
  const reason = p.cancelled?.reason ? [`Reason: ${p.cancelled.reason}`] : []
  const lines = p.cancelled
    ? toClient
      ? [`Dear ${p.client_name},`, `Your appointment "${calendar.name}" with ${business} on ${when} has been cancelled.`, ...reason]
      : [`The appointment on "${calendar.name}" for ${when} has been cancelled.`, `Client: ${p.client_name} <${p.client_email}>`, ...reason]
    : toClient
      ? [`Dear ${p.client_name},`, `Your appointment "${calendar.name}" with ${business} is confirmed for ${when}.`, ...(calendar.description ? [calendar.description] : [])]
      : [`A new appointment was booked on "${calendar.name}" for ${when}.`, `Client: ${p.client_name} <${p.client_email}>`]
  const subject = p.cancelled
    ? toClient
      ? cancellationSubject(business, calendar.name, when)
      : cancelledForCalendarSubject(p.client_name, when)
    : toClient
      ? invitationSubject(business, calendar.name, when)
      : newAppointmentSubject(p.client_name, when)
  const method = p.cancelled ? 'CANCEL' : 'REQUEST'
  return {
    to: toClient ? p.client_email : calendar.email,
    // The client's reply reaches the calendar's owner, not a no-reply address.
    ...(toClient ? { replyTo: calendar.email, fromName: business } : {}),
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join(''),
    attachments: [{ filename: p.cancelled ? 'cancel.ics' : 'invite.ics', content: ics, contentType: 'text/calendar; charset=utf-8', method }],
  }
}

export function invitationMailJob(ctx: AppContext): JobKind<InvitationMailPayload> {
  return {
    retryDelaysMs: MAIL_RETRY_DELAYS_MS,
    async run(payload) {
      const calendar = await calendarOf(ctx, payload.chatbot_id, payload.calendar_id)
      if (!calendar) return // deleted since, with its appointments
      const chatbot = await chatbotById(ctx.db, payload.chatbot_id)
      if (!chatbot) return
      // The client hears from the business (contract 4), not the internal chatbot name.
      await ctx.mail.send(invitationMail(payload, calendar, businessNameOf(chatbot), new URL(ctx.config.publicUrl).hostname, ctx.clock.now()))
    },
  }
}
