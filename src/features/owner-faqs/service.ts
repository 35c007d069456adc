import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import type { ChatbotRow } from '../chatbots/access'
import { AppError, limitReached } from '../../http/errors'
import { check } from '../../http/validate'
import { newId } from '../../lib/ids'
import type { Answer } from '../answers/model'
import { bestMatch, questionTerms } from './matching'
import { type AddFaqBody, DeleteFaqBody, MAX_FAQS } from './model'
import { countFaqs, deleteFaqRow, faqsOf, insertFaq } from './repo'
import { faqNotFound, tooManyFaqs } from './texts'

export async function addFaq(ctx: AppContext, chatbot: ChatbotRow, input: Static<typeof AddFaqBody>): Promise<{ faq_id: string }> {
  if ((await countFaqs(ctx.db, chatbot.id)) >= MAX_FAQS) throw limitReached(tooManyFaqs(MAX_FAQS), 409)
  const question = input.question.trim()
  const id = newId()
  await insertFaq(ctx.db, { id, chatbot_id: chatbot.id, question, answer: input.answer.trim(), question_terms: questionTerms(question), created_at: ctx.clock.now().toISOString() })
  ctx.log.info('owner_faqs.added', { chatbot_id: chatbot.id, faq_id: id })
  return { faq_id: id }
}

export async function viewFaqs(ctx: AppContext, chatbot: ChatbotRow) {
  const rows = await faqsOf(ctx.db, chatbot.id)
  return { response: 'success' as const, faqs: rows.map((r) => ({ faq_id: r.id, question: r.question, answer: r.answer, created_at: r.created_at })) }
}

/** An absent, malformed or unknown faq_id is a 404, as document-delete answers its id. */
export async function deleteFaq(ctx: AppContext, chatbot: ChatbotRow, body: unknown): Promise<void> {
  const input = check(DeleteFaqBody, body)
  const rawId = (body as { faq_id?: unknown } | null)?.faq_id
  const shownId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : ''
  if (!input.ok || !(await deleteFaqRow(ctx.db, chatbot.id, input.value.faq_id))) {
    throw new AppError('not_found', 404, faqNotFound(shownId), { field: 'faq_id', detail: input.ok ? undefined : `${input.field}: ${input.message}` })
  }
  ctx.log.info('owner_faqs.deleted', { chatbot_id: chatbot.id, faq_id: input.value.faq_id })
}

/** The owner's answer to a question that asks what one of theirs asks, cited as that question; else null. */
export async function ownerAnswer(ctx: AppContext, chatbot: ChatbotRow, question: string): Promise<Answer | null> {
  const faq = bestMatch(question, await faqsOf(ctx.db, chatbot.id))
  if (!faq) return null
  return { reply: faq.answer, sources: [{ title: faq.question, url: null, snippet: faq.answer.slice(0, 300) }], answered: true }
}
