// POST /chat/<id>/quote/: price the items, draw the PDF, keep it at an unguessable URL, store the
// lead, and leave the e-mail and the webhook to durable jobs written in the same transaction.
import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import { findQuote, insertLead, insertQuote, takeQuoteNumber } from './repo'
import { invalid, invalidAll } from '../../http/errors'
import { formatMoney } from '../../lib/money'
import { notifyOwner } from '../notifications/owner-notification'
import { isEmail, mailboxKey, normaliseEmail } from '../../lib/email'
import { isImageMime, sniffUpload } from '../../lib/file-kind'
import { newId } from '../../lib/ids'
import { chatbotFilePrefix, type ChatbotRow } from '../chatbots/access'
import { businessNameOf, settingsOf } from '../chatbots/service'
import { leadEventData, quoteUrl } from './leads'
import { queueLeadCreated } from '../webhooks/service'
import type { LeadsTable } from '../../db/schema'
import { QUOTE_MAIL_JOB, type QuoteMailPayload } from './quote-mail'
import type { QuoteLogo } from './quote-pdf'
import { computeQuoteTotals, type PricingPlan } from './quote-totals'
import type { QuoteBody } from '../chat/schemas'
import { existingSession } from '../conversations/sessions'
import { takeDailyAllowance } from '../conversations/usage'
import { takeQuoteLimits } from './quote-limits'

export interface QuoteAnswer {
  quote_id: string
  quote_number: string
  quote_url: string
  currency: string
  total_excluding_vat: string
  total_including_vat: string
  valid_until: string | null
}

/** Q-000001 upwards, per chatbot. */
export const formatQuoteNumber = (n: number): string => `Q-${String(n).padStart(6, '0')}`

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** The UTC date `days` after today, or null when the chatbot sets no validity. */
export function validUntil(now: Date, quotesValidity: unknown): string | null {
  const days = typeof quotesValidity === 'string' && /^\s*\d+\s*$/.test(quotesValidity) ? Number(quotesValidity) : typeof quotesValidity === 'number' ? quotesValidity : null
  if (days === null || !Number.isInteger(days) || days < 0) return null
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10)
}

async function logoOf(ctx: AppContext, chatbot: ChatbotRow): Promise<QuoteLogo | null> {
  const bytes = chatbot.logo_key ? await ctx.files.get(chatbot.logo_key) : null
  const mime = bytes ? sniffUpload(bytes) : null
  return bytes && isImageMime(mime) ? { bytes, mime } : null
}

