import type { Kysely } from 'kysely'

/**
 * Several instances on one PostgreSQL database: which worker holds a job's lease, and request
 * counters shared by every instance (one row per client key and one-minute window).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('locked_by', 'text').execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
  await db.schema.alterTable('jobs').dropColumn('locked_by').execute()
}
