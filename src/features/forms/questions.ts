import type { ChatbotRow } from '../chatbots/access'
import { settingsOf } from '../chatbots/service'
import type { Question } from './data-collection'

/** The chatbot's questions: a Data Collection form, or an Appointment chatbot's optional ones. */
export function questionsOf(chatbot: Pick<ChatbotRow, 'settings'>): Question[] {
  const questions = settingsOf(chatbot).data_collection
  return Array.isArray(questions) ? (questions as Question[]) : []
}

/** A question as visitors' clients see it (widget config, next_question): options for a choice, `required: false` when optional. */
export const publicQuestion = (q: Question): Question => ({
  title: q.title,
  question: q.question,
  type: q.type,
  ...(q.type === 'choice' ? { options: q.options ?? [] } : {}),
  ...(q.required === false ? { required: false } : {}),
})
