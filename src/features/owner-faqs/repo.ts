import type { Kysely } from 'kysely'
import type { Database, OwnerFaqsTable } from '../../db/schema'

type Executor = Kysely<Database>

export const faqsOf = (db: Executor, chatbotId: string) => db.selectFrom('owner_faqs').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at').orderBy('id').execute()

export async function countFaqs(db: Executor, chatbotId: string): Promise<number> {
  const row = await db
    .selectFrom('owner_faqs')
    .select((s) => s.fn.countAll<number>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function insertFaq(db: Executor, row: OwnerFaqsTable): Promise<void> {
  await db.insertInto('owner_faqs').values(row).execute()
}

/** Deletes one of the chatbot's FAQs; false when it has none of that id. */
export async function deleteFaqRow(db: Executor, chatbotId: string, faqId: string): Promise<boolean> {
  const result = await db.deleteFrom('owner_faqs').where('chatbot_id', '=', chatbotId).where('id', '=', faqId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
