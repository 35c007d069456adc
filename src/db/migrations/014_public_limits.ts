import { sql, type Kysely } from 'kysely'

/**
 * Contract 11, the public endpoints' limits (owners: infra for rate_limits, forms for chat_uploads).
 * - rate_limits.expires_at: a counter of a longer window (an hour, a UTC day) is kept until its
 *   window is over; the one-minute request counters leave it null and are swept as before.
 * - chat_uploads.claimed_at: set when a stored submission (or booking) takes the file; only a claimed
 *   file is served, and unclaimed ones are deleted after 24 hours. Files already named by a
 *   submission's or an appointment's answers count as claimed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('expires_at', 'text').execute()
  await db.schema.alterTable('chat_uploads').addColumn('claimed_at', 'text').execute()
  await db.schema.createIndex('chat_uploads_unclaimed').on('chat_uploads').columns(['claimed_at', 'created_at']).execute()
  await sql`update chat_uploads set claimed_at = created_at where exists (select 1 from chat_submissions s where s.chatbot_id = chat_uploads.chatbot_id and s.answers like '%' || chat_uploads.id || '%') or exists (select 1 from appointments a where a.chatbot_id = chat_uploads.chatbot_id and a.answers like '%' || chat_uploads.id || '%')`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_uploads_unclaimed').execute()
  await db.schema.alterTable('chat_uploads').dropColumn('claimed_at').execute()
  await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute()
}
