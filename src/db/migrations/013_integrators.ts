import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Migration } from 'kysely'
import type { Keys } from '../../infra/keys'
import { WEBHOOK_SECRET_PURPOSE } from '../../infra/keys'

/** A Standard Webhooks secret as lib/standard-webhooks.ts made them then, frozen: migrations import nothing from lib/. */
const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/**
 * Contract 12, integrators.
 * - idempotency_keys (owner: infra, src/http/idempotency.ts): the first answer to a request sent
 *   with an Idempotency-Key, kept 24 hours, so a retry is answered the same across restarts and instances.
 * - webhook_deliveries (owner: webhooks): the outbox of events, each delivered by a durable job.
 * - chatbots: every type now signs its events, so a chatbot made before gets a secret (sealed, as
 *   contract 13 keeps them); a rotation keeps the previous secret signing for 24 hours.
 */
export const integrators = (keys: Keys): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'idempotency_key'])
      .execute()
    await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute()

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // A deleted chatbot takes its deliveries with it (its events are gone too).
      .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('last_status', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhook_deliveries_chatbot').on('webhook_deliveries').columns(['chatbot_id', 'created_at']).execute()

    await db.schema.alterTable('chatbots').addColumn('previous_webhook_secret', 'text').execute()
    await db.schema.alterTable('chatbots').addColumn('previous_webhook_secret_until', 'text').execute()
    const rows = await sql<{ id: string }>`select id from chatbots where webhook_secret is null`.execute(db)
    for (const row of rows.rows) {
      await sql`update chatbots set webhook_secret = ${keys.seal(WEBHOOK_SECRET_PURPOSE, newWebhookSecret())} where id = ${row.id}`.execute(db)
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('chatbots').dropColumn('previous_webhook_secret_until').execute()
    await db.schema.alterTable('chatbots').dropColumn('previous_webhook_secret').execute()
    await db.schema.dropTable('webhook_deliveries').execute()
    await db.schema.dropTable('idempotency_keys').execute()
  },
})
