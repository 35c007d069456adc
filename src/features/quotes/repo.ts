/** Every query on quotes and leads. */
import type { Db } from '../../db/database'
import type { LeadsTable, QuotesTable } from '../../db/schema'

export async function insertQuote(db: Db, row: QuotesTable): Promise<void> {
  await db.insertInto('quotes').values(row).execute()
}

export async function insertLead(db: Db, row: LeadsTable): Promise<void> {
  await db.insertInto('leads').values(row).execute()
}

export async function findQuote(db: Db, quoteId: string): Promise<QuotesTable | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', quoteId).executeTakeFirst()
}

export async function findLead(db: Db, leadId: string): Promise<LeadsTable | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst()
}

export async function leadsOf(db: Db, chatbotId: string): Promise<LeadsTable[]> {
  return db.selectFrom('leads').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at', 'desc').orderBy('id').execute()
}

export async function setLeadDeliveryByMessage(db: Db, messageId: string, status: LeadsTable['webhook_status'], attempts: number): Promise<void> {
  await db.updateTable('leads').set({ webhook_status: status, webhook_attempts: attempts }).where('webhook_message_id', '=', messageId).execute()
}
