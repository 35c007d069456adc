// Owners run their chatbots (contract 10). Owners of the changes: bookings for `appointments`,
// quotes for `quotes`, `leads` and the new `quote_counters`.
// - An appointment can be cancelled and stays listed: `status`, and `sequence` for the .ics
//   updates. A cancelled appointment frees its time, so the one-booking-per-start rule becomes a
//   unique index over confirmed appointments only. SQLite cannot drop a table constraint, so the
//   table is rebuilt (the same way on both dialects).
// - Quotes are numbered per chatbot without gaps: one counter row per chatbot, locked by the
//   quote's transaction.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appointments_011')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('calendar_id', 'text', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('confirmed'))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_at', 'text')
    .execute()
  await sql`INSERT INTO appointments_011 (id, chatbot_id, calendar_id, start_at, end_at, duration, client_name, client_email, answers, created_at)
    SELECT id, chatbot_id, calendar_id, start_at, end_at, duration, client_name, client_email, answers, created_at FROM appointments`.execute(db)
  await db.schema.dropTable('appointments').execute()
  await db.schema.alterTable('appointments_011').renameTo('appointments').execute()
  // A second booking of the same start on one calendar fails here even if a check races.
  await db.schema.createIndex('appointments_calendar_start').on('appointments').columns(['calendar_id', 'start_at']).unique().where(sql.ref('status'), '=', 'confirmed').execute()
  await db.schema.createIndex('appointments_chatbot').on('appointments').columns(['chatbot_id', 'start_at']).execute()

  await db.schema
    .createTable('quote_counters')
    .addColumn('chatbot_id', 'text', (c) => c.primaryKey().references('chatbots.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('quotes').addColumn('quote_number', 'text').execute()
  await db.schema.alterTable('leads').addColumn('quote_number', 'text').execute()
}
