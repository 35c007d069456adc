import { asMarkdownText } from '../../lib/markdown-text'

/** Every text a Knowledge Retrieval or Business Enquiries answer uses, so tests and code share the string. */

// Chat replies (Markdown).
/** The plain refusal (contract section 8): the material does not hold an answer; `answered: false`. */
export const NOTHING_FOUND = 'I could not find that in my material. Please try asking in other words, or contact the business directly.'

// Small talk (contract section 8: a short friendly reply with the chatbot's instructions).
export const greetingReply = (instructions: string) => withInstructions('Hello! How can I help you today?', instructions)
export const thanksReply = (instructions: string) => withInstructions("You're welcome! Is there anything else I can help you with?", instructions)
export const GOODBYE_REPLY = 'Goodbye, and thank you for your visit!'
const withInstructions = (reply: string, instructions: string) => (instructions.trim() ? `${reply}\n\n${instructions.trim()}` : reply)

/**
 * The line under each quoted passage that names where it comes from, and the section heading or FAQ
 * question it is under; the material's own words (title, section) shown as text, never as markup.
 */
export const sourceLine = (title: string, url: string | null, section: string | null = null) => {
  const name = asMarkdownText(title, { inside: '*' }).replace(/[[\]]/g, '\\$&')
  return `*Source: ${url ? `[${name}](${url})` : name}${section ? `, “${asMarkdownText(section, { inside: '*' })}”` : ''}*`
}

// The LLM path (contract section 8).
/** What the model answers, alone, when the passages do not hold the answer; the visitor then gets NOTHING_FOUND. */
export const LLM_NO_ANSWER = 'NO_ANSWER'
export const LLM_SYSTEM_PROMPT =
  'You are the assistant of a business website. Answer the visitor only from the numbered passages below, ' +
  "in the language of the visitor's question. Cite each passage you use by its number in square brackets, " +
  'like [1] or [2]. Be brief and use Markdown. If the passages do not hold the answer, reply with exactly ' +
  `${LLM_NO_ANSWER} and nothing else.`
export const llmGuidance = (instructions: string) => `Guidance from the business: ${instructions}`

// Business details as sections of their own (contract section 8: each cites its own section).
export const SECTION_TITLES = {
  prices: 'Price list',
  hours: 'Opening hours',
  contact: 'Contact information',
  address: 'Address and locations',
  delivery: 'Delivery fees',
  payment: 'Payment terms',
  terms: 'Terms of service',
  privacy: 'Privacy policy',
  about: 'About us',
  faq: 'FAQ',
} as const
export const priceLine = (name: string, description: string | null, excluding: string, including: string) =>
  `- **${name}**${description ? ` (${description})` : ''}: ${excluding} excluding VAT, ${including} including VAT`
