// Sentence boundaries from sbd (a maintained sentence-boundary detector), not a split on dots: a
// sentence ends at a sentence end, not at the dots of "salsa.debian.org", "*.tar.gz", "0.21",
// "e.g." or "Mr.". Paragraphs (separated by an empty line) always end a sentence.
import sbd from 'sbd'

const OPTIONS = { newline_boundaries: false, preserve_whitespace: false, sanitize: false } as const

/**
 * Joins the lines of a code block (a page's `<pre>`) in extracted text and passages. Not a newline:
 * passages hold one sentence a line, and a code block is one "sentence", kept whole with its line
 * breaks and indentation for the reply to show as code (features/answers/ranking.ts, excerptOf).
 */
export const CODE_LINE_BREAK = '\u2028'

/** Whether a paragraph or stored sentence is a code block. */
export const isCode = (text: string) => text.includes(CODE_LINE_BREAK)

/** A code block's lines, each with its indentation. */
export const codeLines = (code: string) => code.split(CODE_LINE_BREAK)

/** Paragraphs of a text: blocks separated by an empty line, inner whitespace collapsed (a code block's kept). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n[^\S\n]*\n/)
    .map((p) =>
      isCode(p)
        ? codeLines(p.trim())
            .map((line) => line.trimEnd())
            .join(CODE_LINE_BREAK)
        : p.replace(/\s+/g, ' ').trim(),
    )
    .filter((p) => p !== '')
}

/**
 * A dot with a letter or digit right after it is inside a name, never a sentence end
 * (".npmrc", "~/.npm", ".tar.gz", "salsa.debian.org", "0.21"); sbd splits before a leading dot,
 * so such dots are masked while it runs. Abbreviations of single letters ("e.g.", "i.e.", "U.S.")
 * stay as they are: sbd knows them.
 */
const INNER_DOT = /(?<!(?:^|[\s([])\p{L})\.(?=[\p{L}\p{N}])/gu
/** The number of a section or a list item that starts a paragraph ("6.2.1. Initialization", "2. Run it.") is part of it. */
const LEADING_NUMBER = /^(\d{1,3}(?:\.\d{1,3})*)\.(?=\s)/u
const MASK = '\uE000'
const MASKED = new RegExp(MASK, 'g')
/** A question or exclamation mark right before a letter is part of a name ("apt list ?automatic", "!important"): sbd dropped it and split there. */
const INNER_MARK = /[?!](?=[\p{L}\p{N}(])/gu
const MARK_MASKS: Record<string, string> = { '?': '\uE001', '!': '\uE002' }
const MASKED_MARK = /[\uE001\uE002]/g
const unmaskMark = (mask: string) => (mask === '\uE001' ? '?' : '!')

/** The sentences of one paragraph, whole; a code block is one. */
export function sentencesOfParagraph(paragraph: string): string[] {
  if (isCode(paragraph)) return [paragraph]
  return sbd
    .sentences(
      paragraph
        .replace(LEADING_NUMBER, `$1${MASK}`)
        .replace(INNER_DOT, MASK)
        .replace(INNER_MARK, (mark) => MARK_MASKS[mark]),
      OPTIONS,
    )
    .map((s) => s.replace(MASKED, '.').replace(MASKED_MARK, unmaskMark).trim())
    .filter((s) => s !== '')
}

/** The sentences of a text, paragraph by paragraph. */
export function sentencesOf(text: string): string[] {
  return paragraphsOf(text).flatMap(sentencesOfParagraph)
}

/** The sentences of an indexed passage: the chunker put one a line (features/training/chunk.ts). */
export function storedSentences(passage: string): string[] {
  return passage
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** Words of a table row at most: a label and its figures, no prose. */
const TABLE_ROW_MAX_WORDS = 25
const NUMBER = /^[-+±(]?\d[\d.,:%)]*$/
/**
 * A line of a table as PDF text gives it: short, no sentence end, at least two figures making up a
 * third of its tokens or more ("Height (cm) 173.2 7.04 162 185").
 */
export function isTableRow(line: string | undefined): boolean {
  if (line === undefined || /[.!?]["'”’)\]]*$/.test(line)) return false
  const tokens = line.split(' ')
  if (tokens.length > TABLE_ROW_MAX_WORDS) return false
  const figures = tokens.filter((t) => NUMBER.test(t)).length
  return figures >= 2 && figures * 3 >= tokens.length
}
