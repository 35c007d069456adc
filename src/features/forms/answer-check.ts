// Validation of Data Collection answers. Pure: the caller looks up uploads and stores values.
//
// Number format (deliberately one unambiguous convention): an optional sign, digits with an
// optional "." decimal part, commas only as thousands separators in groups of three.
//   accepted: "42", "-3.5", "+7", ".5", "1,234.5", "1,000,000"
//   rejected: "12abc", "1e3", "3,5" (decimal comma is ambiguous with 3,500), "1,23,4", "", "∞"

export type AnswerType = 'text' | 'number' | 'boolean' | 'image' | 'pdf_document'

export type AnswerCheck = { ok: true; value: string | number | boolean } | { ok: false; reason: string }

export const TEXT_ANSWER_MAX_LENGTH = 4000

/** Re-ask texts: each is a full sentence the chatbot sends before repeating the question. */
export const ANSWER_REASONS = {
  textEmpty: 'Please type an answer; it cannot be empty.',
  textTooLong: `Please keep your answer under ${TEXT_ANSWER_MAX_LENGTH} characters.`,
  number: 'Please answer with a number, for example 42 or 3.5.',
  boolean: 'Please answer with yes or no.',
  image: 'Please upload an image (PNG, JPEG, GIF or WebP) to answer this question.',
  pdf_document: 'Please upload a PDF document to answer this question.',
} as const

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

export function checkAnswer(type: AnswerType, message: string): AnswerCheck {
  switch (type) {
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
