import type { Kysely } from 'kysely'

/** The public chat runtime: sessions, their messages, daily usage, uploads, and what conversations produce. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_sessions_chatbot').on('chat_sessions').columns(['chatbot_id', 'visitor_id']).execute()

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_messages_session').on('chat_messages').columns(['session_id', 'created_at']).execute()

  // One row per visitor per UTC day; the primary key makes "insert, then increment below the limit" race-free.
  await db.schema
    .createTable('chat_usage')
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uploads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_usage_pk', ['chatbot_id', 'visitor_id', 'day'])
    .execute()

  await db.schema
    .createTable('chat_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_uploads_chatbot').on('chat_uploads').columns(['chatbot_id', 'session_id']).execute()

  await db.schema
    .createTable('chat_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_submissions_chatbot').on('chat_submissions').columns(['chatbot_id', 'created_at']).execute()

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('total_excluding_vat', 'text', (c) => c.notNull())
    .addColumn('total_including_vat', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('quotes_chatbot').on('quotes').columns(['chatbot_id', 'created_at']).execute()

  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_excluding_vat', 'text', (c) => c.notNull())
    .addColumn('total_including_vat', 'text', (c) => c.notNull())
    .addColumn('webhook_status', 'text', (c) => c.notNull())
    .addColumn('webhook_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('webhook_message_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('leads_chatbot').on('leads').columns(['chatbot_id', 'created_at']).execute()
}
