// Tells the account's e-mail address of what its chatbots produced (contract 10). The job is
// written in the same transaction as the record it announces, so a record never lacks its
// notice and a rolled-back one sends none. The mail holds what happened, never a secret.
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import type { JobKind } from '../../infra/jobs'
import type { MailMessage } from '../../infra/mailer'
import { MINUTE } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { accountEmail } from '../accounts/service'
import { chatbotById, settingsOf, type ChatbotRow } from '../chatbots/service'
import { OWNER_NOTIFICATION_FOOTER, OWNER_NOTIFICATION_SUBJECTS } from './texts'

export const OWNER_NOTIFICATION_JOB = 'owner.notification'
const MAIL_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE]

export type OwnerEvent = keyof typeof OWNER_NOTIFICATION_SUBJECTS

export interface OwnerNotificationPayload {
  chatbot_id: string
  event: OwnerEvent
  /** What the owner reads: "Client: Ada <ada@example.com>", "Total including VAT: €42.00"... */
  lines: string[]
}

/** chatbot-edit's `owner_notifications`; on unless the owner turned it off. */
export const notificationsOn = (chatbot: Pick<ChatbotRow, 'settings'>): boolean => settingsOf(chatbot).owner_notifications !== false

/** Queues the owner's e-mail in the caller's transaction, unless the chatbot's notifications are off. */
export async function notifyOwner(ctx: AppContext, trx: Db, chatbot: ChatbotRow, event: OwnerEvent, lines: string[]): Promise<void> {
  if (!notificationsOn(chatbot)) return
  await ctx.jobs.enqueue<OwnerNotificationPayload>(trx, OWNER_NOTIFICATION_JOB, { chatbot_id: chatbot.id, event, lines })
}

export function ownerNotificationMail(to: string, chatbotName: string, p: OwnerNotificationPayload, dashboardUrl: string): MailMessage {
  const subject = OWNER_NOTIFICATION_SUBJECTS[p.event](chatbotName)
  const body = [subject, ...p.lines, `Open the dashboard: ${dashboardUrl}`, OWNER_NOTIFICATION_FOOTER]
  return {
    to,
    subject,
    text: `${body.join('\n\n')}\n`,
    html: body.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join(''),
  }
}

export function ownerNotificationJob(ctx: AppContext): JobKind<OwnerNotificationPayload> {
  return {
    retryDelaysMs: MAIL_RETRY_DELAYS_MS,
    async run(payload) {
      const chatbot = await chatbotById(ctx.db, payload.chatbot_id)
      if (!chatbot) return // deleted since
      const to = await accountEmail(ctx.db, chatbot.account_id)
      if (!to) return
      await ctx.mail.send(ownerNotificationMail(to, chatbot.name, payload, `${ctx.config.publicUrl}/dashboard/chatbots/${chatbot.id}/`))
    },
  }
}
