// The owner's conversations (owner: conversations, tables chat_sessions and chat_messages):
// - a bot message keeps the sources it cited (`sources`, JSON), the visitor's rating (`feedback`)
//   and the visitor message it answered (`reply_to`), so the unanswered list is one grouped join;
// - a visitor message keeps its text folded for grouping (`question_key`: case and spacing aside);
// - a session keeps its running totals (`last_message_at`, `message_count`, `unanswered_count`),
//   written with each exchange, so the inbox is one indexed read instead of a scan of messages.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema'

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  await db.schema.alterTable('chat_messages').addColumn('sources', 'text').execute()
  await db.schema.alterTable('chat_messages').addColumn('feedback', 'text').execute()
  await db.schema.alterTable('chat_messages').addColumn('reply_to', 'text').execute()
  await db.schema.alterTable('chat_messages').addColumn('question_key', 'text').execute()
  await db.schema.alterTable('chat_sessions').addColumn('last_message_at', 'text').execute()
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('unanswered_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  // Conversations kept before this migration: each bot message answered the visitor message just before it.
  await sql`UPDATE chat_messages SET reply_to = (
      SELECT v.id FROM chat_messages v
      WHERE v.session_id = chat_messages.session_id AND v.role = 'visitor' AND v.created_at <= chat_messages.created_at
      ORDER BY v.created_at DESC LIMIT 1)
    WHERE role = 'bot'`.execute(db)
  const visitorMessages = await db.selectFrom('chat_messages').select(['id', 'text']).where('role', '=', 'visitor').execute()
  for (const row of visitorMessages)
    await db
      .updateTable('chat_messages')
      .set({ question_key: questionKey(row.text) })
      .where('id', '=', row.id)
      .execute()
  await sql`UPDATE chat_sessions SET
      last_message_at = (SELECT MAX(m.created_at) FROM chat_messages m WHERE m.session_id = chat_sessions.id),
      message_count = (SELECT COUNT(*) FROM chat_messages m WHERE m.session_id = chat_sessions.id),
      unanswered_count = (SELECT COUNT(*) FROM chat_messages m WHERE m.session_id = chat_sessions.id AND m.answered = 0)`.execute(db)

  await db.schema.createIndex('chat_sessions_inbox').on('chat_sessions').columns(['chatbot_id', 'last_message_at', 'id']).execute()
  // Only refused replies are read by the unanswered list.
  await db.schema.createIndex('chat_messages_unanswered').on('chat_messages').columns(['session_id', 'reply_to']).where(sql.ref('answered'), '=', 0).execute()
}

/**
 * lib/question-key.ts as it was when this migration was written, frozen here: a migration must
 * give the same rows whatever the code of later releases does (and imports nothing from lib/).
 */
const questionKey = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ (?=[?!.,;:])/g, '')
    .trim()
