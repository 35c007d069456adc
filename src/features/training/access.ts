/** Who may touch a chatbot's training material, endpoint by endpoint (spec 4.3, contract 5 and 6). */
import { CHATBOT_NOT_FOUND, notFound, wrongChatbotType } from '../../http/errors'
import type { ChatbotAccessRule } from '../chatbots/guard'
import { SUBSCRIPTION_REQUIRED } from '../chatbots/texts'
import { TRAINABLE_TYPES } from './material'
import { DOCUMENTS_WRONG_CHATBOT, LINKS_SUBSCRIPTION_REQUIRED, LINKS_WRONG_TYPE } from './texts'

/** Documents share one answer for a chatbot that is missing or of another type (contract 5). */
export const DOCUMENT_ACCESS: ChatbotAccessRule = { subscription: SUBSCRIPTION_REQUIRED, missing: () => wrongChatbotType(DOCUMENTS_WRONG_CHATBOT), types: TRAINABLE_TYPES }

/** link-add and link-status: 404 when missing, 400 for another type. */
export const LINK_ACCESS: ChatbotAccessRule = {
  subscription: SUBSCRIPTION_REQUIRED,
  missing: () => notFound(CHATBOT_NOT_FOUND),
  types: TRAINABLE_TYPES,
  wrongType: () => wrongChatbotType(LINKS_WRONG_TYPE),
}

/** link-view and link-delete word the subscription text their own way. */
export const LINK_LIST_ACCESS: ChatbotAccessRule = { ...LINK_ACCESS, subscription: LINKS_SUBSCRIPTION_REQUIRED }
