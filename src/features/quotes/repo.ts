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

/** A lead of this chatbot with its quote's file; another chatbot's lead is unknown. */
export async function findLeadOf(db: Db, chatbotId: string, leadId: string): Promise<{ quote_id: string; file_key: string } | undefined> {
  return db
    .selectFrom('leads')
    .innerJoin('quotes', 'quotes.id', 'leads.quote_id')
    .select(['leads.quote_id as quote_id', 'quotes.file_key as file_key'])
    .where('leads.id', '=', leadId)
    .where('leads.chatbot_id', '=', chatbotId)
    .executeTakeFirst()
}

/** Deletes a quote; its lead goes with it (leads.quote_id cascades). */
export async function deleteQuote(db: Db, quoteId: string): Promise<void> {
  await db.deleteFrom('quotes').where('id', '=', quoteId).execute()
}

/**
 * The next quote number of a chatbot, taken in the caller's transaction. The upsert holds the
 * counter row's lock until the transaction ends, so concurrent quotes number one after another
 * and a rolled-back quote gives its number back: no gaps, no repeats.
 */
export async function takeQuoteNumber(db: Db, chatbotId: string): Promise<number> {
  const row = await db
    .insertInto('quote_counters')
    .values({ chatbot_id: chatbotId, last_number: 1 })
    .onConflict((oc) => oc.column('chatbot_id').doUpdateSet((eb) => ({ last_number: eb('quote_counters.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return Number(row.last_number)
}
