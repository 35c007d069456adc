// The .ics invitation e-mailed to the client and to the calendar's address after a booking.
import type { AppContext } from '../../context'
import { chatbotById } from '../chatbots/service'
import type { JobKind } from '../../infra/jobs'
import type { MailMessage } from '../../infra/mailer'
import { MINUTE } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { calendarOf, type StoredCalendar } from '../calendars/service'
import { renderInvitation } from './ics'
import { invitationSubject, newAppointmentSubject } from '../chat/texts'

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
  })
  const toClient = p.recipient === 'client'
  const lines = toClient
    ? [`Dear ${p.client_name},`, `Your appointment "${calendar.name}" with ${business} is confirmed for ${when}.`, ...(calendar.description ? [calendar.description] : [])]
    : [`A new appointment was booked on "${calendar.name}" for ${when}.`, `Client: ${p.client_name} <${p.client_email}>`]
  return {
    to: toClient ? p.client_email : calendar.email,
    subject: toClient ? invitationSubject(calendar.name, when) : newAppointmentSubject(p.client_name, when),
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join(''),
    attachments: [{ filename: 'invite.ics', content: ics, contentType: 'text/calendar; charset=utf-8', method: 'REQUEST' }],
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
      await ctx.mail.send(invitationMail(payload, calendar, chatbot.name, new URL(ctx.config.publicUrl).hostname, ctx.clock.now()))
    },
  }
}
