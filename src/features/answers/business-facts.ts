// The business details of a Business Enquiries (or Quote Generation) chatbot as small facts, and
// a search over them. They are a few dozen short texts held in the chatbot's settings, so they are
// searched in memory on each question rather than indexed: no copy to keep in step on edits.
import { formatMoney } from '../../lib/money'
import { contentStems, materialWordsOf, stemOf, wordsOf } from '../../lib/search-terms'
import type { PricingPlan } from '../quotes/quote-totals'
import { priceLine, SECTION_TITLES } from './texts'

export type FactKind = 'item' | 'section' | 'faq'

export interface BusinessFact {
  kind: FactKind
  /** The section it belongs to: its source's title. */
  title: string
  /** Business details are no page of their own; only "About us" points at the website. */
  url: string | null
  /** Markdown, ready to be part of a reply. */
  text: string
  /** Words a question about this kind of fact uses without naming its content ("how much", "open"). */
  topic: readonly string[]
}

export interface ScoredFact extends BusinessFact {
  /** For ordering: rare words of the fact's own text count most, topic words a little. */
  score: number
  /** Share of the question's terms the fact answers, by its text or its topic (0..1). */
  coverage: number
  /** Whether the fact's own text (not only its topic) holds a question term. */
  named: boolean
}

export interface BusinessDetails {
  name: string
  industry: string
  website: string | null
  settings: Record<string, unknown>
}

const words = (text: string) => text.split(/\s+/).filter(Boolean)

const TOPICS = {
  price: words(
    'price prices pricing priced cost costs much fee fees charge charges rate rates expensive cheap cheapest package packages plan plans service services product products offer offers sell buy purchase vat quote list menu catalogue',
  ),
  hours: words(
    'open opening opens hours hour close closing closes closed time times today tomorrow weekend weekends weekday weekdays monday tuesday wednesday thursday friday saturday sunday holiday holidays schedule available when',
  ),
  contact: words('contact contacts phone telephone call email mail reach number whatsapp support talk speak message'),
  address: words('address addresses location locations located where find visit directions office offices store shop branch branches map based'),
  about: words('about business company who industry website site'),
  delivery: words('delivery deliver delivers delivering shipping ship ships postage courier'),
  payment: words('payment payments pay paying terms invoice card transfer deposit'),
  legal: words('terms service conditions privacy policy data'),
} as const

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** Every fact a question may be answered from. */
export function businessFacts(details: BusinessDetails): BusinessFact[] {
  const s = details.settings
  const currency = text(s.currency)
  const money = (amount: string) => formatMoney(amount.trim(), currency ?? '')
  const facts: BusinessFact[] = []
  const plans = Array.isArray(s.pricing_plans) ? (s.pricing_plans as PricingPlan[]) : []
  for (const plan of plans) {
    facts.push({
      kind: 'item',
      title: SECTION_TITLES.prices,
      url: null,
      text: priceLine(plan['Product/Service Name'], text(plan['Product/Service Description']), money(plan['Price excluding VAT']), money(plan['Price including VAT'])),
      topic: TOPICS.price,
    })
  }
  const add = (title: string, value: unknown, topic: readonly string[]) => {
    const body = text(value)
    if (body) facts.push({ kind: 'section', title, url: null, text: `**${title}:** ${body}`, topic })
  }
  add(SECTION_TITLES.hours, s.operating_hours, TOPICS.hours)
  add(SECTION_TITLES.contact, s.contact_information, TOPICS.contact)
  add(SECTION_TITLES.address, s.address_locations, TOPICS.address)
  add(SECTION_TITLES.delivery, s.delivery_fees, TOPICS.delivery)
  add(SECTION_TITLES.payment, s.payment_terms, TOPICS.payment)
  add(SECTION_TITLES.terms, s.terms_of_service, TOPICS.legal)
  add(SECTION_TITLES.privacy, s.privacy_policy, TOPICS.legal)
  const about = [`${details.name} is a business in ${details.industry}.`, details.website ? `Website: ${details.website}` : ''].filter(Boolean).join(' ')
  facts.push({ kind: 'section', title: SECTION_TITLES.about, url: details.website, text: about, topic: TOPICS.about })
  for (const faq of splitFaqs(text(s.faqs) ?? '')) facts.push({ kind: 'faq', title: SECTION_TITLES.faq, url: null, text: faq, topic: [] })
  return facts
}

