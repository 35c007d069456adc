import type { Static, TObject } from '@sinclair/typebox'
import type { Plan } from '../../config'
import type { SubscriptionsTable } from '../../db/schema'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import type { ChatbotType } from '../../db/schema'
import { badRequest, CHATBOT_NOT_FOUND, invalid, limitReached, notFound } from '../../http/errors'
import { parse } from '../../http/validate'
import { normaliseColour } from '../../lib/colour'
import { newId } from '../../lib/ids'
import { newWebhookSecret } from '../../lib/standard-webhooks'
import { openWebhookSecret, PREVIOUS_SECRET_MS, sealWebhookSecret } from './webhook-secret'
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

/** Stored texts carry no stray whitespace. */
const trim = <T>(value: T): T | string => (typeof value === 'string' ? value.trim() : value)

/** A creation body as its route's model declares it, whichever of the five types. */
export type CreationBody =
  | Static<typeof KnowledgeRetrievalBody>
  | Static<typeof BusinessEnquiriesBody>
  | Static<typeof DataCollectionBody>
  | Static<typeof QuoteGenerationBody>
  | Static<typeof AppointmentBody>

/** The account a request acts for, with its plan in force (what the access guard hands a route). */
export interface Subscriber {
  accountId: string
  plan: Plan
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

/**
 * The body as a route's transform hands it to validation: list fields parsed from multipart
 * text, the logo taken out (and checked by content) and marked. The quote type requires a logo.
 */
export async function prepareCreationBody(type: ChatbotType, raw: unknown, multipart: boolean): Promise<{ fields: Record<string, unknown>; logo: LogoFile | null }> {
  const { fields, logo } = await readCreationBody(raw, multipart)
  if (type === TYPES.quote && !logo) throw badRequest(LOGO_REQUIRED, undefined, 'business_logo')
  if (logo) fields.business_logo = 'attached'
  return { fields, logo }
}

/** The creation model of a type, checked by hand (the dashboard's forms do not pass through the API route). */
function parseCreation(type: ChatbotType, fields: Record<string, unknown>): CreationBody {
  switch (type) {
    case TYPES.knowledge:
      return parse(KnowledgeRetrievalBody, fields)
    case TYPES.business:
      return parse(BusinessEnquiriesBody, fields)
    case TYPES.dataCollection:
      return parse(DataCollectionBody, fields)
    case TYPES.quote:
      return parse(QuoteGenerationBody, fields)
    case TYPES.appointment:
      return parse(AppointmentBody, fields)
  }
}

/** Creation from raw input, for callers other than the API route (the dashboard). */
export async function createChatbotFromInput(
  ctx: AppContext,
  material: ChatbotMaterial,
  accountId: string,
  type: ChatbotType,
  raw: unknown,
  multipart: boolean,
): Promise<CreationResult> {
  const { plan } = await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const { fields, logo } = await prepareCreationBody(type, raw, multipart)
  return createChatbot(ctx, material, { accountId, plan }, type, parseCreation(type, fields), logo)
}

/** Creates a chatbot from a body its route's model has already validated. */
export async function createChatbot(
  ctx: AppContext,
  material: ChatbotMaterial,
  owner: Subscriber,
  type: ChatbotType,
  body: CreationBody,
  logo: LogoFile | null,
): Promise<CreationResult> {
  const { accountId, plan } = owner
  const { settings } = CREATION[type]
  const fields: Record<string, unknown> = { ...body }
  const calendars: CalendarInput[] = 'calendar_data' in body ? material.calendars.parse(body.calendar_data) : []

  const id = newId()
  const now = ctx.clock.now().toISOString()
  const logoKey = logo ? `${chatbotFilePrefix(id)}/logo-${newId()}` : null
  // Every type signs its events (contract 12), so every chatbot has a secret from the start.
  const webhookSecret = newWebhookSecret()
  const row: ChatbotRow = {
    id,
    account_id: accountId,
    type,
    name: body.chatbot_name.trim(),
    title: body.chatbot_title?.trim() || body.chatbot_name.trim(),
    greeting: body.chatbot_greeting.trim(),
    instructions: body.chatbot_instructions?.trim() ?? '',
    industry: body.business_industry.trim(),
    website: body.business_website?.trim() ?? null,
    logo_key: logoKey,
    logo_mime: logo?.mime ?? null,
    color1: colour('chatbot_color1', body.chatbot_color1, DEFAULT_COLOR1),
    color2: colour('chatbot_color2', body.chatbot_color2, DEFAULT_COLOR2),
    user_allowance: body.user_allowance ?? DEFAULT_USER_ALLOWANCE,
    settings: JSON.stringify(Object.fromEntries(settings.filter((k) => fields[k] !== undefined).map((k) => [k, trim(fields[k])]))),
    webhook_url: body.webhook_url?.trim() || null,
    webhook_secret: sealWebhookSecret(ctx, webhookSecret),
    previous_webhook_secret: null,
    previous_webhook_secret_until: null,
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
  result.webhook_secret = webhookSecret
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
  return chatbotView(ctx, material, { chatbot: row, plan, subscription })
}

/** chatbot-get's answer for a chatbot its caller may see. */
export async function chatbotView(ctx: AppContext, material: Pick<ChatbotMaterial, 'wordsUsed'>, access: { chatbot: ChatbotRow; plan: Plan; subscription: SubscriptionsTable }) {
  const { chatbot: row, plan, subscription } = access
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
    webhook_url: row.webhook_url,
    webhook_secret: row.webhook_secret && openWebhookSecret(ctx, row.webhook_secret),
  }
}

const EDITABLE = ['chatbot_name', 'chatbot_title', 'chatbot_greeting', 'chatbot_instructions', 'user_allowance', 'chatbot_color1', 'chatbot_color2']

export async function editChatbot(ctx: AppContext, accountId: string, chatbotId: string, body: unknown): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  await editOwnedChatbot(ctx, await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer }), body)
}

