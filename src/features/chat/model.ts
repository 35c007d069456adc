/** Answer model of the widget config endpoint (contract section 8). */
import { Type as T } from '@sinclair/typebox'
import { PublicCalendarSchema } from '../calendars/model'
import { ChatbotTypeSchema } from '../chatbots/model'
import { QuestionSchema } from '../forms/model'

export const WidgetConfigAnswer = T.Object(
  {
    chatbot_id: T.String(),
    chatbot_type: ChatbotTypeSchema,
    chatbot_name: T.String(),
    chatbot_title: T.String(),
    chatbot_greeting: T.String(),
    chatbot_instructions: T.String(),
    chatbot_color1: T.String(),
    chatbot_color2: T.String(),
    logo_url: T.Union([T.String(), T.Null()]),
    pricing_plans: T.Optional(T.Array(T.Unknown({ description: 'A price list item as stored at creation (see pricing_plans there)' }))),
    currency: T.Optional(T.String()),
    data_collection: T.Optional(T.Array(QuestionSchema)),
    calendars: T.Optional(T.Array(PublicCalendarSchema)),
  },
  { description: 'What the widget needs to draw itself' },
)
