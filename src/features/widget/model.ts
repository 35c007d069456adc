/** The widget config answer (contract 8), GET /api/v1.0/widget/<uniqueId>/: what the embedded widget needs to draw itself. */
import { type Static, Type as T } from '@sinclair/typebox'
import { PublicCalendarSchema } from '../calendars/schemas'
import { PublicQuestionSchema } from '../chat/schemas'
import { PricingPlanSchema } from '../chatbots/schemas'
import { TYPES } from '../chatbots/texts'

export const ChatbotTypeSchema = T.Union([T.Literal(TYPES.knowledge), T.Literal(TYPES.business), T.Literal(TYPES.dataCollection), T.Literal(TYPES.quote), T.Literal(TYPES.appointment)])

export const WidgetConfigSchema = T.Object({
  chatbot_id: T.String(),
  chatbot_type: ChatbotTypeSchema,
  chatbot_name: T.String(),
  chatbot_title: T.String(),
  chatbot_greeting: T.String(),
  chatbot_instructions: T.String(),
  chatbot_color1: T.String({ description: '#rrggbb' }),
  chatbot_color2: T.String({ description: '#rrggbb' }),
  logo_url: T.Union([T.String({ format: 'uri' }), T.Null()]),
  pricing_plans: T.Optional(T.Array(PricingPlanSchema, { description: 'Business Enquiries, Quote Generation' })),
  currency: T.Optional(T.String({ description: 'Quote Generation' })),
  data_collection: T.Optional(T.Array(PublicQuestionSchema, { description: 'Data Collection, and Appointment when it has questions' })),
  calendars: T.Optional(T.Array(PublicCalendarSchema, { description: 'Appointment/Calendar Support' })),
})
export type WidgetConfig = Static<typeof WidgetConfigSchema>
export type PricingPlan = Static<typeof PricingPlanSchema>
