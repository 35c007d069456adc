// One delivery of the outbox as a durable job: signed per Standard Webhooks with the chatbot's
// secrets (two during a rotation), retried on the contract's schedule, its state kept on the row
// for the owner (and handed to an observer, so a lead keeps its webhook_status).
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { MINUTE } from '../../lib/clock'
import { signWebhook } from '../../lib/standard-webhooks'
import { signingSecrets } from '../chatbots/webhook-secret'
import { chatbotById } from '../chatbots/service'
import { FetchFailed, FetchRefused } from '../training/safe-fetch'
import type { DeliveryRow } from './repo'
import { findDelivery, setDeliveryOutcome } from './repo'
import type { DeliveryPayload } from './service'
import { postWebhook } from './webhook-post'

const HOUR = 60 * MINUTE
/** Contract 8: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]

export type DeliveryState = Pick<DeliveryRow, 'status' | 'attempts'>
/** Told of each outcome of a delivery, to mirror it on the record that caused it. */
export type DeliveryObserver = (delivery: DeliveryRow, state: DeliveryState) => Promise<void>

export function webhookDeliveryJob(ctx: AppContext, observe: DeliveryObserver = async () => {}): JobKind<DeliveryPayload> {
  const record = async (delivery: DeliveryRow, state: DeliveryState, last: { error: string | null; status: number | null }) => {
    await setDeliveryOutcome(ctx.db, delivery.id, { ...state, last_error: last.error, last_status: last.status, updated_at: ctx.clock.now().toISOString() })
    await observe(delivery, state)
  }
  return {
    lane: 'webhooks',
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    async run({ delivery_id }, job) {
      const delivery = await findDelivery(ctx.db, delivery_id)
      if (!delivery) return // deleted with its chatbot
      // Read on every attempt, so an owner who fixes a broken URL gets the remaining retries there.
      const chatbot = await chatbotById(ctx.db, delivery.chatbot_id)
      const now = ctx.clock.now()
      const secrets = chatbot ? signingSecrets(ctx, chatbot, now) : []
      if (!chatbot?.webhook_url || secrets.length === 0) {
        await record(delivery, { status: 'failed', attempts: job.attempt - 1 }, { error: 'webhook_url removed', status: null })
        ctx.log.warn('webhooks.dropped', { delivery_id: delivery.id, reason: 'webhook_url removed' })
        return
      }
      // The message id stays the same across retries; the signed timestamp is the attempt's, as receivers check it for freshness.
      const headers = signWebhook(secrets, delivery.id, now, delivery.payload)
      let status: number
      try {
        status = await postWebhook(chatbot.webhook_url, delivery.payload, headers, { allowPrivate: ctx.config.allowPrivateLinks })
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error
        // A destination the guard refuses stays refused: retrying would only knock on it again.
        await record(delivery, { status: 'failed', attempts: job.attempt }, { error: `refused: ${error.reason}`, status: null })
        ctx.log.warn('webhooks.refused', { delivery_id: delivery.id, reason: error.reason, address: error.refusedAddress })
        return
      }
      await record(delivery, { status: 'delivered', attempts: job.attempt }, { error: null, status })
      ctx.log.info('webhooks.delivered', { delivery_id: delivery.id, event_type: delivery.event_type, attempt: job.attempt })
    },
    async onAttemptFailed({ delivery_id }, job, error, willRetry) {
      const delivery = await findDelivery(ctx.db, delivery_id)
      if (!delivery) return
      const failed = error instanceof FetchFailed ? { error: error.reason, status: error.status ?? null } : { error: String(error), status: null }
      await record(delivery, { status: willRetry ? 'pending' : 'failed', attempts: job.attempt }, failed)
    },
  }
}
