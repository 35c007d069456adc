// The quote PDF e-mailed to the client, as a durable job so a mail server hiccup is retried.
import type { AppContext } from '../../context'
import { findQuote } from './repo'
import { accountEmail } from '../accounts/service'
import { businessNameOf, chatbotById } from '../chatbots/service'
import type { JobKind } from '../../infra/jobs'
import type { MailMessage } from '../../infra/mailer'
import { MINUTE } from '../../lib/clock'
import { escapeHtml } from '../../lib/html'
import { formatMoney } from '../../lib/money'
import { quoteMailSubject } from '../chat/texts'

export const QUOTE_MAIL_JOB = 'chat.quote_mail'
const MAIL_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE]

export interface QuoteMailPayload {
  quote_id: string
}

export interface QuoteMailInput {
  quoteId: string
  quoteNumber: string
  /** The business's address, where the client's reply goes. */
  replyTo: string | null
  business: string
  clientName: string
  clientEmail: string
  currency: string
  totalExcludingVat: string
  totalIncludingVat: string
  validUntil: string | null
  pdf: Uint8Array
}

export function quoteMail(q: QuoteMailInput): MailMessage {
  const lines = [
    `Dear ${q.clientName},`,
    `Please find attached your quote from ${q.business}.`,
    `Total excluding VAT: ${formatMoney(q.totalExcludingVat, q.currency)}`,
    `Total including VAT: ${formatMoney(q.totalIncludingVat, q.currency)}`,
    ...(q.validUntil ? [`The quote is valid until ${q.validUntil}.`] : []),
    `Quote number: ${q.quoteNumber}`,
  ]
  return {
    to: q.clientEmail,
    ...(q.replyTo ? { replyTo: q.replyTo } : {}),
    fromName: q.business,
    subject: quoteMailSubject(q.business, q.quoteNumber),
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    attachments: [{ filename: `quote-${q.quoteNumber}.pdf`, content: q.pdf, contentType: 'application/pdf' }],
  }
}

export function quoteMailJob(ctx: AppContext): JobKind<QuoteMailPayload> {
  return {
    retryDelaysMs: MAIL_RETRY_DELAYS_MS,
    async run({ quote_id }) {
      const quote = await findQuote(ctx.db, quote_id)
      const chatbot = quote && (await chatbotById(ctx.db, quote.chatbot_id))
      if (!quote || !chatbot) return // deleted with its chatbot
      const pdf = await ctx.files.get(quote.file_key)
      if (!pdf) return
      await ctx.mail.send(
        quoteMail({
          quoteId: quote.id,
          // Quotes made before numbering show their id.
          quoteNumber: quote.quote_number ?? quote.id,
          replyTo: (await accountEmail(ctx.db, chatbot.account_id)) ?? null,
          // The client hears from the business (contract 4), not the internal chatbot name.
          business: businessNameOf(chatbot),
          clientName: quote.client_name,
          clientEmail: quote.client_email,
          currency: quote.currency,
          totalExcludingVat: quote.total_excluding_vat,
          totalIncludingVat: quote.total_including_vat,
          validUntil: quote.valid_until,
          pdf,
        }),
      )
    },
  }
}
