// GET /widget/<id>/: what the embedded widget needs to draw itself (contract 8).
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { publicCalendars, type PublicCalendar } from '../calendars/service'
import { logoUrl, settingsOf } from '../chatbots/service'
import { TYPES } from '../chatbots/texts'
import type { Question } from '../forms/data-collection'
import { publicChatbot } from '../chatbots/public-chatbot'
import { questionsOf } from '../forms/questions'

export interface WidgetConfig {
  chatbot_id: string
  chatbot_type: ChatbotType
  chatbot_name: string
  chatbot_title: string
  chatbot_greeting: string
  chatbot_instructions: string
  chatbot_color1: string
  chatbot_color2: string
  logo_url: string | null
  pricing_plans?: unknown[]
  currency?: string
  data_collection?: Question[]
  calendars?: PublicCalendar[]
}

export async function widgetConfig(ctx: AppContext, chatbotId: string): Promise<WidgetConfig> {
  const chatbot = await publicChatbot(ctx, chatbotId)
  const settings = settingsOf(chatbot)
  const config: WidgetConfig = {
    chatbot_id: chatbot.id,
    chatbot_type: chatbot.type,
    chatbot_name: chatbot.name,
    chatbot_title: chatbot.title,
    chatbot_greeting: chatbot.greeting,
    chatbot_instructions: chatbot.instructions,
    chatbot_color1: chatbot.color1,
    chatbot_color2: chatbot.color2,
    logo_url: logoUrl(ctx, chatbot),
  }
  if (chatbot.type === TYPES.business || chatbot.type === TYPES.quote) config.pricing_plans = (settings.pricing_plans as unknown[] | undefined) ?? []
  if (chatbot.type === TYPES.quote) config.currency = String(settings.currency ?? '')
  const questions = questionsOf(chatbot)
  if (chatbot.type === TYPES.dataCollection || (chatbot.type === TYPES.appointment && questions.length > 0)) {
    config.data_collection = questions.map((q) => ({ title: q.title, question: q.question, type: q.type }))
  }
  if (chatbot.type === TYPES.appointment) config.calendars = await publicCalendars(ctx, chatbot.id)
  return config
}
