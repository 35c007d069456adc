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

/** Adds one exchange to the session's running totals. */
export async function addToSessionTotals(db: Db, sessionId: string, exchange: { at: string; messages: number; unanswered: number }): Promise<void> {
  await db
    .updateTable('chat_sessions')
    .set((eb) => ({
      last_message_at: exchange.at,
      message_count: eb('message_count', '+', exchange.messages),
      unanswered_count: eb('unanswered_count', '+', exchange.unanswered),
    }))
    .where('id', '=', sessionId)
    .execute()
}

/** Sets the rating of a bot message of this chatbot's session of this visitor; false when there is no such message. */
export async function rateBotMessage(db: Db, key: { chatbotId: string; visitorId: string; sessionId: string; messageId: string }, rating: 'up' | 'down'): Promise<boolean> {
  const rated = await db
    .updateTable('chat_messages')
    .set({ feedback: rating })
    .where('id', '=', key.messageId)
    .where('role', '=', 'bot')
    .where('session_id', '=', key.sessionId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chat_sessions')
          .select('chat_sessions.id')
          .where('chat_sessions.id', '=', key.sessionId)
          .where('chat_sessions.chatbot_id', '=', key.chatbotId)
          .where('chat_sessions.visitor_id', '=', key.visitorId),
      ),
    )
    .executeTakeFirst()
  return Number(rated.numUpdatedRows) === 1
}

export type InboxRow = Pick<ChatSession, 'id' | 'visitor_id' | 'created_at' | 'last_message_at' | 'message_count' | 'unanswered_count'>

/**
 * One page of the chatbot's conversations (sessions with messages), newest first by their last
 * message, ties by id; `after` continues past a row of the previous page, `before` keeps older ones.
 */
export async function conversationsPage(db: Db, chatbotId: string, page: { limit: number; before?: string; after?: { at: string; id: string } }): Promise<InboxRow[]> {
  let query = db
    .selectFrom('chat_sessions')
    .select(['id', 'visitor_id', 'created_at', 'last_message_at', 'message_count', 'unanswered_count'])
    .where('chatbot_id', '=', chatbotId)
    .where('last_message_at', 'is not', null)
  if (page.before) query = query.where('last_message_at', '<', page.before)
  const after = page.after
  if (after) query = query.where((eb) => eb.or([eb('last_message_at', '<', after.at), eb.and([eb('last_message_at', '=', after.at), eb('id', '<', after.id)])]))
  return query.orderBy('last_message_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute()
}

/** A session of this chatbot with messages, whoever the visitor. */
export async function chatbotSession(db: Db, chatbotId: string, sessionId: string): Promise<InboxRow | undefined> {
  return db
    .selectFrom('chat_sessions')
    .select(['id', 'visitor_id', 'created_at', 'last_message_at', 'message_count', 'unanswered_count'])
    .where('id', '=', sessionId)
    .where('chatbot_id', '=', chatbotId)
    .where('last_message_at', 'is not', null)
    .executeTakeFirst()
}

export async function messagesOf(db: Db, sessionId: string): Promise<ChatMessagesTable[]> {
  return db.selectFrom('chat_messages').selectAll().where('session_id', '=', sessionId).orderBy('created_at').orderBy('role', 'desc').execute()
}

/**
 * The chatbot's unanswered questions in one grouped query: refused bot replies joined to the
 * visitor message they answered, grouped by the folded question, most asked first.
 */
export async function unansweredQuestions(db: Db, chatbotId: string, limit: number): Promise<{ question: string; count: number; last_asked_at: string }[]> {
  const rows = await db
    .selectFrom('chat_sessions as s')
    .innerJoin('chat_messages as b', 'b.session_id', 's.id')
    .innerJoin('chat_messages as v', 'v.id', 'b.reply_to')
    .where('s.chatbot_id', '=', chatbotId)
    .where('b.answered', '=', 0)
    .groupBy('v.question_key')
    .select((eb) => [eb.fn.min('v.text').as('question'), eb.fn.countAll().as('count'), eb.fn.max('v.created_at').as('last_asked_at')])
    .orderBy('count', 'desc')
    .orderBy('last_asked_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ question: r.question, count: Number(r.count), last_asked_at: r.last_asked_at }))
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
