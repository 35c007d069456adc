import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { APPOINTMENTS_ACCESS, appointmentsCsv, cancelAppointment, ownerAppointments, type OwnerAppointment } from '../bookings/service'
import { accessChatbot, type ChatbotAccess, type ChatbotAccessRule } from '../chatbots/guard'
import { deleteSubmission, ownerSubmissions, SUBMISSIONS_ACCESS, submissionsCsv, type SubmissionView } from '../forms/submissions'
import { deleteLead, leadsCsv, LEADS_ACCESS, ownerLeads, type LeadView } from '../quotes/leads'
import { getChatbot } from '../chatbots/service'
import { viewCalendars } from '../calendars/service'
import { csvResponse } from '../../lib/csv'
import { htmlPage } from './html'
import type { ChatbotSummary } from './pages/chatbot-frame'
import { AppointmentsPage, LeadsPage, SubmissionsPage } from './pages/records'
import { buttonRoute, HIDDEN, signedIn } from './route-kit'
import { noticeOf, type NoticeKey } from './notices'
import { tabPath } from './pages/chatbot-frame'
import type { Viewer } from './session'

/** The records of one chatbot of the owner's account, and who may read them. */
interface Load<T> {
  access: ChatbotAccessRule
  list: (ctx: AppContext, access: ChatbotAccess) => Promise<T[]>
}
const load = async <T,>(ctx: AppContext, records: Load<T>, accountId: string, chatbotId: string) =>
  records.list(ctx, await accessChatbot(ctx, accountId, chatbotId, records.access))
const LEADS: Load<LeadView> = { access: LEADS_ACCESS, list: ownerLeads }
const SUBMISSIONS: Load<SubmissionView> = { access: SUBMISSIONS_ACCESS, list: ownerSubmissions }
const APPOINTMENTS: Load<OwnerAppointment> = { access: APPOINTMENTS_ACCESS, list: ownerAppointments }

/** Leads, submissions and appointments: what conversations produced, as pages and CSV downloads. */
export const recordPages = (ctx: AppContext) => {
  /** A chatbot's records as a page. */
  const recordsPage = <T,>(records: Load<T>, view: (viewer: Viewer, chatbot: ChatbotSummary, items: T[], notice: string | null) => JSX.Element) =>
    signedIn(ctx, async ({ viewer, params, query }) => {
      const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
      return htmlPage(ctx.config.publicUrl, view(viewer, chatbot, await load(ctx, records, viewer.accountId, params.id), noticeOf(query.notice)))
    })
  /** A row's button: checks the chatbot is the owner's and of the records' type, then acts on the row. */
  const rowAction = (rule: ChatbotAccessRule, tab: 'leads' | 'submissions' | 'appointments', notice: NoticeKey, act: (access: ChatbotAccess, rowId: string) => Promise<unknown>) =>
    buttonRoute(ctx, {
      run: async ({ viewer, params }) => act(await accessChatbot(ctx, viewer.accountId, params.id, rule), params.row),
      back: (params) => tabPath(params.id, tab),
      notice,
    })
  /** The same records as a CSV download named after the chatbot, the records and today's date. */
  const recordsCsv = <T,>(what: string, records: Load<T>, csv: (items: T[], opts: { bom: boolean }) => string) =>
    signedIn(ctx, async ({ viewer, params }) => {
      const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
      return csvResponse(csv(await load(ctx, records, viewer.accountId, params.id), { bom: true }), `${chatbot.chatbot_name} ${what} ${ctx.clock.now().toISOString().slice(0, 10)}`)
    })
  return new Elysia({ name: 'dashboard-records' })
    .get(
      '/dashboard/chatbots/:id/leads/',
      recordsPage(LEADS, (viewer, chatbot, leads, notice) => <LeadsPage viewer={viewer} chatbot={chatbot} leads={leads} notice={notice} />),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/leads/:row/delete/',
      rowAction(LEADS_ACCESS, 'leads', 'lead-deleted', ({ chatbot }, row) => deleteLead(ctx, chatbot.id, row)),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/leads/csv/', recordsCsv('leads', LEADS, leadsCsv), HIDDEN)
    .get(
      '/dashboard/chatbots/:id/submissions/',
      recordsPage(SUBMISSIONS, (viewer, chatbot, submissions, notice) => <SubmissionsPage viewer={viewer} chatbot={chatbot} submissions={submissions} notice={notice} />),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/submissions/:row/delete/',
      rowAction(SUBMISSIONS_ACCESS, 'submissions', 'submission-deleted', ({ chatbot }, row) => deleteSubmission(ctx, chatbot.id, row)),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/submissions/csv/', recordsCsv('submissions', SUBMISSIONS, submissionsCsv), HIDDEN)
    .get(
      '/dashboard/chatbots/:id/appointments/',
      signedIn(ctx, async ({ viewer, params, query }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        const access = await accessChatbot(ctx, viewer.accountId, params.id, APPOINTMENTS_ACCESS)
        const [appointments, calendars] = await Promise.all([ownerAppointments(ctx, access), viewCalendars(ctx, access)])
        const zones = new Map(calendars.map((c) => [c.calendar_id, c.local_timezone_name]))
        return htmlPage(
          ctx.config.publicUrl,
          <AppointmentsPage viewer={viewer} chatbot={chatbot} appointments={appointments} zones={zones} now={ctx.clock.now()} notice={noticeOf(query.notice)} />,
        )
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/appointments/:row/cancel/',
      rowAction(APPOINTMENTS_ACCESS, 'appointments', 'appointment-cancelled', ({ chatbot }, row) => cancelAppointment(ctx, chatbot, { appointment_id: row })),
      HIDDEN,
    )
    .get('/dashboard/chatbots/:id/appointments/csv/', recordsCsv('appointments', APPOINTMENTS, appointmentsCsv), HIDDEN)
}
