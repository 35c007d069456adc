import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import type { ChatSessionsTable } from '../../db/schema'
import { conflict, notFound } from '../../http/errors'
import { newId } from '../../lib/ids'
import { CONVERSATION_BUSY, SESSION_NOT_FOUND } from '../chat/texts'

export type ChatSession = ChatSessionsTable

/** A session of this chatbot and visitor, or 404: another visitor's session id is as good as unknown. */
export async function existingSession(ctx: AppContext, chatbotId: string, visitorId: string, sessionId: string): Promise<ChatSession> {
  const row = await ctx.db
    .selectFrom('chat_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('chatbot_id', '=', chatbotId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst()
  if (!row) throw notFound(SESSION_NOT_FOUND)
  return row
}

export async function startSession(ctx: AppContext, chatbotId: string, visitorId: string): Promise<ChatSession> {
  const now = ctx.clock.now().toISOString()
  const row: ChatSession = { id: newId(), chatbot_id: chatbotId, visitor_id: visitorId, state: '{}', counted: 0, version: 0, created_at: now, updated_at: now }
  await ctx.db.insertInto('chat_sessions').values(row).execute()
  return row
}

/** A session counts toward conversation_count once, at its first visitor message (contract 4). */
export async function countConversation(ctx: AppContext, session: ChatSession): Promise<void> {
  if (session.counted) return
  await ctx.db.transaction().execute(async (trx) => {
    const flagged = await trx.updateTable('chat_sessions').set({ counted: 1 }).where('id', '=', session.id).where('counted', '=', 0).executeTakeFirst()
    if (Number(flagged.numUpdatedRows) !== 1) return
    await trx
      .updateTable('chatbots')
      .set((eb) => ({ conversation_count: eb('conversation_count', '+', 1) }))
      .where('id', '=', session.chatbot_id)
      .execute()
  })
  session.counted = 1
}

/** Replaces the session's state if nobody changed it since it was read; a lost race answers 409 so the widget can resend. */
export async function saveSessionState(ctx: AppContext, session: ChatSession, state: unknown, db: Db = ctx.db): Promise<void> {
  const saved = await db
    .updateTable('chat_sessions')
    .set({ state: JSON.stringify(state), version: session.version + 1, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', session.id)
    .where('version', '=', session.version)
    .executeTakeFirst()
  if (Number(saved.numUpdatedRows) !== 1) throw conflict(CONVERSATION_BUSY)
  session.version += 1
}

/** Keeps the transcript (the visitor's message and the reply). */
export async function recordExchange(ctx: AppContext, sessionId: string, visitorText: string, botText: string): Promise<void> {
  const at = ctx.clock.now()
  await ctx.db
    .insertInto('chat_messages')
    .values([
      { id: newId(), session_id: sessionId, role: 'visitor', text: visitorText, created_at: at.toISOString() },
      // One millisecond later, so ordering by time keeps question before answer.
      { id: newId(), session_id: sessionId, role: 'bot', text: botText, created_at: new Date(at.getTime() + 1).toISOString() },
    ])
    .execute()
}
