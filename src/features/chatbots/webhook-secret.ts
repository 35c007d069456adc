import type { AppContext } from '../../context'
import { WEBHOOK_SECRET_PURPOSE } from '../../infra/keys'

/** Webhook secrets are kept sealed (contract 13): the database alone cannot sign a delivery. */
export const sealWebhookSecret = (ctx: AppContext, secret: string): string => ctx.keys.seal(WEBHOOK_SECRET_PURPOSE, secret)

/** The secret itself, only to sign a delivery or to show it to the chatbot's owner. */
export const openWebhookSecret = (ctx: AppContext, stored: string): string => ctx.keys.open(WEBHOOK_SECRET_PURPOSE, stored)

/** How long a replaced secret keeps signing beside the new one (contract 12). */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000

/** The secrets a delivery is signed with now: the current one, and the previous one during the day after a rotation. */
export function signingSecrets(
  ctx: AppContext,
  chatbot: { webhook_secret: string | null; previous_webhook_secret: string | null; previous_webhook_secret_until: string | null },
  now: Date,
): string[] {
  const secrets = chatbot.webhook_secret ? [openWebhookSecret(ctx, chatbot.webhook_secret)] : []
  if (chatbot.previous_webhook_secret && chatbot.previous_webhook_secret_until && Date.parse(chatbot.previous_webhook_secret_until) > now.getTime()) {
    secrets.push(openWebhookSecret(ctx, chatbot.previous_webhook_secret))
  }
  return secrets
}
