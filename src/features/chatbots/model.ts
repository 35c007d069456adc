import { AnswerType } from '../forms/model'
import { Type as T, type TSchema } from '@sinclair/typebox'
import { HasMore } from '../../http/pagination'
import { CalendarInputSchema } from '../calendars/model'
import { CredentialFreeUrl, HttpUrl, OptionalText, RequiredText } from '../../http/validate'
import { TYPES } from './texts'

export const MAX_PRICING_PLANS = 50
export const MAX_CALENDARS = 10
export const MAX_QUESTIONS = 20
export const DATA_TYPES = ['text', 'number', 'boolean', 'image', 'pdf_document', 'email', 'phone', 'date', 'choice'] as const
export const MIN_CHOICE_OPTIONS = 2
export const MAX_CHOICE_OPTIONS = 20

const Url = HttpUrl
const Colour = (description: string) => T.String({ maxLength: 7, description: `${description}: #rgb or #rrggbb, # optional` })

export const PRICE_PATTERN = '^\\s*\\d+(\\.\\d+)?\\s*$'
const Price = T.String({ pattern: PRICE_PATTERN, maxLength: 20, description: 'a non-negative number', 'x-message': 'must be a price such as 12.50' })

export const PricingPlanSchema = T.Object({
  'Product/Service Name': RequiredText(200),
  'Product/Service Description': T.String({ maxLength: 1000 }),
  'Price excluding VAT': Price,
  'Price including VAT': Price,
})

export const DataCollectionItemSchema = T.Object({
  title: RequiredText(200),
  question: RequiredText(1000),
  type: AnswerType,
  options: T.Optional(
    T.Array(RequiredText(200), { minItems: MIN_CHOICE_OPTIONS, maxItems: MAX_CHOICE_OPTIONS, description: 'choice questions only (required there): 2..20 options' }),
  ),
  required: T.Optional(T.Boolean({ default: true, description: 'false: visitors may skip it by answering "skip" (stored as null)' })),
})

export const PricingPlans = T.Array(PricingPlanSchema, { minItems: 1, maxItems: MAX_PRICING_PLANS })
export const DataCollection = (min: number) => T.Array(DataCollectionItemSchema, { minItems: min, maxItems: MAX_QUESTIONS })

/** What clients see as the sender (contract 4); chatbot_name stays the owner's label. */
const BusinessName = (description = "Who clients hear from: the quote PDF's header, e-mails' sender name, subjects and bodies; defaults to chatbot_name") =>
  T.String({ minLength: 1, maxLength: 200, pattern: '\\S', description })
/** A BCP 47 language tag; the widget speaks English, German, French and Spanish and falls back to English. */
export const LANGUAGE_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$'
const Language = (description = "The widget's language when the embed code's data-lang does not set one (en, de, fr, es; else English); else the browser's") =>
  T.String({ pattern: LANGUAGE_PATTERN, maxLength: 35, description, 'x-message': 'must be a language tag such as en, de, fr or es' })

/** Fields every creation body shares; `required` lists which of the optional ones a type makes required. */
const common = {
  chatbot_name: RequiredText(100, 'Name of the chatbot'),
  chatbot_title: OptionalText(100, 'Title shown in the chat window; defaults to chatbot_name'),
  chatbot_greeting: RequiredText(1000, 'First message shown to users'),
  business_name: T.Optional(BusinessName()),
  chatbot_language: T.Optional(Language()),
  business_industry: RequiredText(200),
  chatbot_color1: T.Optional(Colour('Primary colour')),
  chatbot_color2: T.Optional(Colour('Secondary colour')),
  user_allowance: T.Optional(T.Integer({ minimum: 1, maximum: 100000, description: 'Messages per user per day (default 100)' })),
  business_logo: T.Optional(T.String({ description: 'In JSON: a data:image/...;base64, URL. In multipart: a file part.' })),
  webhook_url: T.Optional(CredentialFreeUrl("Receives the chatbot's events (see the document's webhooks), signed as Standard Webhooks")),
}

export const KnowledgeRetrievalBody = T.Object({
  ...common,
  chatbot_instructions: RequiredText(4000),
  business_website: T.Optional(Url('Business website')),
})