const QUESTION_START = /^\s*(?:q(?:uestion)?\s*\d*\s*[:.)-]|\d+[.)]\s|#+\s)/i

/**
 * FAQs are free text: a new entry starts at a line that ends with "?" or starts like "Q:" / "1.",
 * or after a blank line; the lines after it are its answer.
 */
export function splitFaqs(faqs: string): string[] {
  const entries: string[][] = []
  let current: string[] = []
  let blank = false
  for (const line of faqs.split(/\r?\n/)) {
    if (!line.trim()) {
      blank = true
      continue
    }
    const startsEntry = QUESTION_START.test(line) || line.trim().endsWith('?')
    const previousIsQuestionOnly = current.length === 1 && current[0].trim().endsWith('?')
    if (current.length > 0 && (blank || (startsEntry && !previousIsQuestionOnly))) {
      entries.push(current)
      current = []
    }
    current.push(line.trim())
    blank = false
  }
  if (current.length > 0) entries.push(current)
  return entries.map((e) => e.join('\n'))
}

/** Addresses are matched by their topic ("email", "website"), not by the words inside them ("hello@..."). */
const withoutAddresses = (value: string) => value.replace(/\S+@\S+|https?:\/\/\S+/g, ' ')

const TOPIC_WEIGHT = Math.log(2)

/**
 * The question's terms: stems of its content words. Topic words such as "open" or "when" are on
 * the stop list, yet they are what a question about opening hours says, so they count here too.
 */
function questionStems(question: string): string[] {
  const topical = new Set(Object.values(TOPICS).flat())
  const terms = new Set(contentStems(question))
  for (const word of wordsOf(question)) if (topical.has(word)) terms.add(stemOf(word))
  return terms.size > 0 ? [...terms] : []
}

/**
 * Facts that share a term with the question, best first. A term found in the fact's own text
 * weighs by its rarity among the facts (naming one product beats a generic "price"); a topic word
 * counts a little less, so "when do you open?" finds the opening hours.
 */
export function searchBusinessFacts(facts: readonly BusinessFact[], question: string): ScoredFact[] {
  const terms = questionStems(question)
  if (terms.length === 0 || facts.length === 0) return []
  const indexed = facts.map((fact) => ({
    fact,
    body: new Set(materialWordsOf(withoutAddresses(fact.kind === 'item' ? fact.text : `${fact.title} ${fact.text}`)).map(stemOf)),
    topic: new Set(fact.topic.map((w) => stemOf(w))),
  }))
  const rarity = (term: string) => {
    const holders = indexed.filter((f) => f.body.has(term)).length
    return Math.log(1 + facts.length / (1 + holders))
  }
  const weights = new Map(terms.map((t) => [t, rarity(t)]))
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  const scored: ScoredFact[] = []
  for (const { fact, body, topic } of indexed) {
    let score = 0
    let covered = 0
    let named = false
    for (const term of terms) {
      const weight = weights.get(term) ?? 0
      if (body.has(term)) {
        score += weight
        covered += weight
        named = true
      } else if (topic.has(term)) {
        score += TOPIC_WEIGHT
        covered += weight
      }
    }
    if (score > 0) scored.push({ ...fact, score, coverage: total > 0 ? covered / total : 0, named })
  }
  return scored.sort((a, b) => b.score - a.score)
}

/** Facts this close to the best one are answered together ("cakes" names two of them). */
const TOGETHER = 0.8

/**
 * What to answer from the details: the one item or section asked about (several when equally
 * matched); the whole price list only when prices were asked for without naming an item.
 */
export function chooseFacts(scored: readonly ScoredFact[]): ScoredFact[] {
  const top = scored[0]
  if (!top) return []
  const namedItems = scored.filter((f) => f.kind === 'item' && f.named)
  if (top.kind === 'item' && !top.named && namedItems.length === 0) {
    return scored.filter((f) => f.kind === 'item')
  }
  if (top.kind === 'item' && !top.named) return namedItems.filter((f) => f.score >= namedItems[0].score * TOGETHER)
  return scored.filter((f) => f.score >= top.score * TOGETHER && (f.kind !== 'item' || f.named))
}
