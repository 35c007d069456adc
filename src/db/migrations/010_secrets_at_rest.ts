import { sql, type Kysely, type Migration } from 'kysely'
import type { Keys } from '../../infra/keys'
import { WEBHOOK_SECRET_PURPOSE } from '../../infra/keys'

/**
 * Contract 13, secrets at rest (owner of login_code_days: accounts).
 * - Webhook secrets were plain text: each is sealed (AES-256-GCM under a key derived from the server
 *   key), in place; a value already sealed is left alone.
 * - Codes were stored as an unkeyed SHA-256; they live 15 minutes, so the pending ones are dropped
 *   (their owners ask again) rather than kept in a form a database reader can reverse.
 * - login_code_days counts the login codes sent to an address per UTC day (at most 10).
 */
export const secretsAtRest = (keys: Keys): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const rows = await sql<{ id: string; webhook_secret: string }>`select id, webhook_secret from chatbots where webhook_secret is not null`.execute(db)
    for (const row of rows.rows) {
      if (keys.isSealed(row.webhook_secret)) continue
      await sql`update chatbots set webhook_secret = ${keys.seal(WEBHOOK_SECRET_PURPOSE, row.webhook_secret)} where id = ${row.id}`.execute(db)
    }
    await sql`delete from verification_codes`.execute(db)
    await db.schema
      .createTable('login_code_days')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_code_days_pk', ['email', 'day'])
      .execute()
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('login_code_days').execute()
    const rows = await sql<{ id: string; webhook_secret: string }>`select id, webhook_secret from chatbots where webhook_secret is not null`.execute(db)
    for (const row of rows.rows) {
      if (!keys.isSealed(row.webhook_secret)) continue
      await sql`update chatbots set webhook_secret = ${keys.open(WEBHOOK_SECRET_PURPOSE, row.webhook_secret)} where id = ${row.id}`.execute(db)
    }
  },
})
