import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { ownerAppointments, type AppointmentItem } from '../bookings/service'
import type { LeadView } from '../quotes/leads'
import { ownerSubmissions, type SubmissionView } from '../forms/submissions'
import { ownerLeads } from '../quotes/leads'
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

/** The records of one chatbot of the owner's account. */
type Load<T> = (ctx: AppContext, accountId: string, chatbotId: string) => Promise<T[]>

/** Leads, submissions and appointments: what conversations produced, as pages and CSV downloads. */
export const recordPages = (ctx: AppContext) => {
  /** A chatbot's records as a page. */
  const recordsPage = <T,>(load: Load<T>, view: (viewer: Viewer, chatbot: ChatbotSummary, items: T[]) => JSX.Element) =>
    signedIn(ctx, async ({ viewer, params }) => {
      const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
      return htmlPage(ctx.config.publicUrl, view(viewer, chatbot, await load(ctx, viewer.accountId, params.id)))
    })
  /** The same records as a CSV download named after the chatbot, the records and today's date. */
  const recordsCsv = <T,>(what: string, load: Load<T>, csv: (items: T[]) => string) =>
    signedIn(ctx, async ({ viewer, params }) => {
      const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
      return csvResponse(csv(await load(ctx, viewer.accountId, params.id)), `${chatbot.chatbot_name} ${what} ${ctx.clock.now().toISOString().slice(0, 10)}`)
    })
  return new Elysia({ name: 'dashboard-records' })
    .get('/dashboard/chatbots/:id/leads/', recordsPage(ownerLeads, (viewer, chatbot, leads) => <LeadsPage viewer={viewer} chatbot={chatbot} leads={leads} />), HIDDEN)
    .get('/dashboard/chatbots/:id/leads/csv/', recordsCsv('leads', ownerLeads, leadsCsv), HIDDEN)
    .get(
      '/dashboard/chatbots/:id/submissions/',
      recordsPage(ownerSubmissions, (viewer, chatbot, submissions) => <SubmissionsPage viewer={viewer} chatbot={chatbot} submissions={submissions} />),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/submissions/csv/', recordsCsv('submissions', ownerSubmissions, submissionsCsv), HIDDEN)
    .get(
      '/dashboard/chatbots/:id/appointments/',
      recordsPage(ownerAppointments, (viewer, chatbot, appointments) => <AppointmentsPage viewer={viewer} chatbot={chatbot} appointments={appointments} now={ctx.clock.now()} />),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/appointments/csv/', recordsCsv('appointments', ownerAppointments, appointmentsCsv), HIDDEN)
}
