// The widget config (contract 8): the chatbot's look, greeting and what its type needs.
import type { AppContext } from '../../context'
import { publicCalendars } from '../calendars/service'
import { publicChatbot } from '../chatbots/public-chatbot'
import { questionsOf } from '../forms/questions'
import { logoUrl, settingsOf } from '../chatbots/service'
import { TYPES } from '../chatbots/texts'
import type { PricingPlan, WidgetConfig } from './model'

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
  // Settings were validated against the creation models when stored.
  if (chatbot.type === TYPES.business || chatbot.type === TYPES.quote) config.pricing_plans = (settings.pricing_plans as PricingPlan[] | undefined) ?? []
  if (chatbot.type === TYPES.quote) config.currency = String(settings.currency ?? '')
  const questions = questionsOf(chatbot)
  if (chatbot.type === TYPES.dataCollection || (chatbot.type === TYPES.appointment && questions.length > 0)) {
    config.data_collection = questions.map((q) => ({ title: q.title, question: q.question, type: q.type }))
  }
  if (chatbot.type === TYPES.appointment) config.calendars = await publicCalendars(ctx, chatbot.id)
  return config
}
