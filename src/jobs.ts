import type { AppContext } from './context'
import { INVITATION_MAIL_JOB, invitationMailJob } from './features/bookings/invitation-mail'
import { LEAD_WEBHOOK_JOB, leadWebhookJob } from './features/quotes/lead-webhook'
import { QUOTE_MAIL_JOB, quoteMailJob } from './features/quotes/quote-mail'
import { LOGIN_CODE_JOB, loginCodeJob } from './features/accounts/login-code-job'
import { LINK_JOB_KIND, linkJob } from './features/training/link-job'
import { OWNER_NOTIFICATION_JOB, ownerNotificationJob } from './features/notifications/owner-notification'

/** Every background job kind, registered once per context so a restart resumes them all. */
export function registerJobs(ctx: AppContext): void {
  ctx.jobs.register(QUOTE_MAIL_JOB, quoteMailJob(ctx))
  ctx.jobs.register(LEAD_WEBHOOK_JOB, leadWebhookJob(ctx))
  ctx.jobs.register(INVITATION_MAIL_JOB, invitationMailJob(ctx))
  ctx.jobs.register(LOGIN_CODE_JOB, loginCodeJob(ctx))
  ctx.jobs.register(LINK_JOB_KIND, linkJob(ctx))
  ctx.jobs.register(OWNER_NOTIFICATION_JOB, ownerNotificationJob(ctx))
}
