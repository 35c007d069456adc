import type { TObject } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { badRequest, CHATBOT_NOT_FOUND, invalid, limitReached, notFound } from '../../http/errors'
import { parse } from '../../http/validate'
import { normaliseColour } from '../../lib/colour'
import { newId } from '../../lib/ids'
import { newWebhookSecret } from '../../lib/standard-webhooks'
import { requireSubscription } from '../billing/service'
import { parseCalendarInputs, type CalendarInput } from '../calendars/calendar-input'
import { insertCalendars } from '../calendars/repo'
import { wordsUsed } from '../training/usage'
import { chatbotFilePrefix, ownedChatbot, type ChatbotRow } from './access'
import { embedCode } from './embed-code'
import { readCreationBody, type LogoFile } from './input'
import {
  AppointmentBody,
  BusinessEnquiriesBody,
  DataCollectionBody,
  EditBody,
  KnowledgeRetrievalBody,
  MAX_CALENDARS,
  QuoteGenerationBody,
} from './model'
import {
  CHATBOT_LIMIT_REACHED,
  KNOWLEDGE_CREATED_MESSAGE,
  LOGO_REQUIRED,
  NO_EDITABLE_FIELDS,
  SUBSCRIPTION_REQUIRED,
  SUCCESS,
  TYPES,
  unknownField,
} from './texts'

export const DEFAULT_COLOR1 = '#1f6feb'
export const DEFAULT_COLOR2 = '#ffffff'
export const DEFAULT_USER_ALLOWANCE = 100

/** Per type: its body schema and the settings it keeps beside the common columns. */
export const CREATION: Record<ChatbotType, { schema: TObject; settings: string[] }> = {
  [TYPES.knowledge]: { schema: KnowledgeRetrievalBody, settings: [] },
  [TYPES.business]: {
    schema: BusinessEnquiriesBody,
    settings: ['pricing_plans', 'contact_information', 'operating_hours', 'address_locations', 'faqs', 'terms_of_service', 'privacy_policy'],
  },
  [TYPES.dataCollection]: { schema: DataCollectionBody, settings: ['data_collection'] },
  [TYPES.quote]: {
    schema: QuoteGenerationBody,
    settings: ['currency', 'pricing_plans', 'contact_information', 'address_locations', 'delivery_fees', 'payment_terms', 'quotes_validity'],
  },
  [TYPES.appointment]: { schema: AppointmentBody, settings: ['data_collection'] },
}

const notFoundAnswer = notFound(CHATBOT_NOT_FOUND)

function colour(field: string, value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback
  const normalised = typeof value === 'string' ? normaliseColour(value) : null
  if (!normalised) throw invalid(field, 'must be a hex colour such as #1f6feb')
  return normalised
}

/** Trims the texts of a validated body so stored values carry no stray whitespace. */
function trimmed(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]))
}

export interface CreationResult {
  chatbot_id: string
  response: typeof SUCCESS
  message?: string
  embed_code?: string
  webhook_secret?: string
}

export async function createChatbot(
  ctx: AppContext,
  accountId: string,
  type: ChatbotType,
  rawBody: unknown,
  multipart: boolean,
): Promise<CreationResult> {
  const { plan } = await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const { schema, settings } = CREATION[type]
  const { fields, logo } = await readCreationBody(rawBody, multipart)
  if (type === TYPES.quote && !logo) throw badRequest(LOGO_REQUIRED, undefined, 'business_logo')
  if (logo) fields.business_logo = 'attached'
  const body = trimmed(parse(schema, fields)) as Record<string, unknown>

  let calendars: CalendarInput[] = []
  if (type === TYPES.appointment) {
    const parsed = parseCalendarInputs(fields.calendar_data)
    if (!parsed.ok) throw invalid(parsed.field, parsed.message)
    calendars = parsed.calendars
    if (calendars.length > MAX_CALENDARS) throw invalid('calendar_data', `must have at most ${MAX_CALENDARS} items`)
  }

  const id = newId()
  const now = ctx.clock.now().toISOString()
  const logoKey = logo ? `${chatbotFilePrefix(id)}/logo-${newId()}` : null
  const webhookSecret = type === TYPES.quote ? newWebhookSecret() : null
  const row: ChatbotRow = {
    id,
    account_id: accountId,
    type,
    name: body.chatbot_name as string,
    title: (body.chatbot_title as string | undefined) || (body.chatbot_name as string),
    greeting: body.chatbot_greeting as string,
    instructions: (body.chatbot_instructions as string | undefined) ?? '',
    industry: body.business_industry as string,
    website: (body.business_website as string | undefined) ?? null,
    logo_key: logoKey,
    logo_mime: logo?.mime ?? null,
    color1: colour('chatbot_color1', body.chatbot_color1, DEFAULT_COLOR1),
    color2: colour('chatbot_color2', body.chatbot_color2, DEFAULT_COLOR2),
    user_allowance: (body.user_allowance as number | undefined) ?? DEFAULT_USER_ALLOWANCE,
    settings: JSON.stringify(Object.fromEntries(settings.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]))),
    webhook_url: (body.webhook_url as string | undefined) || null,
    webhook_secret: webhookSecret,
    conversation_count: 0,
    created_at: now,
    updated_at: now,
  }

  if (logo && logoKey) await ctx.files.put(logoKey, logo.bytes)
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The allowance check and the count move together, so two racing creations cannot both take the last slot.
      const counted = await trx
        .updateTable('accounts')
        .set((eb) => ({ chatbots_created: eb('chatbots_created', '+', 1) }))
        .where('id', '=', accountId)
        .where('chatbots_created', '<', plan.chatbots)
        .executeTakeFirst()
      if (Number(counted.numUpdatedRows) !== 1) throw limitReached(CHATBOT_LIMIT_REACHED)
      await trx.insertInto('chatbots').values(row).execute()
      await insertCalendars(trx, id, calendars, ctx.clock.now())
    })
  } catch (error) {
    if (logoKey) await ctx.files.deletePrefix(chatbotFilePrefix(id))
    throw error
  }
  ctx.log.info('chatbot.created', { chatbot_id: id, account_id: accountId, type })

  const result: CreationResult = { chatbot_id: id, response: SUCCESS }
  if (type === TYPES.knowledge) result.message = KNOWLEDGE_CREATED_MESSAGE
  else result.embed_code = embedCode(ctx.config, id)
  if (webhookSecret) result.webhook_secret = webhookSecret
  return result
}

