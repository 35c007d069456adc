// chatbot-appointments: the owner's list of an Appointment/Calendar Support chatbot's bookings.
import type { AppContext } from '../../context'
import { ownerOfType, type ChatbotAccess } from '../chatbots/guard'
import { TYPES } from '../chatbots/texts'
import type { CollectedAnswer } from '../forms/data-collection'
import { shownAnswer } from '../forms/uploads'
import { listAppointments, type AppointmentItem } from './booking'
import { toCsv } from '../../lib/csv'

export const isCollectedAnswer = (value: unknown): value is CollectedAnswer =>
  typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string' && 'type' in value && typeof value.type === 'string'

export type OwnerAppointment = Omit<AppointmentItem, 'answers'> & { answers: CollectedAnswer[] }

/** chatbot-appointments: who may see them. */
export const APPOINTMENTS_ACCESS = ownerOfType(TYPES.appointment)

export async function ownerAppointments(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>): Promise<OwnerAppointment[]> {
  const items = await listAppointments(ctx, chatbot.id)
  // Stored answers are always collected answers (checkBookingAnswers made them).
  return items.map((item) => ({
    ...item,
    answers: Array.isArray(item.answers) ? item.answers.filter(isCollectedAnswer).map((a) => shownAnswer(ctx, a)) : [],
  }))
}

/** The appointments as CSV (contract 10); the answers in one column, "title: value" separated by "; ". */
export function appointmentsCsv(items: OwnerAppointment[], opts: { bom?: boolean } = {}): string {
  return toCsv(
    ['appointment_id', 'status', 'calendar_name', 'start', 'end', 'duration', 'client_name', 'client_email', 'answers', 'created_at'],
    items.map((a) => [
      a.appointment_id,
      a.status,
      a.calendar_name,
      a.start,
      a.end,
      a.duration,
      a.client_name,
      a.client_email,
      a.answers.map((x) => `${x.title}: ${String(x.value)}`).join('; '),
      a.created_at,
    ]),
    opts,
  )
}
