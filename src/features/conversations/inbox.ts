// The owner's side of conversations (contract 10): the inbox, one transcript, the unanswered
// questions; and the visitor's rating of a reply.
import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import { CHATBOT_NOT_FOUND, invalid, notFound, wrongChatbotType } from '../../http/errors'
import type { ChatbotAccessRule } from '../chatbots/guard'
import type { ChatbotRow } from '../chatbots/service'
import { SUBSCRIPTION_REQUIRED, TYPES } from '../chatbots/texts'
import { notAvailableForType } from '../chat/texts'
import type { Source } from '../answers/model'
import type { ConversationList, ConversationsQuery, ConversationView, FeedbackBody, UnansweredList } from './model'
import { chatbotSession, conversationsPage, messagesOf, rateBotMessage, unansweredQuestions, type InboxRow } from './repo'
import { BEFORE_INVALID, CONVERSATION_NOT_FOUND, LIMIT_INVALID, MESSAGE_NOT_FOUND, STARTING_AFTER_UNKNOWN } from './texts'

/** chatbot-conversations and chatbot-conversation-view: every type. */
export const CONVERSATIONS_ACCESS: ChatbotAccessRule = { subscription: SUBSCRIPTION_REQUIRED, missing: () => notFound(CHATBOT_NOT_FOUND) }

/** chatbot-unanswered: the types whose replies come from material. */
export const UNANSWERED_ACCESS: ChatbotAccessRule = {
  ...CONVERSATIONS_ACCESS,
  types: [TYPES.knowledge, TYPES.business],
  wrongType: (chatbot) => wrongChatbotType(notAvailableForType(chatbot.type)),
}

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200
/** The unanswered list is a summary for a person: its most asked questions are enough. */
const UNANSWERED_SHOWN = 500

export type ConversationListAnswer = Static<typeof ConversationList>

function pageLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE
  if (!/^\d{1,3}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > MAX_PAGE) throw invalid('limit', LIMIT_INVALID)
  return Number(raw)
}

/** An ISO 8601 time with a date, a time and a zone, in the form the messages store (UTC, milliseconds). */
function beforeTime(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i.test(raw.trim()) && !Number.isNaN(Date.parse(raw.trim()))
  if (!ok) throw invalid('before', BEFORE_INVALID)
  return new Date(raw.trim()).toISOString()
}

const summary = (row: InboxRow) => ({
  session_id: row.id,
  visitor_id: row.visitor_id,
  started_at: row.created_at,
  last_message_at: row.last_message_at ?? row.created_at,
  message_count: row.message_count,
  unanswered_count: row.unanswered_count,
})

/** One page of the inbox, newest first; one row more than asked tells whether more follow. */
export async function listConversations(ctx: AppContext, chatbot: ChatbotRow, query: Static<typeof ConversationsQuery>): Promise<ConversationListAnswer> {
  const limit = pageLimit(query.limit)
  const before = beforeTime(query.before)
  let after: { at: string; id: string } | undefined
  if (query.starting_after !== undefined) {
    const row = await chatbotSession(ctx.db, chatbot.id, query.starting_after)
    if (!row?.last_message_at) throw invalid('starting_after', STARTING_AFTER_UNKNOWN)
    after = { at: row.last_message_at, id: row.id }
  }
  const rows = await conversationsPage(ctx.db, chatbot.id, { limit: limit + 1, before, after })
  return { response: 'success', conversations: rows.slice(0, limit).map(summary), has_more: rows.length > limit }
}

/** Every message of one of the chatbot's conversations; another chatbot's session is as unknown. */
export async function viewConversation(ctx: AppContext, chatbot: ChatbotRow, sessionId: string): Promise<Static<typeof ConversationView>> {
  const session = await chatbotSession(ctx.db, chatbot.id, sessionId)
  if (!session) throw notFound(CONVERSATION_NOT_FOUND)
  const messages = await messagesOf(ctx.db, session.id)
  return {
    response: 'success',
    session_id: session.id,
    visitor_id: session.visitor_id,
    messages: messages.map((m) => ({
      message_id: m.id,
      role: m.role,
      text: m.text,
      created_at: m.created_at,
      ...(m.sources === null ? {} : { sources: JSON.parse(m.sources) as Source[] }),
      ...(m.answered === null ? {} : { answered: m.answered === 1 }),
      ...(m.feedback === null ? {} : { feedback: m.feedback }),
    })),
  }
}

export async function listUnanswered(ctx: AppContext, chatbot: ChatbotRow): Promise<Static<typeof UnansweredList>> {
  return { response: 'success', questions: await unansweredQuestions(ctx.db, chatbot.id, UNANSWERED_SHOWN) }
}

/** The visitor's rating of a reply in their own session; a later one replaces the earlier. */
export async function rateReply(ctx: AppContext, chatbot: ChatbotRow, body: Static<typeof FeedbackBody>): Promise<void> {
  const rated = await rateBotMessage(ctx.db, { chatbotId: chatbot.id, visitorId: body.visitor_id, sessionId: body.session_id, messageId: body.message_id }, body.rating)
  if (!rated) throw notFound(MESSAGE_NOT_FOUND)
}
