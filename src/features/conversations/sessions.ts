import type { AppContext } from '../../context'
import { countChatbotConversation } from '../chatbots/service'
import type { Db } from '../../db/database'
import { conflict, notFound } from '../../http/errors'
import { newId } from '../../lib/ids'
import { findSession, flagSessionCounted, insertMessages, insertSession, replaceSessionState, type ChatSession } from './repo'
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
  const row: ChatSession = { id: newId(), chatbot_id: chatbotId, visitor_id: visitorId, state: '{}', counted: 0, version: 0, created_at: now, updated_at: now }
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

/** Keeps the transcript (the visitor's message and the reply). */
/** `answered` (Knowledge Retrieval, Business Enquiries) marks a refused question for the owner's unanswered list. */
/**
 * Stores a question and its reply. `alongside` is work that must commit with them (the
 * conversation.unanswered event of a refused question), handed the visitor's stored message.
 */
export async function recordExchange(
  ctx: AppContext,
  sessionId: string,
  visitorText: string,
  botText: string,
  answered?: boolean,
  alongside?: (trx: Db, asked: { id: string; created_at: string }) => Promise<void>,
): Promise<void> {
  const at = ctx.clock.now()
  const asked = { id: newId(), session_id: sessionId, role: 'visitor' as const, text: visitorText, created_at: at.toISOString(), answered: null }
  const rows = [
    asked,
    // One millisecond later, so ordering by time keeps question before answer.
    {
      id: newId(),
      session_id: sessionId,
      role: 'bot' as const,
      text: botText,
      created_at: new Date(at.getTime() + 1).toISOString(),
      answered: answered === undefined ? null : answered ? 1 : 0,
    },
  ]
  if (!alongside) return insertMessages(ctx.db, rows)
  await ctx.db.transaction().execute(async (trx) => {
    await insertMessages(trx, rows)
    await alongside(trx, asked)
  })
}
