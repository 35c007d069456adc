import type { ChatbotType } from '../../db/schema'

export const TYPES = {
  knowledge: 'Knowledge Retrieval',
  business: 'Business Enquiries',
  dataCollection: 'Data Collection',
  quote: 'Quote Generation',
  appointment: 'Appointment/Calendar Support',
} as const satisfies Record<string, ChatbotType>

export const SUCCESS = 'SUCCESS'
export const KNOWLEDGE_CREATED_MESSAGE =
  'Chatbot created successfully. Add training material with the chatbot-document-add and chatbot-link-add endpoints, then use chatbot-get to get the embed code.'
export const DATA_UPDATED = 'Data updated successfully'
export const CHATBOT_DELETED = 'Chatbot deleted successfully.'
export const NO_EDITABLE_FIELDS = 'No editable fields were supplied.'
export const unknownField = (name: string) => `Unknown field: ${name}`
export const CHATBOT_LIMIT_REACHED = 'You have reached the maximum number of chatbots allowed by your subscription plan.'
/** The generic subscription text, for endpoints whose row in the spec does not word it. */
export const SUBSCRIPTION_REQUIRED = 'You need an active subscription to access this API, please use create_subscription endpoint to get a subscription.'
export const LOGO_NOT_IMAGE = 'business_logo: must be a PNG, JPEG, GIF or WebP image'
export const LOGO_TOO_LARGE = 'business_logo: must be at most 2 MiB'
export const LOGO_REQUIRED = 'business_logo: is required'
