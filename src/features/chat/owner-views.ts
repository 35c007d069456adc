// The owner's lists of what conversations produced: submissions, leads, appointments.
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { CHATBOT_NOT_FOUND, notFound, wrongChatbotType } from '../../http/errors'
import { requireSubscription } from '../billing/service'
import { listAppointments, type AppointmentItem } from '../calendars/service'
import { ownedChatbot, type ChatbotRow } from '../chatbots/access'
import { SUBSCRIPTION_REQUIRED, TYPES } from '../chatbots/texts'
import type { CollectedAnswer } from '../forms/data-collection'
import { listLeads, type LeadView } from '../quotes/leads'
import { notAvailableForType } from './texts'
import { uploadUrl } from '../forms/uploads'

/** Token, subscription and ownership like every management endpoint; then the type this list exists for. */
async function ownerChatbot(ctx: AppContext, accountId: string, chatbotId: string, type: ChatbotType): Promise<ChatbotRow> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const chatbot = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFound(CHATBOT_NOT_FOUND) })
  if (chatbot.type !== type) throw wrongChatbotType(notAvailableForType(chatbot.type))
  return chatbot
}

/** Text as a string, number as a number, boolean as true/false, an upload as the file's absolute URL. */
function shownAnswer(ctx: AppContext, answer: CollectedAnswer): CollectedAnswer {
  const isUpload = answer.type === 'image' || answer.type === 'pdf_document'
  return { title: answer.title, type: answer.type, value: isUpload ? uploadUrl(ctx, String(answer.value)) : answer.value }
}

export interface SubmissionView {
  submission_id: string
  created_at: string
  answers: CollectedAnswer[]
}

export async function ownerSubmissions(ctx: AppContext, accountId: string, chatbotId: string): Promise<SubmissionView[]> {
  const chatbot = await ownerChatbot(ctx, accountId, chatbotId, TYPES.dataCollection)
  const rows = await ctx.db.selectFrom('chat_submissions').selectAll().where('chatbot_id', '=', chatbot.id).orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map((row) => ({
    submission_id: row.id,
    created_at: row.created_at,
    answers: (JSON.parse(row.answers) as CollectedAnswer[]).map((a) => shownAnswer(ctx, a)),
  }))
}

export async function ownerLeads(ctx: AppContext, accountId: string, chatbotId: string): Promise<LeadView[]> {
  const chatbot = await ownerChatbot(ctx, accountId, chatbotId, TYPES.quote)
  return listLeads(ctx, chatbot.id)
}

const isCollectedAnswer = (value: unknown): value is CollectedAnswer =>
  typeof value === 'object' && value !== null && typeof (value as CollectedAnswer).title === 'string' && typeof (value as CollectedAnswer).type === 'string'

export async function ownerAppointments(ctx: AppContext, accountId: string, chatbotId: string): Promise<(Omit<AppointmentItem, 'answers'> & { answers: CollectedAnswer[] })[]> {
  const chatbot = await ownerChatbot(ctx, accountId, chatbotId, TYPES.appointment)
  const items = await listAppointments(ctx, chatbot.id)
  // Stored answers are always collected answers (checkBookingAnswers made them).
  return items.map((item) => ({
    ...item,
    answers: Array.isArray(item.answers) ? item.answers.filter(isCollectedAnswer).map((a) => shownAnswer(ctx, a)) : [],
  }))
}