export const BusinessEnquiriesBody = T.Object({
  ...common,
  chatbot_instructions: RequiredText(4000),
  business_website: Url('Business website'),
  pricing_plans: PricingPlans,
  currency: OptionalText(20, 'Currency symbol or code the prices are shown with, e.g. $ or EUR'),
  contact_information: OptionalText(2000),
  operating_hours: OptionalText(2000),
  address_locations: OptionalText(2000),
  faqs: OptionalText(50000),
  terms_of_service: T.Optional(Url('Terms of service URL')),
  privacy_policy: T.Optional(Url('Privacy policy URL')),
})

export const DataCollectionBody = T.Object({
  ...common,
  chatbot_instructions: OptionalText(4000),
  business_website: T.Optional(Url('Business website')),
  data_collection: DataCollection(1),
})

export const QuoteGenerationBody = T.Object({
  ...common,
  chatbot_instructions: OptionalText(4000),
  business_logo: T.String({ description: 'Required. In JSON: a data:image/...;base64, URL. In multipart: a file part.' }),
  currency: RequiredText(20, 'Currency symbol or code, e.g. $ or EUR'),
  pricing_plans: PricingPlans,
  business_website: T.Optional(Url('Business website')),
  contact_information: OptionalText(2000),
  address_locations: OptionalText(2000),
  delivery_fees: OptionalText(2000),
  payment_terms: OptionalText(2000),
  quotes_validity: T.Optional(
    T.String({ pattern: '^\\s*\\d{1,4}\\s*$', description: 'Validity in days from issuance, as a string', 'x-message': 'must be a whole number of days, such as 30' }),
  ),
})

export const AppointmentBody = T.Object({
  ...common,
  chatbot_instructions: OptionalText(4000),
  business_website: T.Optional(Url('Business website')),
  calendar_data: T.Array(CalendarInputSchema, { minItems: 1, maxItems: MAX_CALENDARS }),
  data_collection: T.Optional(DataCollection(0)),
})

export const EditBody = T.Object(
  {
    chatbot_name: T.Optional(RequiredText(100)),
    chatbot_title: T.Optional(RequiredText(100)),
    chatbot_greeting: T.Optional(RequiredText(1000)),
    business_name: T.Optional(T.Union([BusinessName(), T.Null()], { description: 'null goes back to chatbot_name' })),
    chatbot_language: T.Optional(T.Union([Language(), T.Null()], { description: 'null leaves the choice to the browser' })),
    chatbot_instructions: T.Optional(T.String({ maxLength: 4000 })),
    user_allowance: T.Optional(T.Integer({ minimum: 1, maximum: 100000 })),
    chatbot_color1: T.Optional(Colour('Primary colour')),
    chatbot_color2: T.Optional(Colour('Secondary colour')),
    webhook_url: T.Optional(T.Union([CredentialFreeUrl("Receives the chatbot's events; null stops them"), T.Null()])),
    owner_notifications: T.Optional(T.Boolean({ description: 'E-mail the account of each new lead, submission, appointment and cancellation (default true)' })),
    business_industry: T.Optional(RequiredText(200)),
    business_website: T.Optional(T.Union([Url('Business website'), T.Null()], { description: 'null removes it (not on Business Enquiries, which requires one)' })),
    business_logo: T.Optional(
      T.Union([T.String({ description: 'A data:image/...;base64, URL (in multipart: a file part)' }), T.Null()], {
        description: 'null removes it (not on Quote Generation, which requires one)',
      }),
    ),
    pricing_plans: T.Optional(PricingPlans),
    contact_information: T.Optional(T.Union([T.String({ maxLength: 2000 }), T.Null()])),
    operating_hours: T.Optional(T.Union([T.String({ maxLength: 2000 }), T.Null()])),
    address_locations: T.Optional(T.Union([T.String({ maxLength: 2000 }), T.Null()])),
    faqs: T.Optional(T.Union([T.String({ maxLength: 50000 }), T.Null()])),
    terms_of_service: T.Optional(T.Union([Url('Terms of service URL'), T.Null()])),
    privacy_policy: T.Optional(T.Union([Url('Privacy policy URL'), T.Null()])),
    data_collection: T.Optional(DataCollection(0)),
    currency: T.Optional(RequiredText(20)),
    delivery_fees: T.Optional(T.Union([T.String({ maxLength: 2000 }), T.Null()])),
    payment_terms: T.Optional(T.Union([T.String({ maxLength: 2000 }), T.Null()])),
    quotes_validity: T.Optional(T.Union([T.String({ pattern: '^\\s*\\d{1,4}\\s*$' }), T.Null()])),
  },
  {
    additionalProperties: false,
    description:
      "For the API description: the fields a chatbot's own type takes (contract 10); a field of another type is refused as unknown. Lists replace the whole list; null clears an optional field. The service checks each field with the creation rules.",
  },
)

