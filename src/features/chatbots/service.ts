import type { TObject } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import type { ChatbotType } from '../../db/schema'
import { badRequest, CHATBOT_NOT_FOUND, invalid, limitReached, notFound, wrongChatbotType } from '../../http/errors'
import { notAvailableForType } from '../chat/texts'
import { parse } from '../../http/validate'
import { normaliseColour } from '../../lib/colour'
import { newId } from '../../lib/ids'
import { newWebhookSecret } from '../../lib/standard-webhooks'
import { takeChatbotAllowance } from '../accounts/service'
import { requireSubscription } from '../billing/service'
import type { CalendarInput } from '../calendars/calendar-input'
import { chatbotFilePrefix, ownedChatbot } from './access'
import { chatbotsOf, deleteChatbotRow, findChatbot, incrementConversationCount, insertChatbot, lockChatbotRow, updateChatbot, type ChatbotRow } from './repo'
import { embedCode } from './embed-code'
import { readCreationBody, type LogoFile } from './input'
import {
  AppointmentBody,
  BusinessEnquiriesBody,
  DataCollectionBody,
  EditBody,
  KnowledgeRetrievalBody,
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

/**
 * What chatbots needs from the features built on it (training counts words, calendars keeps an
 * Appointment chatbot's calendars). They depend on chatbots, so src/features/index.ts and the
 * dashboard hand these in instead of chatbots importing them back.
 */
export interface ChatbotMaterial {
  wordsUsed(ctx: AppContext, chatbotId: string): Promise<number>
  calendars: {
    /** calendar_data checked, or 400 naming the field. */
    parse(raw: unknown): CalendarInput[]
    /** Stores them in the creation's transaction. */
    insert(trx: Db, chatbotId: string, calendars: CalendarInput[], now: Date): Promise<unknown>
  }
}

export async function createChatbot(
  ctx: AppContext,
  material: ChatbotMaterial,
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

  const calendars: CalendarInput[] = type === TYPES.appointment ? material.calendars.parse(fields.calendar_data) : []

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
      if (!(await takeChatbotAllowance(trx, accountId, plan.chatbots))) throw limitReached(CHATBOT_LIMIT_REACHED)
      await insertChatbot(trx, row)
      if (calendars.length) await material.calendars.insert(trx, id, calendars, ctx.clock.now())
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

export async function getChatbot(ctx: AppContext, material: Pick<ChatbotMaterial, 'wordsUsed'>, accountId: string, chatbotId: string) {
  const { plan, subscription } = await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const row = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  const used = await material.wordsUsed(ctx, row.id)
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
  await updateChatbot(ctx.db, row.id, { ...changes, updated_at: ctx.clock.now().toISOString() })
}

export async function listChatbots(ctx: AppContext, accountId: string) {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const rows = await chatbotsOf(ctx.db, accountId)
  return rows.map((r) => ({ chatbot_id: r.id, chatbot_name: r.name, chatbot_type: r.type }))
}

/** Removes the chatbot and, through the foreign keys, all its material; then its files. */
export async function deleteChatbot(ctx: AppContext, accountId: string, chatbotId: string): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const row = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  await deleteChatbotRow(ctx.db, row.id)
  await ctx.files.deletePrefix(chatbotFilePrefix(row.id))
  ctx.log.info('chatbot.deleted', { chatbot_id: row.id, account_id: accountId })
}

export async function chatbotLogo(ctx: AppContext, chatbotId: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const row = await findChatbot(ctx.db, chatbotId)
  if (!row?.logo_key || !row.logo_mime) return null
  const bytes = await ctx.files.get(row.logo_key)
  return bytes ? { bytes, mime: row.logo_mime } : null
}

export type { LogoFile }

// For other features, which never query the chatbots table themselves.

/** The chatbot, read in `db` (a transaction when the caller is in one). */
export const chatbotById = (db: Db, chatbotId: string): Promise<ChatbotRow | undefined> => findChatbot(db, chatbotId)

/** Holds the chatbot's row lock for the caller's transaction; false when the chatbot is gone. */
export const lockChatbot = (trx: Db, chatbotId: string): Promise<boolean> => lockChatbotRow(trx, chatbotId)

/** Counts one more conversation, in the caller's transaction. */
export const countChatbotConversation = (trx: Db, chatbotId: string): Promise<void> => incrementConversationCount(trx, chatbotId)

export { publicChatbot } from './public-chatbot'
export { chatbotFilePrefix, ownedChatbot, type ChatbotRow } from './access'

/** Token, subscription and ownership like every management endpoint; then the one type the endpoint serves. */
export async function ownerChatbotOfType(ctx: AppContext, accountId: string, chatbotId: string, type: ChatbotType): Promise<ChatbotRow> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const chatbot = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  if (chatbot.type !== type) throw wrongChatbotType(notAvailableForType(chatbot.type))
  return chatbot
}
