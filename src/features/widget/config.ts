// The widget config (contract 8): the chatbot's look, greeting and what its type needs.
import type { AppContext } from '../../context'
import { publicCalendars } from '../calendars/service'
import { cachedPublicChatbot, publicChatbot } from '../chatbots/public-chatbot'
import type { ChatbotRow } from '../chatbots/access'
import { strongEtag } from './http-cache'
import { publicQuestion, questionsOf } from '../forms/questions'
import { businessNameOf, chatbotLanguageOf, logoUrl, settingsOf } from '../chatbots/service'
import { TYPES } from '../chatbots/texts'
import type { PricingPlan, WidgetConfig } from './model'

/** The config as served: its JSON as a Blob (which a Response shares instead of copying) and the strong ETag over it. */
export interface WidgetConfigBody {
  body: Blob
  etag: string
}

/**
 * Built once per chatbot row: rows are replaced, never changed, when a chatbot is written
 * (chatbots/repo.ts), so the first request after an edit builds anew. Appointment chatbots list
 * their calendars, which change apart from the row: theirs is built every time.
 */
const builtFor = new WeakMap<ChatbotRow, WidgetConfigBody>()

export async function widgetConfigBody(ctx: AppContext, chatbotId: string): Promise<WidgetConfigBody> {
  const chatbot = await publicChatbot(ctx, chatbotId)
  const kept = builtFor.get(chatbot)
  if (kept) return kept
  const config = configOf(ctx, chatbot)
  if (chatbot.type === TYPES.appointment) {
    config.calendars = await publicCalendars(ctx, chatbot.id)
    return bodyOf(config)
  }
  const body = bodyOf(config)
  builtFor.set(chatbot, body)
  return body
}

/** The config built for the chatbot's row, if memory holds the row, its owner's subscription and the config; undefined means "ask widgetConfigBody". */
export function heldWidgetConfigBody(ctx: AppContext, chatbotId: string): WidgetConfigBody | undefined {
  const chatbot = cachedPublicChatbot(ctx, chatbotId)
  return chatbot && builtFor.get(chatbot)
}

function bodyOf(config: WidgetConfig): WidgetConfigBody {
  const json = JSON.stringify(config)
  return { body: new Blob([json]), etag: strongEtag(json) }
}

function configOf(ctx: AppContext, chatbot: ChatbotRow): WidgetConfig {
  const settings = settingsOf(chatbot)
  const config: WidgetConfig = {
    chatbot_id: chatbot.id,
    chatbot_type: chatbot.type,
    chatbot_name: chatbot.name,
    chatbot_title: chatbot.title,
    business_name: businessNameOf(chatbot),
    chatbot_language: chatbotLanguageOf(chatbot),
    chatbot_greeting: chatbot.greeting,
    chatbot_instructions: chatbot.instructions,
    chatbot_color1: chatbot.color1,
    chatbot_color2: chatbot.color2,
    logo_url: logoUrl(ctx, chatbot),
  }
  // Settings were validated against the creation models when stored.
  if (chatbot.type === TYPES.business || chatbot.type === TYPES.quote) config.pricing_plans = (settings.pricing_plans as PricingPlan[] | undefined) ?? []
  if (chatbot.type === TYPES.business || chatbot.type === TYPES.quote) config.currency = String(settings.currency ?? '')
  const questions = questionsOf(chatbot)
  if (chatbot.type === TYPES.dataCollection || (chatbot.type === TYPES.appointment && questions.length > 0)) {
    config.data_collection = questions.map(publicQuestion)
  }
  return config
}
