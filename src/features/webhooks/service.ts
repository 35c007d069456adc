/**
 * The outbox of webhook events (contract 12): an event becomes a delivery row and a durable job in
 * the caller's transaction, so an event is never lost nor sent for a record that was rolled back.
 * The features that make the records call the queue functions; the job (delivery-job.ts) signs and sends.
 */
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { newId } from '../../lib/ids'
import type { ChatbotRow } from '../chatbots/access'
import type { ChatbotAccessRule } from '../chatbots/guard'
import { CHATBOT_NOT_FOUND, notFound } from '../../http/errors'
import { SUBSCRIPTION_REQUIRED } from '../chatbots/texts'
import type { Static } from '@sinclair/typebox'
import type { DeliveryList } from './model'
import type { AppointmentRecord, EventType, LeadRecord, QuestionRecord, SubmissionRecord } from './model'
import { deliveriesOf, insertDelivery } from './repo'

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver'

export interface DeliveryPayload {
  delivery_id: string
}

type Target = Pick<ChatbotRow, 'id' | 'webhook_url'>

/**
 * Queues one event for a chatbot with a webhook_url (none: nothing is queued, and null is returned).
 * `deliveryId` lets the record name its delivery beforehand (a lead keeps it as webhook_message_id).
 */
export async function queueWebhookEvent(
  ctx: AppContext,
  trx: Db,
  chatbot: Target,
  type: EventType,
  record: Record<string, unknown>,
  opts: { deliveryId?: string; timestamp?: string } = {},
): Promise<string | null> {
  if (!chatbot.webhook_url) return null
  const now = ctx.clock.now().toISOString()
  const deliveryId = opts.deliveryId ?? `msg_${newId()}`
  // The event's own time: its record's creation where it has one.
  const payload = JSON.stringify({ type, timestamp: opts.timestamp ?? now, data: { chatbot_id: chatbot.id, ...record } })
  await insertDelivery(trx, {
    id: deliveryId,
    chatbot_id: chatbot.id,
    event_type: type,
    payload,
    status: 'pending',
    attempts: 0,
    last_error: null,
    last_status: null,
    created_at: now,
    updated_at: now,
  })
  await ctx.jobs.enqueue<DeliveryPayload>(trx, WEBHOOK_DELIVERY_JOB, { delivery_id: deliveryId })
  return deliveryId
}

export const queueLeadCreated = (ctx: AppContext, trx: Db, chatbot: Target, lead: LeadRecord, deliveryId: string) =>
  queueWebhookEvent(ctx, trx, chatbot, 'lead.created', { lead }, { deliveryId, timestamp: lead.created_at })

export const queueSubmissionCreated = (ctx: AppContext, trx: Db, chatbot: Target, submission: SubmissionRecord) =>
  queueWebhookEvent(ctx, trx, chatbot, 'submission.created', { submission }, { timestamp: submission.created_at })

export const queueAppointmentCreated = (ctx: AppContext, trx: Db, chatbot: Target, appointment: AppointmentRecord) =>
  queueWebhookEvent(ctx, trx, chatbot, 'appointment.created', { appointment }, { timestamp: appointment.created_at })

/** For the owner's cancel endpoint: call it in the cancellation's transaction, with the appointment as chatbot-appointments lists it. */
export const queueAppointmentCancelled = (ctx: AppContext, trx: Db, chatbot: Target, appointment: AppointmentRecord) =>
  queueWebhookEvent(ctx, trx, chatbot, 'appointment.cancelled', { appointment })

export const queueUnansweredQuestion = (ctx: AppContext, trx: Db, chatbot: Target, question: QuestionRecord) =>
  queueWebhookEvent(ctx, trx, chatbot, 'conversation.unanswered', { question }, { timestamp: question.created_at })

/** Any chatbot its owner may see; the deliveries of every type. */
export const DELIVERIES_ACCESS: ChatbotAccessRule = { subscription: SUBSCRIPTION_REQUIRED, missing: () => notFound(CHATBOT_NOT_FOUND) }

/** chatbot-webhook-deliveries: newest first. */
export async function deliveryList(ctx: AppContext, chatbot: Pick<ChatbotRow, 'id'>): Promise<Static<typeof DeliveryList>['deliveries']> {
  const rows = await deliveriesOf(ctx.db, chatbot.id)
  return rows.map((r) => ({
    delivery_id: r.id,
    event_type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    last_status: r.last_status,
    last_error: r.last_error,
    created_at: r.created_at,
    updated_at: r.updated_at,
    payload: r.payload,
  }))
}
