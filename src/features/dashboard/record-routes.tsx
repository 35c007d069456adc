import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import type { AppointmentItem } from '../calendars/service'
import type { LeadView } from '../chat/leads'
import { ownerAppointments, ownerLeads, ownerSubmissions, type SubmissionView } from '../chat/owner-views'
import { getChatbot } from '../chatbots/service'
import { csvResponse, toCsv, type Cell } from './csv'
import { htmlPage } from './html'
import { answerTitles, AppointmentsPage, LeadsPage, SubmissionsPage } from './pages/records'
import { HIDDEN, signedIn } from './route-kit'

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

/** Leads, submissions and appointments: what conversations produced, as pages and CSV downloads. */
export const recordPages = (ctx: AppContext) => {
  const page = (element: JSX.Element) => htmlPage(ctx.config.publicUrl, element)
  const fileName = (name: string, what: string) => `${name} ${what} ${ctx.clock.now().toISOString().slice(0, 10)}`
  return new Elysia({ name: 'dashboard-records' })
    .get(
      '/dashboard/chatbots/:id/leads/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, viewer.accountId, params.id)
        return page(<LeadsPage viewer={viewer} chatbot={chatbot} leads={await ownerLeads(ctx, viewer.accountId, params.id)} />)
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/leads/csv/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, viewer.accountId, params.id)
        return csvResponse(leadsCsv(await ownerLeads(ctx, viewer.accountId, params.id)), fileName(chatbot.chatbot_name, 'leads'))
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/submissions/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, viewer.accountId, params.id)
        return page(<SubmissionsPage viewer={viewer} chatbot={chatbot} submissions={await ownerSubmissions(ctx, viewer.accountId, params.id)} />)
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/submissions/csv/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, viewer.accountId, params.id)
        return csvResponse(submissionsCsv(await ownerSubmissions(ctx, viewer.accountId, params.id)), fileName(chatbot.chatbot_name, 'submissions'))
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/appointments/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, viewer.accountId, params.id)
        const appointments = await ownerAppointments(ctx, viewer.accountId, params.id)
        return page(<AppointmentsPage viewer={viewer} chatbot={chatbot} appointments={appointments} now={ctx.clock.now()} />)
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/appointments/csv/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, viewer.accountId, params.id)
        return csvResponse(appointmentsCsv(await ownerAppointments(ctx, viewer.accountId, params.id)), fileName(chatbot.chatbot_name, 'appointments'))
      }),
      HIDDEN,
    )
}
