import { Type as T, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import type { Plan } from '../../config'
import type { SubscriptionsTable } from '../../db/schema'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import type { ChatbotType } from '../../db/schema'
import { badRequest, CHATBOT_NOT_FOUND, invalid, limitReached, notFound } from '../../http/errors'
import { forgetAnswersOf } from '../../http/idempotency'
import { CredentialFreeUrl, HttpUrl, parse, problemsOf, RequiredText } from '../../http/validate'
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
import { checkQuestionList } from './question-rules'
import { AppointmentBody, BusinessEnquiriesBody, DataCollectionBody, type DataCollectionItemSchema, EditBody, KnowledgeRetrievalBody, QuoteGenerationBody } from './model'
import { CHATBOT_LIMIT_REACHED, KNOWLEDGE_CREATED_MESSAGE, LOGO_REQUIRED, NO_EDITABLE_FIELDS, SUBSCRIPTION_REQUIRED, SUCCESS, TYPES, unknownField } from './texts'

export const DEFAULT_COLOR1 = '#1f6feb'
export const DEFAULT_COLOR2 = '#ffffff'
export const DEFAULT_USER_ALLOWANCE = 100

/** Settings every type keeps beside the common columns (contract 4). */
const COMMON_SETTINGS = ['business_name', 'chatbot_language']

/** Per type: its body schema and the settings it keeps beside the common columns. */
export const CREATION: Record<ChatbotType, { schema: TObject; settings: string[] }> = {
  [TYPES.knowledge]: { schema: KnowledgeRetrievalBody, settings: [...COMMON_SETTINGS] },
  [TYPES.business]: {
    schema: BusinessEnquiriesBody,
    settings: [...COMMON_SETTINGS, 'currency', 'pricing_plans', 'contact_information', 'operating_hours', 'address_locations', 'faqs', 'terms_of_service', 'privacy_policy'],
  },
  [TYPES.dataCollection]: { schema: DataCollectionBody, settings: [...COMMON_SETTINGS, 'data_collection'] },
  [TYPES.quote]: {
    schema: QuoteGenerationBody,
    settings: [...COMMON_SETTINGS, 'currency', 'pricing_plans', 'contact_information', 'address_locations', 'delivery_fees', 'payment_terms', 'quotes_validity'],
  },
  [TYPES.appointment]: { schema: AppointmentBody, settings: [...COMMON_SETTINGS, 'data_collection'] },
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
  if ('data_collection' in body && body.data_collection) fields.data_collection = checkQuestionList(body.data_collection)
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
    // Without a title the window shows who visitors are talking to: the business, else the chatbot's name.
    title: body.chatbot_title?.trim() || body.business_name?.trim() || body.chatbot_name.trim(),
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

/** Who clients hear from (contract 4): the owner's business_name, else the chatbot's name. */
/** Who a client reads as writing: business_name, else the widget's title (what visitors already saw), else the chatbot's name. */
export function businessNameOf(row: Pick<ChatbotRow, 'settings' | 'name' | 'title'>): string {
  const name = settingsOf(row).business_name
  if (typeof name === 'string' && name.trim()) return name.trim()
  return row.title?.trim() || row.name
}

/** The owner's chosen widget language, or null for the browser's. */
export function chatbotLanguageOf(row: Pick<ChatbotRow, 'settings'>): string | null {
  const language = settingsOf(row).chatbot_language
  return typeof language === 'string' && language ? language : null
}

export async function getChatbot(ctx: AppContext, material: Pick<ChatbotMaterial, 'wordsUsed'>, accountId: string, chatbotId: string) {
  const { plan, subscription } = await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  const row = await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer })
  return chatbotView(ctx, material, { chatbot: row, plan, subscription })
}

/** What chatbot-get shows of the row itself. */
function rowView(ctx: AppContext, row: ChatbotRow) {
  const settings = settingsOf(row)
  return {
    chatbot_id: row.id,
    chatbot_name: row.name,
    chatbot_title: row.title,
    chatbot_type: row.type,
    chatbot_greeting: row.greeting,
    chatbot_instructions: row.instructions,
    conversation_count: row.conversation_count,
    user_allowance: row.user_allowance,
    chatbot_color1: row.color1,
    chatbot_color2: row.color2,
    embed_code: embedCode(ctx.config, row.id),
    business_industry: row.industry,
    business_website: row.website,
    logo_url: logoUrl(ctx, row),
    created_at: row.created_at,
    ...settings,
    business_name: businessNameOf(row),
    chatbot_language: chatbotLanguageOf(row),
    owner_notifications: settings.owner_notifications !== false,
    webhook_url: row.webhook_url,
    webhook_secret: row.webhook_secret && openWebhookSecret(ctx, row.webhook_secret),
  }
}

/** What chatbot-get needs of its caller's access: the chatbot, and the plan and subscription it is run under. */
type ViewAccess = { chatbot: ChatbotRow; plan: Plan; subscription: SubscriptionsTable }

