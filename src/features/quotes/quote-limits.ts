// Contract 11: the quote endpoint must not become a mail relay.
import { createHash } from 'node:crypto'
import type { AppContext } from '../../context'
import { countInWindow } from '../../http/rate-limit'

/** An e-mail address kept only as a hash in the counters. */
export const emailSubject = (email: string) => createHash('sha256').update(email).digest('hex')

/**
 * At most 10 quotes per client address per chatbot per hour, and at most 3 quote e-mails to one
 * client_email per chatbot per UTC day; past either, 429 before anything is created or sent.
 */
export async function takeQuoteLimits(ctx: AppContext, chatbotId: string, address: string, clientEmail: string): Promise<void> {
  const now = ctx.clock.now()
  const limits = ctx.config.publicLimits
  await countInWindow(ctx.db, now, { name: 'quotes-address', subject: `${chatbotId}:${address}`, max: limits.quotesPerAddressHour, window: 'hour' })
  await countInWindow(ctx.db, now, { name: 'quote-mails', subject: `${chatbotId}:${emailSubject(clientEmail)}`, max: limits.quoteMailsPerEmailDay, window: 'day' })
}
