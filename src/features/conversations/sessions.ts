import type { AppContext } from '../../context'
import { countChatbotConversation } from '../chatbots/service'
import type { Db } from '../../db/database'
import { conflict, notFound } from '../../http/errors'
import { newId } from '../../lib/ids'
import { questionKey } from '../../lib/question-key'
import type { Source } from '../answers/model'
import { addToSessionTotals, findSession, flagSessionCounted, insertMessages, insertSession, replaceSessionState, type ChatSession } from './repo'
import { CONVERSATION_BUSY, SESSION_NOT_FOUND } from '../chat/texts'

export type { ChatSession }

/** A session of this chatbot and visitor, or 404: another visitor's session id is as good as unknown. */
export async function existingSession(ctx: AppContext, chatbotId: string, visitorId: string, sessionId: string): Promise<ChatSession> {
  const row = await findSession(ctx.db, chatbotId, visitorId, sessionId)
  if (!row) throw notFound(SESSION_NOT_FOUND)
  return row
}

export async function startSession(ctx: AppContext, chatbotId: string, visitorId: string): Promise<ChatSession> {
  const now = ctx.clock.now().toISOString()
  const row: ChatSession = {
    id: newId(),
    chatbot_id: chatbotId,
    visitor_id: visitorId,
    state: '{}',
    counted: 0,
    version: 0,
    created_at: now,
    updated_at: now,
    last_message_at: null,
    message_count: 0,
    unanswered_count: 0,
  }
  await insertSession(ctx.db, row)
  return row
}

/** A session counts toward conversation_count once, at its first visitor message (contract 4). */
export async function countConversation(ctx: AppContext, session: ChatSession): Promise<void> {
  if (session.counted) return
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await flagSessionCounted(trx, session.id))) return
    await countChatbotConversation(trx, session.chatbot_id)
  })
  session.counted = 1
}

/** Replaces the session's state if nobody changed it since it was read; a lost race answers 409 so the widget can resend. */
export async function saveSessionState(ctx: AppContext, session: ChatSession, state: unknown, db: Db = ctx.db): Promise<void> {
  const saved = await replaceSessionState(db, session.id, session.version, JSON.stringify(state), ctx.clock.now().toISOString())
  if (!saved) throw conflict(CONVERSATION_BUSY)
  session.version += 1
}

/** What a reply leaves in the transcript besides its text. */
export interface ReplyRecord {
  text: string
  /** Knowledge Retrieval and Business Enquiries: false marks a refused question for the owner's unanswered list. */
  answered?: boolean
  /** The sources the reply cited, shown again in the owner's transcript. */
  sources?: Source[]
}

/**
 * Keeps the transcript (the visitor's message and the reply) and the session's running totals, in
 * one transaction; answers the bot message's id (the chat answer's `message_id`). `alongside` is
 * work that must commit with them (the conversation.unanswered event of a refused question),
 * handed the visitor's stored message.
 */
export async function recordExchange(
  ctx: AppContext,
  sessionId: string,
  visitorText: string,
  reply: ReplyRecord,
  alongside?: (trx: Db, asked: { id: string; created_at: string }) => Promise<void>,
): Promise<string> {
  const at = ctx.clock.now()
  const questionId = newId()
  const replyId = newId()
  // One millisecond later, so ordering by time keeps question before answer.
  const repliedAt = new Date(at.getTime() + 1).toISOString()
  await ctx.db.transaction().execute(async (trx) => {
    await insertMessages(trx, [
      { ...NO_EXTRAS, id: questionId, session_id: sessionId, role: 'visitor', text: visitorText, created_at: at.toISOString(), question_key: questionKey(visitorText) },
      {
        ...NO_EXTRAS,
        id: replyId,
        session_id: sessionId,
        role: 'bot',
        text: reply.text,
        created_at: repliedAt,
        answered: reply.answered === undefined ? null : reply.answered ? 1 : 0,
        sources: reply.sources === undefined ? null : JSON.stringify(reply.sources),
        reply_to: questionId,
      },
    ])
    await addToSessionTotals(trx, sessionId, { at: repliedAt, messages: 2, unanswered: reply.answered === false ? 1 : 0 })
    await alongside?.(trx, { id: questionId, created_at: at.toISOString() })
  })
  return replyId
}

const NO_EXTRAS = { answered: null, sources: null, feedback: null, reply_to: null, question_key: null } as const
