// Knowledge Retrieval and Business Enquiries answers: retrieve, then reply through the LLM when
// one is configured, else extractively. Quote Generation answers price questions the same way.
import type { AppContext } from '../../context'
import type { ChatbotRow } from '../chatbots/access'
import { settingsOf } from '../chatbots/service'
import { TYPES } from '../chatbots/texts'
import { searchPassages } from '../training/service'
import { businessFacts, searchBusinessFacts } from './business-facts'
import { extractiveReply, selectPassages, sourcesOf, type RetrievedContext, type Source } from './extractive-answer'
import { generateAnswer } from './llm'
import { NOTHING_FOUND } from './texts'

export interface Answer {
  reply: string
  sources: Source[]
}

const MATERIAL_CANDIDATES = 8

const usesMaterial = (chatbot: ChatbotRow) => chatbot.type === TYPES.knowledge || chatbot.type === TYPES.business
const usesBusinessDetails = (chatbot: ChatbotRow) => chatbot.type === TYPES.business || chatbot.type === TYPES.quote

async function retrieve(ctx: AppContext, chatbot: ChatbotRow, question: string): Promise<RetrievedContext> {
  const facts = usesBusinessDetails(chatbot)
    ? searchBusinessFacts(businessFacts({ name: chatbot.name, industry: chatbot.industry, website: chatbot.website, settings: settingsOf(chatbot) }), question)
    : []
  const hits = usesMaterial(chatbot) ? await searchPassages(ctx, chatbot.id, question, MATERIAL_CANDIDATES) : []
  const material = hits.map((h) => ({ title: h.source.title, url: h.source.url, text: h.text, snippet: h.source.snippet, score: h.source.score }))
  return selectPassages({ facts, material })
}

/** The reply to a visitor's question, with the passages it came from; says so plainly when nothing matches. */
export async function answerQuestion(ctx: AppContext, chatbot: ChatbotRow, question: string): Promise<Answer> {
  const context = await retrieve(ctx, chatbot, question)
  const extractive = extractiveReply(context, question)
  if (extractive === null) return { reply: NOTHING_FOUND, sources: [] }
  const sources = sourcesOf(context)
  if (!ctx.config.llm) return { reply: extractive, sources }
  try {
    const passages = [
      ...context.facts.map((f) => ({ title: f.title, text: f.text })),
      ...context.material.map((p) => ({ title: p.title, text: p.text })),
    ]
    const reply = await generateAnswer(ctx.config.llm, { question, instructions: chatbot.instructions, passages })
    return { reply, sources }
  } catch (error) {
    ctx.log.warn('chat.llm_failed', { chatbot_id: chatbot.id, error: String(error) })
    return { reply: extractive, sources }
  }
}