/** chatbot-get's answer for a chatbot its caller may see: the row, the words left to train and the plan's reset date. */
export async function chatbotView(ctx: AppContext, material: Pick<ChatbotMaterial, 'wordsUsed'>, access: ViewAccess) {
  const wordsUsed = await material.wordsUsed(ctx, access.chatbot.id)
  return {
    ...rowView(ctx, access.chatbot),
    available_word_count: Math.max(0, access.plan.training_words - wordsUsed),
    reset_date: access.subscription.current_period_end.slice(0, 10),
  }
}

/** chatbot-get's answer as a ready Response (the settings' own fields make it wider than one model). */
export async function chatbotViewResponse(ctx: AppContext, material: Pick<ChatbotMaterial, 'wordsUsed'>, access: ViewAccess): Promise<Response> {
  return Response.json(await chatbotView(ctx, material, access))
}

/** What every type may change; the type's own creation fields come on top (CREATION[type].settings). */
const COMMON_EDITABLE = [
  'chatbot_name',
  'chatbot_title',
  'chatbot_greeting',
  'chatbot_instructions',
  'user_allowance',
  'chatbot_color1',
  'chatbot_color2',
  'business_industry',
  'business_website',
  'business_logo',
  'owner_notifications',
]

/** The fields chatbot-edit takes for a type (contract 10); any other is `Unknown field: <name>`. */
export const editableFields = (type: ChatbotType): string[] => [...COMMON_EDITABLE, ...CREATION[type].settings, 'webhook_url']

/** Fields that arrive as text in multipart and mean a boolean. */
const BOOLEAN_FIELDS = ['owner_notifications']

/** Rules of the fields every type shares; a type's own fields keep their creation rule. */
const COMMON_EDIT_RULES: Record<string, TSchema> = {
  chatbot_name: EditBody.properties.chatbot_name,
  chatbot_title: EditBody.properties.chatbot_title,
  chatbot_greeting: EditBody.properties.chatbot_greeting,
  chatbot_instructions: EditBody.properties.chatbot_instructions,
  user_allowance: EditBody.properties.user_allowance,
  chatbot_color1: EditBody.properties.chatbot_color1,
  chatbot_color2: EditBody.properties.chatbot_color2,
  business_industry: RequiredText(200),
  business_website: HttpUrl('Business website'),
  owner_notifications: T.Boolean(),
  webhook_url: CredentialFreeUrl("Receives the chatbot's events"),
}

/** The edit model of a type: each field it takes, with its rule, all optional. */
function editSchema(type: ChatbotType): TObject {
  const creation = CREATION[type].schema.properties as Record<string, TSchema>
  const properties: Record<string, TSchema> = {}
  for (const key of editableFields(type)) {
    const rule = COMMON_EDIT_RULES[key] ?? creation[key]
    // The logo is taken out before the check; every other field has a rule.
    if (rule && key !== 'business_logo') properties[key] = T.Optional(T.Optional(rule, false))
  }
  return T.Object(properties, { additionalProperties: false })
}

/** Optional creation fields an edit may clear with null ('' for texts means the same). */
function clearable(type: ChatbotType, key: string): boolean {
  if (key === 'webhook_url') return true
  const schema = CREATION[type].schema
  return key in schema.properties && !(schema.required ?? []).includes(key) && key !== 'business_logo'
}

/** The checked edit: column changes, settings changes (null clears) and the logo's fate. */
interface EditPlan {
  changes: Partial<ChatbotRow>
  settings: Record<string, unknown>
  cleared: string[]
  logo: LogoFile | 'remove' | null
}

/**
 * An edit body brought to its checkable shape: unknown fields refused, the logo taken out, nulls
 * noted. The body is read here, not by the route's model: the answers name unknown fields
 * (`Unknown field: <name>`) and an empty edit, which a model that drops unknown keys cannot tell.
 */
async function prepareEdit(row: ChatbotRow, body: unknown, multipart: boolean) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(NO_EDITABLE_FIELDS)
  const editable = editableFields(row.type)
  const keys = Object.keys(body)
  const unknown = keys.find((k) => !editable.includes(k))
  if (unknown !== undefined) throw badRequest(unknownField(unknown), undefined, unknown)
  if (keys.length === 0) throw badRequest(NO_EDITABLE_FIELDS)

  const raw = body as Record<string, unknown>
  const removeLogo = raw.business_logo === null
  if (removeLogo && row.type === TYPES.quote) throw badRequest(LOGO_REQUIRED, undefined, 'business_logo')
  const { fields, logo } = await readCreationBody(raw, multipart)
  delete fields.business_logo
  if (multipart) {
    for (const key of BOOLEAN_FIELDS) if (fields[key] === 'true' || fields[key] === 'false') fields[key] = fields[key] === 'true'
  }
  const cleared: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    if ((value === null || value === '') && clearable(row.type, key)) {
      cleared.push(key)
      delete fields[key]
    }
  }
  return { fields, logo, removeLogo, cleared }
}

