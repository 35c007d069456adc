// The business details of a Business Enquiries (or Quote Generation) chatbot as small facts, and
// a search over them. They are a few dozen short texts held in the chatbot's settings, so they are
// searched in memory on each question rather than indexed: no copy to keep in step on edits.
import { searchTerms } from '../../lib/search-terms'
import { formatMoney } from '../../lib/money'
import type { PricingPlan } from '../quotes/quote-totals'

export interface BusinessFact {
  title: string
  url: string | null
  /** Markdown, ready to be part of a reply. */
  text: string
  /** Words a question about this kind of fact uses without naming its content ("how much", "open"). */
  topic: readonly string[]
}

export interface ScoredFact extends BusinessFact {
  score: number
}

export interface BusinessDetails {
  name: string
  industry: string
  website: string | null
  settings: Record<string, unknown>
}

const words = (text: string) => text.split(/\s+/).filter(Boolean)

const TOPICS = {
  price: words('price prices pricing priced cost costs much fee fees charge charges rate rates expensive cheap cheapest package packages plan plans service services product products offer offers buy purchase vat quote'),
  hours: words('open opening opens hours hour close closing closes closed time times today tomorrow weekend weekends weekday weekdays monday tuesday wednesday thursday friday saturday sunday holiday holidays schedule available'),
  contact: words('contact contacts phone telephone call email mail reach number whatsapp support talk speak message'),
  address: words('address addresses location locations located where find visit directions office offices store shop branch branches map based'),
  about: words('about business company who industry website site'),
  delivery: words('delivery deliver delivers shipping ship ships postage fee fees'),
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
    const description = text(plan['Product/Service Description'])
    facts.push({
      title: 'Price list',
      url: details.website,
      text: `- **${plan['Product/Service Name']}**${description ? ` (${description})` : ''}: ${money(plan['Price excluding VAT'])} excluding VAT, ${money(plan['Price including VAT'])} including VAT`,
      topic: TOPICS.price,
    })
  }
  const add = (title: string, value: unknown, topic: readonly string[], label = title) => {
    const body = text(value)
    if (body) facts.push({ title, url: details.website, text: `**${label}:** ${body}`, topic })
  }
  add('Opening hours', s.operating_hours, TOPICS.hours)
  add('Contact information', s.contact_information, TOPICS.contact)
  add('Address and locations', s.address_locations, TOPICS.address)
  add('Delivery fees', s.delivery_fees, TOPICS.delivery)
  add('Payment terms', s.payment_terms, TOPICS.payment)
  add('Terms of service', s.terms_of_service, TOPICS.legal)
  add('Privacy policy', s.privacy_policy, TOPICS.legal)
  const about = [`${details.name} is a business in ${details.industry}.`, details.website ? `Website: ${details.website}` : ''].filter(Boolean).join(' ')
  facts.push({ title: 'About us', url: details.website, text: about, topic: TOPICS.about })
  for (const faq of splitFaqs(text(s.faqs) ?? '')) facts.push({ title: 'FAQ', url: details.website, text: faq, topic: [] })
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

/** A light stem, so "prices" meets "price" and "opening" meets "open". */
export function stem(word: string): string {
  let w = word.toLowerCase()
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`
  else if (w.length > 4 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 3 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('es') && /(?:ss|sh|ch|x)es$/.test(w)) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  return w
}

export const stems = (value: string): Set<string> => new Set((value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem))

/** Greetings and thanks carry no question; alone they should find nothing rather than a stray fact. */
const CHATTER = new Set(words('hello hi hey hiya thanks thank cheers good morning afternoon evening bye goodbye ok okay'))

/** The question's terms, stemmed; joined words ("e-mail") count by their parts. */
export const queryStems = (question: string): string[] =>
  [...new Set(searchTerms(question).flatMap((t) => t.split(' ')).filter((w) => !CHATTER.has(w)).map(stem))]

/** Addresses are matched by their topic ("email", "website"), not by the words inside them ("hello@..."). */
const withoutAddresses = (value: string) => value.replace(/\S+@\S+|https?:\/\/\S+/g, ' ')

/**
 * Facts that share a term with the question, best first. A term found in the fact's own text
 * weighs by its rarity among the facts (naming one product beats a generic "price"); a topic word
 * counts a little less, so "when do you open?" finds the opening hours.
 */
export function searchBusinessFacts(facts: readonly BusinessFact[], question: string): ScoredFact[] {
  const terms = queryStems(question)
  if (terms.length === 0 || facts.length === 0) return []
  const indexed = facts.map((fact) => ({ fact, body: stems(withoutAddresses(`${fact.title} ${fact.text}`)), topic: new Set(fact.topic.map(stem)) }))
  const rarity = (term: string) => {
    const holders = indexed.filter((f) => f.body.has(term)).length
    return Math.log(1 + facts.length / (1 + holders))
  }
  const weights = new Map(terms.map((t) => [t, rarity(t)]))
  const topicWeight = Math.log(2)
  const scored: ScoredFact[] = []
  for (const { fact, body, topic } of indexed) {
    let score = 0
    for (const term of terms) {
      if (body.has(term)) score += weights.get(term) ?? 0
      else if (topic.has(term)) score += topicWeight
    }
    if (score > 0) scored.push({ ...fact, score })
  }
  return scored.sort((a, b) => b.score - a.score)
}