/**
 * chatbot-edit on a chatbot its caller owns. The body is read here, not by the route's model:
 * the contract's answers name unknown fields (`Unknown field: <name>`) and an empty edit, which a
 * model that drops unknown keys cannot tell.
 */
export async function editOwnedChatbot(ctx: AppContext, row: ChatbotRow, body: unknown): Promise<void> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(NO_EDITABLE_FIELDS)
  const editable = [...EDITABLE, 'webhook_url']
  const keys = Object.keys(body)
  const unknown = keys.find((k) => !editable.includes(k))
  if (unknown !== undefined) throw badRequest(unknownField(unknown), undefined, unknown)
  if (keys.length === 0) throw badRequest(NO_EDITABLE_FIELDS)
  const input = parse(EditBody, body)

  const changes: Partial<ChatbotRow> = {}
  if (input.chatbot_name !== undefined) changes.name = input.chatbot_name.trim()
  if (input.chatbot_title !== undefined) changes.title = input.chatbot_title.trim()
  if (input.chatbot_greeting !== undefined) changes.greeting = input.chatbot_greeting.trim()
  if (input.chatbot_instructions !== undefined) changes.instructions = input.chatbot_instructions.trim()
  if (input.user_allowance !== undefined) changes.user_allowance = input.user_allowance
  if (input.chatbot_color1 !== undefined) changes.color1 = colour('chatbot_color1', input.chatbot_color1, row.color1)
  if (input.chatbot_color2 !== undefined) changes.color2 = colour('chatbot_color2', input.chatbot_color2, row.color2)
  if ('webhook_url' in input) changes.webhook_url = input.webhook_url?.trim() || null
  await updateChatbot(ctx.db, row.id, { ...changes, updated_at: ctx.clock.now().toISOString() })
}

export async function listChatbots(ctx: AppContext, accountId: string) {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  return chatbotList(ctx, accountId)
}

export async function chatbotList(ctx: AppContext, accountId: string) {
  const rows = await chatbotsOf(ctx.db, accountId)
  return rows.map((r) => ({ chatbot_id: r.id, chatbot_name: r.name, chatbot_type: r.type }))
}

/** Removes the chatbot and, through the foreign keys, all its material; then its files. */
export async function deleteChatbot(ctx: AppContext, accountId: string, chatbotId: string): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  await deleteOwnedChatbot(ctx, await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer }))
}

export async function deleteOwnedChatbot(ctx: AppContext, row: ChatbotRow): Promise<void> {
  const accountId = row.account_id
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


/** chatbot-webhook-secret-rotate: a new secret; the old one keeps signing beside it for 24 hours. */
export async function rotateWebhookSecret(ctx: AppContext, row: ChatbotRow): Promise<{ webhook_secret: string }> {
  const secret = newWebhookSecret()
  const now = ctx.clock.now()
  await updateChatbot(ctx.db, row.id, {
    webhook_secret: sealWebhookSecret(ctx, secret),
    previous_webhook_secret: row.webhook_secret,
    previous_webhook_secret_until: row.webhook_secret ? new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString() : null,
    updated_at: now.toISOString(),
  })
  ctx.log.info('chatbot.webhook_secret_rotated', { chatbot_id: row.id })
  return { webhook_secret: secret }
}
