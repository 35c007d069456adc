import type { AppContext } from '../../context'
import { INVITATION_MAIL_JOB, invitationMailJob } from '../bookings/invitation-mail'
import { LEAD_WEBHOOK_JOB, leadWebhookJob } from '../quotes/lead-webhook'
import { QUOTE_MAIL_JOB, quoteMailJob } from '../quotes/quote-mail'

/** The chat runtime's background work: quote e-mails, lead webhooks, appointment invitations. */
export function registerChatJobs(ctx: AppContext): void {
  ctx.jobs.register(QUOTE_MAIL_JOB, quoteMailJob(ctx))
  ctx.jobs.register(LEAD_WEBHOOK_JOB, leadWebhookJob(ctx))
  ctx.jobs.register(INVITATION_MAIL_JOB, invitationMailJob(ctx))
}
