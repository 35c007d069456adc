/** Every query on webhook_deliveries, the outbox of events. Other features ask webhooks/service.ts. */
import type { Db } from '../../db/database'
import type { WebhookDeliveriesTable } from '../../db/schema'

export type DeliveryRow = WebhookDeliveriesTable

export async function insertDelivery(db: Db, row: DeliveryRow): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute()
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function setDeliveryOutcome(db: Db, id: string, outcome: Pick<DeliveryRow, 'status' | 'attempts' | 'last_error' | 'last_status' | 'updated_at'>): Promise<void> {
  await db.updateTable('webhook_deliveries').set(outcome).where('id', '=', id).execute()
}

/** A chatbot's deliveries, newest first. */
export async function deliveriesOf(db: Db, chatbotId: string): Promise<DeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}
