/** The widget config answer (contract 8), GET /api/v1.0/widget/<uniqueId>/: what the embedded widget needs to draw itself. */
import { type Static, Type as T } from '@sinclair/typebox'
import { PublicCalendarSchema } from '../calendars/model'
import { ChatbotTypeSchema, PricingPlanSchema } from '../chatbots/model'
import { QuestionSchema } from '../forms/model'

export const WidgetConfigSchema = T.Object(
  {
    chatbot_id: T.String(),
    chatbot_type: ChatbotTypeSchema,
    chatbot_name: T.String(),
    chatbot_title: T.String(),
    business_name: T.String({ description: 'Who the visitor is talking to (contract 4); chatbot_name when not set' }),
    chatbot_language: T.Union([T.String(), T.Null()], { description: "The owner's widget language; the embed code's data-lang wins, null leaves it to the browser" }),
    chatbot_greeting: T.String(),
    chatbot_instructions: T.String(),
    chatbot_color1: T.String({ description: '#rrggbb' }),
    chatbot_color2: T.String({ description: '#rrggbb' }),
    logo_url: T.Union([T.String({ format: 'uri' }), T.Null()]),
    pricing_plans: T.Optional(T.Array(PricingPlanSchema, { description: 'Business Enquiries, Quote Generation' })),
    currency: T.Optional(T.String({ description: 'Quote Generation, Business Enquiries (empty when not set)' })),
    data_collection: T.Optional(T.Array(QuestionSchema, { description: 'Data Collection, and Appointment when it has questions' })),
    calendars: T.Optional(T.Array(PublicCalendarSchema, { description: 'Appointment/Calendar Support' })),
  },
  { description: 'What the widget needs to draw itself' },
)
export type WidgetConfig = Static<typeof WidgetConfigSchema>
export type PricingPlan = Static<typeof PricingPlanSchema>
