import type { AppContext } from './context'
import { INVITATION_MAIL_JOB, invitationMailJob } from './features/bookings/invitation-mail'
import { LEGACY_LEAD_WEBHOOK_JOB, markLeadDelivery, moveLeadWebhookToOutbox } from './features/quotes/leads'
import { webhookDeliveryJob } from './features/webhooks/delivery-job'
import { WEBHOOK_DELIVERY_JOB } from './features/webhooks/service'
import { QUOTE_MAIL_JOB, quoteMailJob } from './features/quotes/quote-mail'
import { LOGIN_CODE_JOB, loginCodeJob } from './features/accounts/login-code-job'
import { LINK_JOB_KIND, linkJob } from './features/training/link-job'
import { legacyReindexDocumentJob, queueReindex, REINDEX_DOCUMENT_JOB, REINDEX_JOB, reindexJob } from './features/training/reindex'
import { REREAD_LINK_JOB, rereadLinkJob } from './features/training/reread-link-job'
import { UPLOAD_EXPIRY_JOB, uploadExpiryJob } from './features/forms/upload-expiry'
import { OWNER_NOTIFICATION_JOB, ownerNotificationJob } from './features/notifications/owner-notification'

/** Every background job kind, registered once per context so a restart resumes them all. */
export function registerJobs(ctx: AppContext): void {
  ctx.jobs.register(QUOTE_MAIL_JOB, quoteMailJob(ctx))
  // A lead keeps its delivery's state (webhook_status, webhook_attempts) for the owner's lead list.
  ctx.jobs.register(
    WEBHOOK_DELIVERY_JOB,
    webhookDeliveryJob(ctx, async (delivery, state) => {
      if (delivery.event_type === 'lead.created') await markLeadDelivery(ctx, delivery.id, state.status, state.attempts)
    }),
  )
  ctx.jobs.register<{ lead_id: string }>(LEGACY_LEAD_WEBHOOK_JOB, { run: ({ lead_id }) => moveLeadWebhookToOutbox(ctx, lead_id) })
  ctx.jobs.register(INVITATION_MAIL_JOB, invitationMailJob(ctx))
  ctx.jobs.register(LOGIN_CODE_JOB, loginCodeJob(ctx))
  ctx.jobs.register(LINK_JOB_KIND, linkJob(ctx))
  ctx.jobs.register(REINDEX_JOB, reindexJob(ctx))
  ctx.jobs.register(REINDEX_DOCUMENT_JOB, legacyReindexDocumentJob(ctx))
  ctx.jobs.register(REREAD_LINK_JOB, rereadLinkJob(ctx))
  ctx.jobs.register(UPLOAD_EXPIRY_JOB, uploadExpiryJob(ctx))
  ctx.jobs.register(OWNER_NOTIFICATION_JOB, ownerNotificationJob(ctx))
}

/** Work the data itself calls for at start, queued before the workers start. */
export async function queueStartupJobs(ctx: AppContext): Promise<void> {
  // Sources indexed by an older ingestion are made again, in the background (training/index-version.ts).
  await queueReindex(ctx)
}