/** The multipart form of a creation body: list fields travel as JSON text parts, the logo as a file. */
export function multipartOf(schema: ReturnType<typeof T.Object>): TSchema {
  const properties: Record<string, TSchema> = {}
  for (const [key, value] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const optional = !(schema.required ?? []).includes(key)
    let part: TSchema
    if (key === 'business_logo') part = T.String({ format: 'binary' })
    else if (['pricing_plans', 'calendar_data', 'data_collection'].includes(key)) part = T.String({ description: `JSON text of: ${JSON.stringify(value)}`.slice(0, 300) })
    else if (key === 'user_allowance') part = T.String({ pattern: '^\\d+$' })
    else part = value
    properties[key] = optional ? T.Optional(part) : part
  }
  return T.Object(properties)
}

// Answers.

export const ChatbotTypeSchema = T.Union([
  T.Literal(TYPES.knowledge),
  T.Literal(TYPES.business),
  T.Literal(TYPES.dataCollection),
  T.Literal(TYPES.quote),
  T.Literal(TYPES.appointment),
])

export const CreationAnswer = T.Object(
  {
    chatbot_id: T.String(),
    response: T.Literal('SUCCESS'),
    message: T.Optional(T.String({ description: 'Knowledge Retrieval: what to do next' })),
    embed_code: T.Optional(T.String({ description: 'Every other type: the HTML snippet to paste into a page' })),
    webhook_secret: T.Optional(T.String({ description: 'Signs the webhook deliveries (Standard Webhooks); shown again by chatbot-get' })),
  },
  { description: 'The chatbot was created' },
)

const Settings = {
  pricing_plans: T.Optional(T.Array(PricingPlanSchema)),
  contact_information: T.Optional(T.String()),
  operating_hours: T.Optional(T.String()),
  address_locations: T.Optional(T.String()),
  faqs: T.Optional(T.String()),
  terms_of_service: T.Optional(T.String()),
  privacy_policy: T.Optional(T.String()),
  data_collection: T.Optional(T.Array(DataCollectionItemSchema)),
  currency: T.Optional(T.String({ description: 'Quote Generation, Business Enquiries' })),
  delivery_fees: T.Optional(T.String()),
  payment_terms: T.Optional(T.String()),
  quotes_validity: T.Optional(T.String()),
  owner_notifications: T.Optional(T.Boolean({ description: 'Every type; default true' })),
}

export const ChatbotView = T.Object(
  {
    chatbot_id: T.String(),
    chatbot_name: T.String(),
    chatbot_title: T.String(),
    chatbot_type: ChatbotTypeSchema,
    chatbot_greeting: T.String(),
    chatbot_instructions: T.String(),
    business_name: T.String({ description: 'Who clients hear from; chatbot_name when not set' }),
    chatbot_language: T.Union([T.String(), T.Null()], { description: "The widget's language, or null for the browser's" }),
    conversation_count: T.Integer(),
    user_allowance: T.Integer(),
    available_word_count: T.Integer(),
    chatbot_color1: T.String(),
    chatbot_color2: T.String(),
    reset_date: T.String({ description: 'End of the current subscription period, YYYY-MM-DD' }),
    embed_code: T.String(),
    business_industry: T.String(),
    business_website: T.Union([T.String(), T.Null()]),
    logo_url: T.Union([T.String(), T.Null()]),
    created_at: T.String(),
    ...Settings,
    webhook_url: T.Optional(T.Union([T.String(), T.Null()], { description: "Where the chatbot's events are sent" })),
    webhook_secret: T.Optional(T.Union([T.String(), T.Null()], { description: 'Signs the webhook deliveries (Standard Webhooks)' })),
  },
  { description: "The chatbot's settings and counters" },
)

export const ChatbotList = T.Object(
  { response: T.Literal('success'), chatbots: T.Array(T.Object({ chatbot_id: T.String(), chatbot_name: T.String(), chatbot_type: ChatbotTypeSchema })), ...HasMore },
  { description: "The account's chatbots, oldest first (a page with limit: newest first)" },
)
