// Whether a visitor's question asks what an owner's question asks: the stems the full-text search
// uses (Snowball stems, stop words left out), compared as sets. Until the semantic model of the
// answers work matches by meaning, "in other words" means the same content words in any form.
import { contentStems } from '../../lib/search-terms'

/**
 * Dice's coefficient of the two questions' content stems: 2·shared / (both sizes). 0.6 asks for
 * most words of both sides: "What are your shipping costs?" meets "How much does it cost to ship
 * an order?" (2·2/5), but "Do you ship to Canada?" (2·1/4) does not.
 */
export const MATCH_THRESHOLD = 0.6

export const questionTerms = (question: string): string => [...contentStems(question)].join(' ')

export function similarity(visitorStems: ReadonlySet<string>, ownerTerms: string): number {
  const owner = new Set(ownerTerms.split(' ').filter(Boolean))
  if (owner.size === 0 || visitorStems.size === 0) return 0
  let shared = 0
  for (const stem of owner) if (visitorStems.has(stem)) shared++
  return (2 * shared) / (owner.size + visitorStems.size)
}

/** The best-matching owner question at or over the threshold, or null. */
export function bestMatch<F extends { question_terms: string }>(question: string, faqs: readonly F[]): F | null {
  const stems = contentStems(question)
  let best: F | null = null
  let bestScore = 0
  for (const faq of faqs) {
    const score = similarity(stems, faq.question_terms)
    if (score >= MATCH_THRESHOLD && score > bestScore) [best, bestScore] = [faq, score]
  }
  return best
}