export const logoUrl = (ctx: AppContext, row: Pick<ChatbotRow, 'id' | 'logo_key' | 'updated_at'>): string | null =>
  row.logo_key ? `${ctx.config.publicUrl}/media/logos/${row.id}/?v=${encodeURIComponent(row.logo_key.split('-').pop() ?? '')}` : null

export function settingsOf(row: Pick<ChatbotRow, 'settings'>): Record<string, unknown> {
  return JSON.parse(row.settings) as Record<string, unknown>
}

export async function getChatbot(ctx: AppContext, accountId: string, chatbotId: string) {
  const { plan, subscription } = await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const row = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  const used = await wordsUsed(ctx, row.id)
  return {
    chatbot_id: row.id,
    chatbot_name: row.name,
    chatbot_title: row.title,
    chatbot_type: row.type,
    chatbot_greeting: row.greeting,
    chatbot_instructions: row.instructions,
    conversation_count: row.conversation_count,
    user_allowance: row.user_allowance,
    available_word_count: Math.max(0, plan.training_words - used),
    chatbot_color1: row.color1,
    chatbot_color2: row.color2,
    reset_date: subscription.current_period_end.slice(0, 10),
    embed_code: embedCode(ctx.config, row.id),
    business_industry: row.industry,
    business_website: row.website,
    logo_url: logoUrl(ctx, row),
    created_at: row.created_at,
    ...settingsOf(row),
    ...(row.type === TYPES.quote ? { webhook_url: row.webhook_url, webhook_secret: row.webhook_secret } : {}),
  }
}

const EDITABLE = ['chatbot_name', 'chatbot_title', 'chatbot_greeting', 'chatbot_instructions', 'user_allowance', 'chatbot_color1', 'chatbot_color2']

export async function editChatbot(ctx: AppContext, accountId: string, chatbotId: string, body: unknown): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const row = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(NO_EDITABLE_FIELDS)
  const editable = row.type === TYPES.quote ? [...EDITABLE, 'webhook_url'] : EDITABLE
  const keys = Object.keys(body)
  const unknown = keys.find((k) => !editable.includes(k))
  if (unknown !== undefined) throw badRequest(unknownField(unknown), undefined, unknown)
  if (keys.length === 0) throw badRequest(NO_EDITABLE_FIELDS)
  const input = trimmed(parse(EditBody, body)) as Record<string, unknown>

  const changes: Partial<ChatbotRow> = {}
  if (input.chatbot_name !== undefined) changes.name = input.chatbot_name as string
  if (input.chatbot_title !== undefined) changes.title = input.chatbot_title as string
  if (input.chatbot_greeting !== undefined) changes.greeting = input.chatbot_greeting as string
  if (input.chatbot_instructions !== undefined) changes.instructions = input.chatbot_instructions as string
  if (input.user_allowance !== undefined) changes.user_allowance = input.user_allowance as number
  if (input.chatbot_color1 !== undefined) changes.color1 = colour('chatbot_color1', input.chatbot_color1, row.color1)
  if (input.chatbot_color2 !== undefined) changes.color2 = colour('chatbot_color2', input.chatbot_color2, row.color2)
  if ('webhook_url' in input) changes.webhook_url = (input.webhook_url as string | null) || null
  await ctx.db
    .updateTable('chatbots')
    .set({ ...changes, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', row.id)
    .execute()
}

export async function listChatbots(ctx: AppContext, accountId: string) {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const rows = await ctx.db
    .selectFrom('chatbots')
    .select(['id', 'name', 'type'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ chatbot_id: r.id, chatbot_name: r.name, chatbot_type: r.type }))
}

/** Removes the chatbot and, through the foreign keys, all its material; then its files. */
export async function deleteChatbot(ctx: AppContext, accountId: string, chatbotId: string): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const row = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  await ctx.db.deleteFrom('chatbots').where('id', '=', row.id).execute()
  await ctx.files.deletePrefix(chatbotFilePrefix(row.id))
  ctx.log.info('chatbot.deleted', { chatbot_id: row.id, account_id: accountId })
}

export async function chatbotLogo(ctx: AppContext, chatbotId: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const row = await ctx.db.selectFrom('chatbots').select(['logo_key', 'logo_mime']).where('id', '=', chatbotId).executeTakeFirst()
  if (!row?.logo_key || !row.logo_mime) return null
  const bytes = await ctx.files.get(row.logo_key)
  return bytes ? { bytes, mime: row.logo_mime } : null
}

export type { LogoFile }
