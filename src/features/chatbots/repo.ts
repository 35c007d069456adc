/** Every query on the chatbots table. Other features ask chatbots/service.ts. */
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'
import type { ChatbotsTable } from '../../db/schema'
import { HOT_ROW_TTL_MS, TtlCache } from '../../lib/ttl-cache'

export type ChatbotRow = ChatbotsTable

const byId = prepared((db, chatbotId: string) => db.selectFrom('chatbots').selectAll().where('id', '=', chatbotId))

/**
 * Rows read by every owner and public request of a chatbot; each write below forgets its row.
 * Unknown ids are not kept, so made-up ids in public URLs fill nothing.
 */
const rows = new TtlCache<string, ChatbotRow>(20_000, HOT_ROW_TTL_MS)

/** The chatbot's row; a transaction reads the table itself. Callers must not change the row they get. */
export async function findChatbot(db: Db, chatbotId: string): Promise<ChatbotRow | undefined> {
  // Frozen: the row is shared by every request that reads it until it expires.
  const read = async () => {
    const [row] = await byId(db, chatbotId)
    return row && Object.freeze(row)
  }
  return db.isTransaction ? read() : rows.get(chatbotId, read)
}

/** The chatbot's row if memory holds it now (no database read); undefined means "ask findChatbot". */
export const cachedChatbot = (chatbotId: string): ChatbotRow | undefined => rows.peek(chatbotId)

export async function insertChatbot(db: Db, row: ChatbotRow): Promise<void> {
  await db.insertInto('chatbots').values(row).execute()
}

export async function updateChatbot(db: Db, chatbotId: string, changes: Partial<ChatbotRow>): Promise<void> {
  await db.updateTable('chatbots').set(changes).where('id', '=', chatbotId).execute()
  rows.forget(chatbotId)
}

export async function chatbotsOf(db: Db, accountId: string): Promise<Pick<ChatbotRow, 'id' | 'name' | 'type'>[]> {
  return db.selectFrom('chatbots').select(['id', 'name', 'type']).where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()
}

export async function deleteChatbotRow(db: Db, chatbotId: string): Promise<void> {
  await db.deleteFrom('chatbots').where('id', '=', chatbotId).execute()
  rows.forget(chatbotId)
}

/**
 * Takes the chatbot row's lock for the rest of the transaction (a no-op update), so concurrent
 * writers of one chatbot's material take turns. False when the chatbot is gone.
 */
export async function lockChatbotRow(db: Db, chatbotId: string): Promise<boolean> {
  const locked = await db
    .updateTable('chatbots')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', chatbotId)
    .executeTakeFirst()
  return Number(locked.numUpdatedRows) === 1
}

export async function incrementConversationCount(db: Db, chatbotId: string): Promise<void> {
  await db
    .updateTable('chatbots')
    .set((eb) => ({ conversation_count: eb('conversation_count', '+', 1) }))
    .where('id', '=', chatbotId)
    .execute()
  rows.forget(chatbotId)
}
