// Knowledge Retrieval and Business Enquiries answers: small talk gets a friendly reply; a question
// is answered from the business details and the material, through the LLM when one is configured
// (the extractive answer is the fallback), else extractively; the plain refusal when nothing holds
// the answer. Quote Generation answers price questions the same way.
import type { AppContext } from '../../context'
import type { ChatbotRow } from '../chatbots/access'
import { businessNameOf, settingsOf } from '../chatbots/service'
import { TYPES } from '../chatbots/texts'
import { businessFacts, chooseFacts, searchBusinessFacts } from './business-facts'
import { type AnswerContext, extractiveAnswer, REFUSAL } from './extractive-answer'
import { generateAnswer } from './llm'
import type { Answer, Source } from './model'
import { rankMaterial } from './ranking'
import { smallTalkOf, smallTalkReply } from './small-talk'

export type { Answer, Source }

/** Passages the model reads: one per source, the best first. */
const LLM_PASSAGES = 5

const usesMaterial = (chatbot: ChatbotRow) => chatbot.type === TYPES.knowledge || chatbot.type === TYPES.business
const usesBusinessDetails = (chatbot: ChatbotRow) => chatbot.type === TYPES.business || chatbot.type === TYPES.quote

async function retrieve(ctx: AppContext, chatbot: ChatbotRow, question: string): Promise<AnswerContext> {
  const facts = usesBusinessDetails(chatbot)
    ? chooseFacts(
        searchBusinessFacts(businessFacts({ name: businessNameOf(chatbot), industry: chatbot.industry, website: chatbot.website, settings: settingsOf(chatbot) }), question),
      )
    : []
  if (!usesMaterial(chatbot)) return { facts, material: [], unknownShare: 1, required: null }
  const { terms, passages } = await rankMaterial(ctx, chatbot.id, question)
  return { facts, material: passages, unknownShare: terms.unknown, required: terms.answerType?.required ?? null }
}

/** The numbered passages for the model, each the best of one source, so [n] is sources[n-1]. */
function groundingOf(context: AnswerContext): { passages: { title: string; text: string }[]; sources: Source[] } {
  const passages: { title: string; text: string }[] = []
  const sources: Source[] = []
  const sections = new Map<string, string[]>()
  for (const fact of context.facts) sections.set(fact.title, [...(sections.get(fact.title) ?? []), fact.text])
  for (const [title, texts] of sections) {
    passages.push({ title, text: texts.join('\n') })
    sources.push({ title, url: context.facts.find((f) => f.title === title)?.url ?? null, snippet: texts[0].replace(/\*\*/g, '').slice(0, 300) })
  }
  const seen = new Set<string>()
  for (const passage of context.material) {
    if (seen.has(passage.sourceId) || passages.length >= LLM_PASSAGES) continue
    seen.add(passage.sourceId)
    passages.push({ title: passage.title, text: passage.text })
    sources.push({ title: passage.title, url: passage.url, snippet: passage.answer.join(' ').slice(0, 300) })
  }
  return { passages, sources }
}

/** The reply to a visitor's message, with the sources it came from and whether it answers. */
export async function answerQuestion(ctx: AppContext, chatbot: ChatbotRow, question: string): Promise<Answer> {
  const talk = smallTalkOf(question)
  if (talk) return { reply: smallTalkReply(talk, chatbot.instructions), sources: [], answered: true }
  const context = await retrieve(ctx, chatbot, question)
  const extractive = extractiveAnswer(context)
  if (!ctx.config.llm) return extractive
  const grounding = groundingOf(context)
  // Nothing retrieved at all: no passage could ground a reply, so no model call.
  if (grounding.passages.length === 0) return REFUSAL
  try {
    const reply = await generateAnswer(ctx.config.llm, { question, instructions: chatbot.instructions, passages: grounding.passages })
    return reply === null ? REFUSAL : { reply, sources: grounding.sources, answered: true }
  } catch (error) {
    ctx.log.warn('chat.llm_failed', { chatbot_id: chatbot.id, error: String(error) })
    return extractive
  }
}
