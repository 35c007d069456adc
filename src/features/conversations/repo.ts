/** Every query on chat_sessions, chat_messages and chat_usage. */
import type { Db } from '../../db/database'
import type { ChatMessagesTable, ChatSessionsTable } from '../../db/schema'

export type ChatSession = ChatSessionsTable
export type UsageCounter = 'messages' | 'uploads'

export async function findSession(db: Db, chatbotId: string, visitorId: string, sessionId: string): Promise<ChatSession | undefined> {
  return db.selectFrom('chat_sessions').selectAll().where('id', '=', sessionId).where('chatbot_id', '=', chatbotId).where('visitor_id', '=', visitorId).executeTakeFirst()
}

export async function insertSession(db: Db, row: ChatSession): Promise<void> {
  await db.insertInto('chat_sessions').values(row).execute()
}

/** Marks the session counted; false when another request already did. */
export async function flagSessionCounted(db: Db, sessionId: string): Promise<boolean> {
  const flagged = await db.updateTable('chat_sessions').set({ counted: 1 }).where('id', '=', sessionId).where('counted', '=', 0).executeTakeFirst()
  return Number(flagged.numUpdatedRows) === 1
}

/** Writes the state when the session is still at `version`; false when another write came first. */
export async function replaceSessionState(db: Db, sessionId: string, version: number, state: string, now: string): Promise<boolean> {
  const saved = await db
    .updateTable('chat_sessions')
    .set({ state, version: version + 1, updated_at: now })
    .where('id', '=', sessionId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(saved.numUpdatedRows) === 1
}

export async function insertMessages(db: Db, rows: ChatMessagesTable[]): Promise<void> {
  await db.insertInto('chat_messages').values(rows).execute()
}

/**
 * Takes one unit of a counter for the day if it stays within `limit`; false when the limit is
 * reached. The increment is conditional, so concurrent requests cannot overshoot.
 */
export async function takeUsage(db: Db, key: { chatbotId: string; visitorId: string; day: string }, counter: UsageCounter, limit: number): Promise<boolean> {
  await db
    .insertInto('chat_usage')
    .values({ chatbot_id: key.chatbotId, visitor_id: key.visitorId, day: key.day, messages: 0, uploads: 0 })
    .onConflict((oc) => oc.columns(['chatbot_id', 'visitor_id', 'day']).doNothing())
    .execute()
  const taken = await db
    .updateTable('chat_usage')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
    .where('chatbot_id', '=', key.chatbotId)
    .where('visitor_id', '=', key.visitorId)
    .where('day', '=', key.day)
    .where(counter, '<', limit)
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}
