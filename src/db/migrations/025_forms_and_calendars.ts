// Forms and calendars (contract 16). Owners: calendars for `calendars.availability` (weekly hours,
// buffer, notice, horizon and days off as one JSON text; '{}' keeps a calendar as it was), bookings
// for the appointments' self-service columns: the hash of the visitor's cancel/reschedule link
// token (the token itself is only ever e-mailed) and the visitor's zone.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calendars')
    .addColumn('availability', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  await db.schema.alterTable('appointments').addColumn('manage_token_hash', 'text').execute()
  await db.schema.alterTable('appointments').addColumn('visitor_time_zone', 'text').execute()
  await db.schema.createIndex('appointments_manage_token').on('appointments').column('manage_token_hash').unique().where(sql.ref('manage_token_hash'), 'is not', null).execute()
}
