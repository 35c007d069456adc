import type { ChatbotRow } from '../chatbots/access'
import { settingsOf } from '../chatbots/service'
import type { Question } from './data-collection'

/** The chatbot's questions: a Data Collection form, or an Appointment chatbot's optional ones. */
export function questionsOf(chatbot: Pick<ChatbotRow, 'settings'>): Question[] {
  const questions = settingsOf(chatbot).data_collection
  return Array.isArray(questions) ? (questions as Question[]) : []
}
