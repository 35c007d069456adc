// Answers the owner writes (contract 15): one row per question and answer, with the question's
// content stems for matching visitors' questions. Owner: features/owner-faqs. Schema only.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('owner_faqs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('question_terms', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('owner_faqs_chatbot').on('owner_faqs').columns(['chatbot_id', 'created_at']).execute()
}
