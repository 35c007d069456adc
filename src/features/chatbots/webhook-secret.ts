import type { AppContext } from '../../context'
import { WEBHOOK_SECRET_PURPOSE } from '../../infra/keys'

/** Webhook secrets are kept sealed (contract 13): the database alone cannot sign a delivery. */
export const sealWebhookSecret = (ctx: AppContext, secret: string): string => ctx.keys.seal(WEBHOOK_SECRET_PURPOSE, secret)

/** The secret itself, only to sign a delivery or to show it to the chatbot's owner. */
export const openWebhookSecret = (ctx: AppContext, stored: string): string => ctx.keys.open(WEBHOOK_SECRET_PURPOSE, stored)