/** `address`: the client address the limits of contract 11 count against. */
export async function requestQuote(ctx: AppContext, chatbot: ChatbotRow, body: Static<typeof QuoteBody>, address: string): Promise<QuoteAnswer> {
  const input = body
  const settings = settingsOf(chatbot)
  const totals = computeQuoteTotals((settings.pricing_plans as PricingPlan[] | undefined) ?? [], input.items)
  // Every problem at once, so the widget's form marks each field in one go.
  const problems = [
    ...(isEmail(input.client_email.trim()) ? [] : [{ field: 'client_email', message: 'must be a valid e-mail address' }]),
    ...(totals.ok ? [] : [{ field: totals.field, message: totals.message }]),
  ]
  if (problems.length) throw invalidAll(problems.map((p) => ({ field: p.field, error: invalid(p.field, p.message).message })))
  if (input.session_id !== undefined) await existingSession(ctx, chatbot.id, input.visitor_id, input.session_id)
  if (!totals.ok) throw invalid(totals.field, totals.message)
  await takeQuoteLimits(ctx, chatbot.id, address, mailboxKey(input.client_email))
  // A quote request is a message to the chatbot, and each one sends an e-mail: it counts.
  await takeDailyAllowance(ctx, chatbot, input.visitor_id, 'messages')

  const now = ctx.clock.now()
  const quoteId = newId()
  const currency = text(settings.currency) ?? ''
  const client = { name: input.client_name.trim(), email: normaliseEmail(input.client_email) }
  const until = validUntil(now, settings.quotes_validity)
  const fileKey = `${chatbotFilePrefix(chatbot.id)}/quotes/${quoteId}.pdf`
  const logo = await logoOf(ctx, chatbot)
  const leadId = newId()
  let quoteNumber = ''
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The number is taken first and the PDF drawn with it inside the transaction: a quote that
      // fails gives its number back with the rollback, so numbers never skip.
      quoteNumber = formatQuoteNumber(await takeQuoteNumber(trx, chatbot.id))
      // pdf-lib is loaded with the first quote: a service that makes none never holds it.
      const { renderQuotePdf } = await import('./quote-pdf')
      const pdf = await renderQuotePdf({
        quoteNumber,
        issuedAt: now,
        validUntil: until,
        businessName: businessNameOf(chatbot),
        businessWebsite: chatbot.website,
        contactInformation: text(settings.contact_information),
        addressLocations: text(settings.address_locations),
        logo,
        client,
        currency,
        items: totals.items,
        totalExcludingVat: totals.totalExcludingVat,
        totalIncludingVat: totals.totalIncludingVat,
        deliveryFees: text(settings.delivery_fees),
        paymentTerms: text(settings.payment_terms),
      })
      await ctx.files.put(fileKey, pdf)
      const quoteRow = {
        id: quoteId,
        chatbot_id: chatbot.id,
        session_id: input.session_id ?? null,
        visitor_id: input.visitor_id,
        client_name: client.name,
        client_email: client.email,
        currency,
        items: JSON.stringify(totals.items),
        total_excluding_vat: totals.totalExcludingVat,
        total_including_vat: totals.totalIncludingVat,
        valid_until: until,
        file_key: fileKey,
        created_at: now.toISOString(),
        quote_number: quoteNumber,
      }
      const leadRow: LeadsTable = {
        id: leadId,
        chatbot_id: chatbot.id,
        quote_id: quoteId,
        client_name: client.name,
        client_email: client.email,
        currency,
        total_excluding_vat: totals.totalExcludingVat,
        total_including_vat: totals.totalIncludingVat,
        webhook_status: chatbot.webhook_url ? 'pending' : 'none',
        webhook_attempts: 0,
        // The lead.created delivery's id: the webhook-id its receiver sees on every attempt.
        webhook_message_id: `msg_${newId()}`,
        created_at: now.toISOString(),
        quote_number: quoteNumber,
      }
      await insertQuote(trx, quoteRow)
      await insertLead(trx, leadRow)
      await ctx.jobs.enqueue<QuoteMailPayload>(trx, QUOTE_MAIL_JOB, { quote_id: quoteId })
      await queueLeadCreated(ctx, trx, chatbot, leadEventData(ctx, leadRow, quoteRow), leadRow.webhook_message_id)
      await notifyOwner(ctx, trx, chatbot, 'lead', [
        `Quote number: ${quoteNumber}`,
        `Client: ${client.name} <${client.email}>`,
        `Total including VAT: ${formatMoney(totals.totalIncludingVat, currency)}`,
        `Quote: ${quoteUrl(ctx, quoteId)}`,
      ])
    })
  } catch (error) {
    await ctx.files.delete(fileKey)
    throw error
  }
  ctx.jobs.kick()
  ctx.log.info('chat.quote_created', { chatbot_id: chatbot.id, quote_id: quoteId, lead_id: leadId, items: totals.items.length })
  return {
    quote_id: quoteId,
    quote_number: quoteNumber,
    quote_url: quoteUrl(ctx, quoteId),
    currency,
    total_excluding_vat: totals.totalExcludingVat,
    total_including_vat: totals.totalIncludingVat,
    valid_until: until,
  }
}

export async function quotePdf(ctx: AppContext, quoteId: string): Promise<Uint8Array | null> {
  const row = await findQuote(ctx.db, quoteId)
  return row ? ctx.files.get(row.file_key) : null
}
