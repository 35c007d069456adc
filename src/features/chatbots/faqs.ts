// One FAQ entry added to a Business Enquiries chatbot's `faqs` setting: the dashboard's "answer
// this unanswered question". Kept apart from chatbot-edit, which replaces whole fields.
import type { AppContext } from '../../context'
import { invalid } from '../../http/errors'
import { lockChatbotRow, findChatbot, updateChatbot } from './repo'
import { settingsOf } from './service'

/** The faqs setting's limit at creation and edit (model.ts: OptionalText(50000)). */
export const FAQS_MAX = 50000
export const FAQ_QUESTION_MAX = 1000
export const FAQ_ANSWER_MAX = 4000

export const FAQ_QUESTION_REQUIRED = 'Enter the question.'
export const FAQ_ANSWER_REQUIRED = 'Enter the answer visitors should get.'
export const faqTooLong = (max: number) => `Keep it under ${max.toLocaleString('en-US')} characters.`
export const FAQS_FULL = 'The frequently asked questions are full: shorten them in the chatbot settings first.'

/** `Q: …` / `A: …` lines, the shape the FAQ reader (answers/business-facts.ts) splits on; one line each. */
export const faqEntry = (question: string, answer: string) => `Q: ${oneLine(question)}\nA: ${oneLine(answer)}`
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Every problem of an entry at once (a form shows them all; appendFaq refuses the first). */
export function faqProblems(input: { question: string; answer: string }): { field: 'question' | 'answer'; message: string }[] {
  const question = oneLine(input.question)
  const answer = oneLine(input.answer)
  const problems: { field: 'question' | 'answer'; message: string }[] = []
  if (!question) problems.push({ field: 'question', message: FAQ_QUESTION_REQUIRED })
  else if (question.length > FAQ_QUESTION_MAX) problems.push({ field: 'question', message: faqTooLong(FAQ_QUESTION_MAX) })
  if (!answer) problems.push({ field: 'answer', message: FAQ_ANSWER_REQUIRED })
  else if (answer.length > FAQ_ANSWER_MAX) problems.push({ field: 'answer', message: faqTooLong(FAQ_ANSWER_MAX) })
  return problems
}

/**
 * Appends the entry under the chatbot row's lock, so two owners' additions both stay. The caller
 * has checked access and type (accessChatbot with the unanswered list's rule).
 */
export async function appendFaq(ctx: AppContext, chatbotId: string, input: { question: string; answer: string }): Promise<void> {
  const [problem] = faqProblems(input)
  if (problem) throw invalid(problem.field, problem.message)
  const question = oneLine(input.question)
  const answer = oneLine(input.answer)
  await ctx.db.transaction().execute(async (trx) => {
    await lockChatbotRow(trx, chatbotId)
    const row = await findChatbot(trx, chatbotId)
    if (!row) return
    const settings = settingsOf(row)
    const current = typeof settings.faqs === 'string' ? settings.faqs.trim() : ''
    const faqs = current ? `${current}\n\n${faqEntry(question, answer)}` : faqEntry(question, answer)
    if (faqs.length > FAQS_MAX) throw invalid('answer', FAQS_FULL)
    await updateChatbot(trx, chatbotId, { settings: JSON.stringify({ ...settings, faqs }), updated_at: ctx.clock.now().toISOString() })
  })
}
