// The lead.created webhook as a durable job: signed per Standard Webhooks, retried on the
// contract's schedule, its progress mirrored on the lead (webhook_status, webhook_attempts).
import type { AppContext } from '../../context'
import { openWebhookSecret } from '../chatbots/webhook-secret'
import { findLead, findQuote, setLeadDelivery } from './repo'
import { chatbotById } from '../chatbots/service'
import type { LeadsTable } from '../../db/schema'
import type { JobKind } from '../../infra/jobs'
import { MINUTE } from '../../lib/clock'
import { signWebhook } from '../../lib/standard-webhooks'
import { FetchRefused } from '../training/safe-fetch'
import { leadEventData, type LeadEventData } from './leads'
import { postWebhook } from '../webhooks/webhook-post'

export const LEAD_WEBHOOK_JOB = 'chat.lead_webhook'
const HOUR = 60 * MINUTE
/** Contract 8: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]

export interface LeadWebhookPayload {
  lead_id: string
}

export interface LeadCreatedEvent {
  type: 'lead.created'
  timestamp: string
  data: { chatbot_id: string; lead: LeadEventData }
}

async function markLead(ctx: AppContext, leadId: string, status: LeadsTable['webhook_status'], attempts: number): Promise<void> {
  await setLeadDelivery(ctx.db, leadId, status, attempts)
}

export function leadWebhookJob(ctx: AppContext): JobKind<LeadWebhookPayload> {
  return {
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    async run({ lead_id }, job) {
      const lead = await findLead(ctx.db, lead_id)
      if (!lead) return // the chatbot was deleted with its leads
      const quote = await findQuote(ctx.db, lead.quote_id)
      if (!quote) return // deleted with its chatbot
      // Read on every attempt, so an owner who fixes a broken URL gets the remaining retries there.
      const chatbot = await chatbotById(ctx.db, lead.chatbot_id)
      if (!chatbot?.webhook_url || !chatbot.webhook_secret) {
        await markLead(ctx, lead.id, 'failed', job.attempt - 1)
        ctx.log.warn('chat.webhook_dropped', { lead_id: lead.id, reason: 'webhook_url removed' })
        return
      }
      const event: LeadCreatedEvent = {
        type: 'lead.created',
        timestamp: lead.created_at,
        data: { chatbot_id: lead.chatbot_id, lead: leadEventData(ctx, lead, quote) },
      }
      const body = JSON.stringify(event)
      // The message id stays the same across retries; the signed timestamp is the attempt's, as receivers check it for freshness.
      const headers = signWebhook(openWebhookSecret(ctx, chatbot.webhook_secret), lead.webhook_message_id, ctx.clock.now(), body)
      try {
        await postWebhook(chatbot.webhook_url, body, headers, { allowPrivate: ctx.config.allowPrivateLinks })
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error
        // A destination the guard refuses stays refused: retrying would only knock on it again.
        await markLead(ctx, lead.id, 'failed', job.attempt)
        ctx.log.warn('chat.webhook_refused', { lead_id: lead.id, reason: error.reason, address: error.refusedAddress })
        return
      }
      await markLead(ctx, lead.id, 'delivered', job.attempt)
      ctx.log.info('chat.webhook_delivered', { lead_id: lead.id, attempt: job.attempt })
    },
    async onAttemptFailed({ lead_id }, job, _error, willRetry) {
      await markLead(ctx, lead_id, willRetry ? 'pending' : 'failed', job.attempt)
    },
  }
}