/**
 * Every problem of an edit at once, for a form that shows them all (the API answers the first).
 * A refused logo or unknown field is thrown, as the API does.
 */
export async function editProblems(row: ChatbotRow, body: unknown): Promise<{ field: string; message: string }[]> {
  return problemsOf(editSchema(row.type), (await prepareEdit(row, body, false)).fields)
}

/** Every problem of a creation body at once (its logo counted as given when one is). */
export function creationProblems(type: ChatbotType, fields: Record<string, unknown>): { field: string; message: string }[] {
  return problemsOf(CREATION[type].schema, { ...fields, ...(fields.business_logo ? { business_logo: 'attached' } : {}) })
}

export async function planEdit(row: ChatbotRow, body: unknown, multipart: boolean): Promise<EditPlan> {
  const prepared = await prepareEdit(row, body, multipart)
  const { cleared, removeLogo, logo } = prepared
  const input = parse(editSchema(row.type), prepared.fields) as Record<string, unknown>
  if (Array.isArray(input.data_collection)) input.data_collection = checkQuestionList(input.data_collection as Static<typeof DataCollectionItemSchema>[])
  const changes: Partial<ChatbotRow> = {}
  const str = (key: string) => (typeof input[key] === 'string' ? (input[key] as string).trim() : undefined)
  if (str('chatbot_name') !== undefined) changes.name = str('chatbot_name')
  if (str('chatbot_title') !== undefined) changes.title = str('chatbot_title')
  if (str('chatbot_greeting') !== undefined) changes.greeting = str('chatbot_greeting')
  if (str('chatbot_instructions') !== undefined) changes.instructions = str('chatbot_instructions')
  if (cleared.includes('chatbot_instructions')) changes.instructions = ''
  if (typeof input.user_allowance === 'number') changes.user_allowance = input.user_allowance
  if (input.chatbot_color1 !== undefined) changes.color1 = colour('chatbot_color1', input.chatbot_color1, row.color1)
  if (input.chatbot_color2 !== undefined) changes.color2 = colour('chatbot_color2', input.chatbot_color2, row.color2)
  if (str('business_industry') !== undefined) changes.industry = str('business_industry')
  if (str('business_website') !== undefined) changes.website = str('business_website')
  if (cleared.includes('business_website')) changes.website = null
  if (str('webhook_url') !== undefined) changes.webhook_url = str('webhook_url')
  if (cleared.includes('webhook_url')) changes.webhook_url = null

  const settings: Record<string, unknown> = {}
  for (const key of [...CREATION[row.type].settings, 'owner_notifications']) if (input[key] !== undefined) settings[key] = trim(input[key])
  return { changes, settings, cleared: cleared.filter((k) => CREATION[row.type].settings.includes(k)), logo: removeLogo ? 'remove' : logo }
}

/**
 * chatbot-edit on a chatbot its caller owns: the checked plan written in one update. The chat
 * runtime reads the row on every request, so new values apply at once; stored submissions, leads
 * and quotes keep what they were made with (they copy what they need).
 */
export async function editOwnedChatbot(ctx: AppContext, row: ChatbotRow, body: unknown, multipart = false): Promise<void> {
  const plan = await planEdit(row, body, multipart)
  const changes: Partial<ChatbotRow> = { ...plan.changes, updated_at: ctx.clock.now().toISOString() }
  if (Object.keys(plan.settings).length || plan.cleared.length) {
    const settings = { ...settingsOf(row), ...plan.settings }
    for (const key of plan.cleared) delete settings[key]
    changes.settings = JSON.stringify(settings)
  }
  let newLogoKey: string | null = null
  if (plan.logo === 'remove') {
    changes.logo_key = null
    changes.logo_mime = null
  } else if (plan.logo) {
    newLogoKey = `${chatbotFilePrefix(row.id)}/logo-${newId()}`
    await ctx.files.put(newLogoKey, plan.logo.bytes)
    changes.logo_key = newLogoKey
    changes.logo_mime = plan.logo.mime
  }
  try {
    await updateChatbot(ctx.db, row.id, changes)
  } catch (error) {
    if (newLogoKey) await ctx.files.delete(newLogoKey)
    throw error
  }
  // The old logo goes once the row no longer points at it.
  if (row.logo_key && 'logo_key' in changes) await ctx.files.delete(row.logo_key)
  ctx.log.info('chatbot.edited', { chatbot_id: row.id, fields: Object.keys(body as object) })
}

export async function editChatbot(ctx: AppContext, accountId: string, chatbotId: string, body: unknown, multipart = false): Promise<void> {
  await requireSubscription(ctx, accountId, SUBSCRIPTION_REQUIRED)
  await editOwnedChatbot(ctx, await ownedChatbot(ctx, accountId, chatbotId, { missing: notFoundAnswer }), body, multipart)
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
  await forgetAnswersOf(ctx, accountId, row.id)
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
