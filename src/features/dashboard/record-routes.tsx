import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { APPOINTMENTS_ACCESS, ownerAppointments, type AppointmentItem, type OwnerAppointment } from '../bookings/service'
import { accessChatbot, type ChatbotAccess, type ChatbotAccessRule } from '../chatbots/guard'
import { ownerSubmissions, SUBMISSIONS_ACCESS, type SubmissionView } from '../forms/submissions'
import { LEADS_ACCESS, ownerLeads, type LeadView } from '../quotes/leads'
import { getChatbot } from '../chatbots/service'
import { csvResponse, toCsv, type Cell } from './csv'
import { htmlPage } from './html'
import type { ChatbotSummary } from './pages/chatbot-frame'
import { answerTitles, AppointmentsPage, LeadsPage, SubmissionsPage } from './pages/records'
import { HIDDEN, signedIn } from './route-kit'
import type { Viewer } from './session'

export function leadsCsv(leads: LeadView[]): string {
  const header = ['lead_id', 'created_at', 'client_name', 'client_email', 'currency', 'total_excluding_vat', 'total_including_vat', 'quote_id', 'quote_url', 'webhook_status', 'webhook_attempts']
  return toCsv(header, leads.map((l) => header.map((k) => l[k as keyof LeadView] as Cell)))
}

export function submissionsCsv(submissions: SubmissionView[]): string {
  const titles = answerTitles(submissions)
  return toCsv(
    ['submission_id', 'created_at', ...titles],
    submissions.map((s) => [s.submission_id, s.created_at, ...titles.map((t) => s.answers.find((a) => a.title === t)?.value as Cell)]),
  )
}

export function appointmentsCsv(items: AppointmentItem[]): string {
  const answerText = (answers: unknown) =>
    Array.isArray(answers) ? answers.map((a: { title?: unknown; value?: unknown }) => `${String(a.title ?? '')}: ${String(a.value ?? '')}`).join('; ') : ''
  return toCsv(
    ['appointment_id', 'calendar_name', 'start', 'end', 'duration', 'client_name', 'client_email', 'answers', 'created_at'],
    items.map((a) => [a.appointment_id, a.calendar_name, a.start, a.end, a.duration, a.client_name, a.client_email, answerText(a.answers), a.created_at]),
  )
}

/** The records of one chatbot of the owner's account, and who may read them. */
interface Load<T> {
  access: ChatbotAccessRule
  list: (ctx: AppContext, access: ChatbotAccess) => Promise<T[]>
}
const load = async <T,>(ctx: AppContext, records: Load<T>, accountId: string, chatbotId: string) => records.list(ctx, await accessChatbot(ctx, accountId, chatbotId, records.access))
const LEADS: Load<LeadView> = { access: LEADS_ACCESS, list: ownerLeads }
const SUBMISSIONS: Load<SubmissionView> = { access: SUBMISSIONS_ACCESS, list: ownerSubmissions }
const APPOINTMENTS: Load<OwnerAppointment> = { access: APPOINTMENTS_ACCESS, list: ownerAppointments }

/** Leads, submissions and appointments: what conversations produced, as pages and CSV downloads. */
export const recordPages = (ctx: AppContext) => {
  /** A chatbot's records as a page. */
  const recordsPage = <T,>(records: Load<T>, view: (viewer: Viewer, chatbot: ChatbotSummary, items: T[]) => JSX.Element) =>
    signedIn(ctx, async ({ viewer, params }) => {
      const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
      return htmlPage(ctx.config.publicUrl, view(viewer, chatbot, await load(ctx, records, viewer.accountId, params.id)))
    })
  /** The same records as a CSV download named after the chatbot, the records and today's date. */
  const recordsCsv = <T,>(what: string, records: Load<T>, csv: (items: T[]) => string) =>
    signedIn(ctx, async ({ viewer, params }) => {
      const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
      return csvResponse(csv(await load(ctx, records, viewer.accountId, params.id)), `${chatbot.chatbot_name} ${what} ${ctx.clock.now().toISOString().slice(0, 10)}`)
    })
  return new Elysia({ name: 'dashboard-records' })
    .get('/dashboard/chatbots/:id/leads/', recordsPage(LEADS, (viewer, chatbot, leads) => <LeadsPage viewer={viewer} chatbot={chatbot} leads={leads} />), HIDDEN)
    .get('/dashboard/chatbots/:id/leads/csv/', recordsCsv('leads', LEADS, leadsCsv), HIDDEN)
    .get(
      '/dashboard/chatbots/:id/submissions/',
      recordsPage(SUBMISSIONS, (viewer, chatbot, submissions) => <SubmissionsPage viewer={viewer} chatbot={chatbot} submissions={submissions} />),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/submissions/csv/', recordsCsv('submissions', SUBMISSIONS, submissionsCsv), HIDDEN)
    .get(
      '/dashboard/chatbots/:id/appointments/',
      recordsPage(APPOINTMENTS, (viewer, chatbot, appointments) => <AppointmentsPage viewer={viewer} chatbot={chatbot} appointments={appointments} now={ctx.clock.now()} />),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/appointments/csv/', recordsCsv('appointments', APPOINTMENTS, appointmentsCsv), HIDDEN)
}
