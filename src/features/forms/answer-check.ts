// Validation of Data Collection answers. Pure: the caller looks up uploads and stores values.
//
// Number format (deliberately one unambiguous convention): an optional sign, digits with an
// optional "." decimal part, commas only as thousands separators in groups of three.
//   accepted: "42", "-3.5", "+7", ".5", "1,234.5", "1,000,000"
//   rejected: "12abc", "1e3", "3,5" (decimal comma is ambiguous with 3,500), "1,23,4", "", "∞"

//
// Phone (contract 16): digits, spaces and + - ( ) only, 7..20 digits; stored as typed, trimmed.
// Date: read by date-answer.ts against the visitor's today; stored YYYY-MM-DD.
// Choice: an option's number (1-based) or its text in any case; stored as the option's own text.
import { isEmail } from '../../lib/email'
import { describeDay, readDate } from './date-answer'

export type AnswerType = 'text' | 'number' | 'boolean' | 'image' | 'pdf_document' | 'email' | 'phone' | 'date' | 'choice'

export type AnswerCheck = { ok: true; value: string | number | boolean } | { ok: false; reason: string }

/** What some types need beside the message: a choice's options, the instant and zone a date is read in. */
export interface AnswerContext {
  options?: readonly string[]
  today?: { now: Date; zone: string }
}

export const TEXT_ANSWER_MAX_LENGTH = 4000

/** Re-ask texts: each is a full sentence the chatbot sends before repeating the question. */
export const ANSWER_REASONS = {
  textEmpty: 'Please type an answer; it cannot be empty.',
  textTooLong: `Please keep your answer under ${TEXT_ANSWER_MAX_LENGTH} characters.`,
  number: 'Please answer with a number, for example 42 or 3.5.',
  boolean: 'Please answer with yes or no.',
  image: 'Please upload an image (PNG, JPEG, GIF or WebP) to answer this question.',
  pdf_document: 'Please upload a PDF document to answer this question.',
  email: 'Please give an e-mail address, for example jane@example.com.',
  phone: 'Please give a phone number of 7 to 20 digits, for example +44 20 7946 0958.',
  date: 'Please give a date, for example 3 March 2027 or next Friday.',
} as const

/** A choice answered with something that is not one of its options. */
export const choiceReason = (options: readonly string[]): string =>
  `Please answer with one of the options, by its number or its text: ${options.map((o, i) => `${i + 1}. ${o}`).join(', ')}.`

/** A numeric date both orders make real: the re-ask says how it was read. */
export const ambiguousDateReason = (message: string, [dayFirst, monthFirst]: readonly [string, string]): string =>
  `Please write the month as a word: I could read "${message.trim()}" as ${describeDay(dayFirst)} or as ${describeDay(monthFirst)}.`

/** Optional questions: this answer skips them (stored as null). */
export const SKIP_WORD = 'skip'

/** For the caller: an upload exists but is of the other kind (a PDF for an image question). */
export function wrongUploadReason(type: 'image' | 'pdf_document'): string {
  return ANSWER_REASONS[type]
}

const NUMBER_PATTERN = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/
const TRUE_WORDS = new Set(['yes', 'y', 'true'])
const FALSE_WORDS = new Set(['no', 'n', 'false'])
// Upload ids are opaque URL-safe strings (UUIDs or similar), at least 122 random bits.
const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

export function parseDecimal(message: string): number | null {
  const text = message.trim()
  // The pattern allows an empty integer part for ".5"; make sure at least one digit exists.
  if (!NUMBER_PATTERN.test(text) || !/\d/.test(text)) return null
  const value = Number(text.replaceAll(',', ''))
  return Number.isFinite(value) ? value : null
}

export function parseBoolean(message: string): boolean | null {
  // Tolerate a trailing full stop or exclamation mark ("Yes.", "no!") as people type them.
  const word = message
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
    .toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  return null
}

const PHONE_PATTERN = /^\+?[\d\s()-]+$/

export function parsePhone(message: string): string | null {
  const text = message.trim().replace(/\s+/g, ' ')
  if (!PHONE_PATTERN.test(text)) return null
  const digits = text.replace(/\D/g, '').length
  return digits >= 7 && digits <= 20 ? text : null
}

/** The option an answer names: its 1-based number or its text (case and surrounding blanks aside). */
export function pickOption(options: readonly string[], message: string): string | null {
  const text = message
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
  if (/^\d+$/.test(text)) return options[Number(text) - 1] ?? null
  const wanted = text.toLowerCase()
  return options.find((o) => o.trim().toLowerCase() === wanted) ?? null
}

export function checkAnswer(type: AnswerType, message: string, context: AnswerContext = {}): AnswerCheck {
  switch (type) {
    case 'email': {
      const text = message.trim()
      return isEmail(text) ? { ok: true, value: text } : { ok: false, reason: ANSWER_REASONS.email }
    }
    case 'phone': {
      const value = parsePhone(message)
      return value === null ? { ok: false, reason: ANSWER_REASONS.phone } : { ok: true, value }
    }
    case 'date': {
      if (!context.today) throw new Error('a date answer is read against a today')
      const reading = readDate(message, context.today.now, context.today.zone)
      if (reading.ok) return { ok: true, value: reading.date }
      return { ok: false, reason: reading.ambiguous ? ambiguousDateReason(message, reading.ambiguous) : ANSWER_REASONS.date }
    }
    case 'choice': {
      const options = context.options ?? []
      const value = pickOption(options, message)
      return value === null ? { ok: false, reason: choiceReason(options) } : { ok: true, value }
    }
    case 'text': {
      const text = message.trim()
      if (text === '') return { ok: false, reason: ANSWER_REASONS.textEmpty }
      if (text.length > TEXT_ANSWER_MAX_LENGTH) return { ok: false, reason: ANSWER_REASONS.textTooLong }
      return { ok: true, value: text }
    }
    case 'number': {
      const value = parseDecimal(message)
      return value === null ? { ok: false, reason: ANSWER_REASONS.number } : { ok: true, value }
    }
    case 'boolean': {
      const value = parseBoolean(message)
      return value === null ? { ok: false, reason: ANSWER_REASONS.boolean } : { ok: true, value }
    }
    case 'image':
    case 'pdf_document': {
      const id = message.trim()
      return UPLOAD_ID_PATTERN.test(id) ? { ok: true, value: id } : { ok: false, reason: ANSWER_REASONS[type] }
    }
  }
}
