/** Every query on the chatbots table. Other features ask chatbots/service.ts. */
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'
import type { ChatbotsTable } from '../../db/schema'

export type ChatbotRow = ChatbotsTable

const byId = prepared((db, chatbotId: string) => db.selectFrom('chatbots').selectAll().where('id', '=', chatbotId))

export async function findChatbot(db: Db, chatbotId: string): Promise<ChatbotRow | undefined> {
  const [row] = await byId(db, chatbotId)
  return row
}

export async function insertChatbot(db: Db, row: ChatbotRow): Promise<void> {
  await db.insertInto('chatbots').values(row).execute()
}

export async function updateChatbot(db: Db, chatbotId: string, changes: Partial<ChatbotRow>): Promise<void> {
  await db.updateTable('chatbots').set(changes).where('id', '=', chatbotId).execute()
}

export async function chatbotsOf(db: Db, accountId: string): Promise<Pick<ChatbotRow, 'id' | 'name' | 'type'>[]> {
  return db.selectFrom('chatbots').select(['id', 'name', 'type']).where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()
}

export async function deleteChatbotRow(db: Db, chatbotId: string): Promise<void> {
  await db.deleteFrom('chatbots').where('id', '=', chatbotId).execute()
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
}
