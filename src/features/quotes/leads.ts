// Leads as owners and webhook receivers see them.
import type { AppContext } from '../../context'
import { ownerOfType, type ChatbotAccess } from '../chatbots/guard'
import { TYPES } from '../chatbots/texts'
import { notFound } from '../../http/errors'
import { deleteQuote, findLead, findLeadOf, findQuote, leadsOf, setLeadDeliveryByMessage } from './repo'
import { chatbotById } from '../chatbots/service'
import { queueLeadCreated } from '../webhooks/service'
import { leadNotFound } from './texts'
import { toCsv } from '../../lib/csv'
import type { LeadsTable, QuotesTable } from '../../db/schema'
import type { QuoteLine } from './quote-totals'

export interface LeadView {
  lead_id: string
  created_at: string
  client_name: string
  client_email: string
  quote_id: string
  quote_number: string
  quote_url: string
  total_excluding_vat: string
  total_including_vat: string
  currency: string
  webhook_status: LeadsTable['webhook_status']
  webhook_attempts: number
}

/** The `lead` of a lead.created event: the lead without its own delivery state, plus what was quoted. */
export interface LeadEventData extends Omit<LeadView, 'webhook_status' | 'webhook_attempts'> {
  valid_until: string | null
  items: { name: string; quantity: number; line_total_excluding_vat: string; line_total_including_vat: string }[]
}

/** Absolute and unguessable (the quote id carries 122 random bits); no token needed, so it can be e-mailed and shared. */
export const quoteUrl = (ctx: AppContext, quoteId: string) => `${ctx.config.publicUrl}/media/quotes/${quoteId}/`

export const leadView = (ctx: AppContext, lead: LeadsTable): LeadView => ({
  lead_id: lead.id,
  created_at: lead.created_at,
  client_name: lead.client_name,
  client_email: lead.client_email,
  quote_id: lead.quote_id,
  quote_number: lead.quote_number ?? lead.quote_id,
  quote_url: quoteUrl(ctx, lead.quote_id),
  total_excluding_vat: lead.total_excluding_vat,
  total_including_vat: lead.total_including_vat,
  currency: lead.currency,
  webhook_status: lead.webhook_status,
  webhook_attempts: lead.webhook_attempts,
})

export function leadEventData(ctx: AppContext, lead: LeadsTable, quote: Pick<QuotesTable, 'items' | 'valid_until'>): LeadEventData {
  const { webhook_status: _status, webhook_attempts: _attempts, ...rest } = leadView(ctx, lead)
  const lines = JSON.parse(quote.items) as QuoteLine[]
  return {
    ...rest,
    valid_until: quote.valid_until,
    items: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      line_total_excluding_vat: l.lineExcludingVat,
      line_total_including_vat: l.lineIncludingVat,
    })),
  }
}

export async function listLeads(ctx: AppContext, chatbotId: string): Promise<LeadView[]> {
  const rows = await leadsOf(ctx.db, chatbotId)
  return rows.map((row) => leadView(ctx, row))
}

/** chatbot-leads: a Quote Generation chatbot's leads, newest first. */
export const LEADS_ACCESS = ownerOfType(TYPES.quote)

export async function ownerLeads(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>): Promise<LeadView[]> {
  return listLeads(ctx, chatbot.id)
}

/** Mirrors a lead.created delivery's state on its lead (webhook_status, webhook_attempts), found by the delivery id it keeps. */
export async function markLeadDelivery(ctx: AppContext, deliveryId: string, status: LeadsTable['webhook_status'], attempts: number): Promise<void> {
  await setLeadDeliveryByMessage(ctx.db, deliveryId, status, attempts)
}

/** The job kind lead.created deliveries had before the outbox (013); rows still queued under it are moved over when they run. */
export const LEGACY_LEAD_WEBHOOK_JOB = 'chat.lead_webhook'

/** A lead whose delivery was queued before the outbox: its lead.created becomes an outbox delivery with the same webhook-id. */
export async function moveLeadWebhookToOutbox(ctx: AppContext, leadId: string): Promise<void> {
  const lead = await findLead(ctx.db, leadId)
  const quote = lead && (await findQuote(ctx.db, lead.quote_id))
  const chatbot = lead && (await chatbotById(ctx.db, lead.chatbot_id))
  if (!lead || !quote || !chatbot) return // deleted with its chatbot
  const queued = await ctx.db.transaction().execute((trx) => queueLeadCreated(ctx, trx, chatbot, leadEventData(ctx, lead, quote), lead.webhook_message_id))
  if (!queued) await markLeadDelivery(ctx, lead.webhook_message_id, 'failed', lead.webhook_attempts)
  ctx.jobs.kick()
}

/** chatbot-lead-delete: the lead and its quote go, and the quote PDF with them (its URL answers 404). */
export async function deleteLead(ctx: AppContext, chatbotId: string, leadId: string): Promise<void> {
  const lead = await findLeadOf(ctx.db, chatbotId, leadId)
  if (!lead) throw notFound(leadNotFound(leadId))
  await deleteQuote(ctx.db, lead.quote_id)
  await ctx.files.delete(lead.file_key)
  ctx.log.info('lead.deleted', { chatbot_id: chatbotId, lead_id: leadId })
}

/** The leads as CSV rows (contract 10), the columns of the JSON answer. */
export function leadsCsv(leads: LeadView[], opts: { bom?: boolean } = {}): string {
  const header = [
    'lead_id',
    'quote_number',
    'created_at',
    'client_name',
    'client_email',
    'currency',
    'total_excluding_vat',
    'total_including_vat',
    'quote_id',
    'quote_url',
    'webhook_status',
    'webhook_attempts',
  ] as const
  return toCsv(
    [...header],
    leads.map((l) => header.map((k) => l[k])),
    opts,
  )
}
