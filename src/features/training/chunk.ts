import { CODE_LINE_BREAK, codeLines, isCode, isTableRow, paragraphsOf, sentencesOfParagraph } from '../../lib/sentences.ts'
import { countWords } from '../../lib/words.ts'

export interface ChunkOptions {
  /** A passage ends at a paragraph break once it has at least this many words. */
  minWords?: number
  /** No passage grows past this many words; a longer sentence is cut at word boundaries. */
  maxWords?: number
}

export const DEFAULT_MIN_WORDS = 60
export const DEFAULT_MAX_WORDS = 150
/** A heading (a short paragraph without an end mark) starts a new passage once this much is held. */
const SECTION_BREAK_WORDS = 30
const HEADING_MAX_WORDS = 12
/** A FAQ's question heads its answer's section ("10.4 Can I safely de-install an old kernel package, and if so, how?"). */
const QUESTION_MAX_WORDS = 30

/** A short paragraph without an end mark, not a table's row ("Height (cm) 173.2 7.04" is no section) nor code. */
const isHeading = (paragraph: string) => countWords(paragraph) <= HEADING_MAX_WORDS && !/[.!?:;,]["'”’)\]]*$/.test(paragraph) && !isTableRow(paragraph) && !isCode(paragraph)

/** A FAQ's question, one sentence or a few ("I deleted some data. How can I recover it?"). */
const isQuestion = (sentences: string[]) => {
  const whole = sentences.join(' ')
  return !isCode(whole) && /^[\p{L}\p{N}(]/u.test(whole) && whole.endsWith('?') && countWords(whole) <= QUESTION_MAX_WORDS
}

/**
 * Whether a paragraph goes on in the next: it ends in a colon ("simply run the following
 * command:"), or stops without an end mark before a paragraph that starts in lower case ("… you
 * can run the command" and "systemctl disable service.service"). The next is its continuation:
 * never a heading, never cut off from it.
 */
const goesOn = (sentences: string[], next: string[] | undefined) => {
  const last = sentences.at(-1) ?? ''
  if (isCode(last)) return false
  return last.endsWith(':') || (!/[.!?;)"”’\]]$/.test(last) && /^\p{Ll}/u.test(next?.[0] ?? ''))
}

/** A numbered section's question: "9.6 I have several machines; how can I download the updates only one time?" */
const NUMBERED_QUESTION = /^\d{1,3}(?:\.\d{1,3})+\.?\s+\p{Lu}.{0,200}\?$/u

/** A title-case line of a few words: "Blood Measures", "Height and Weight Measure". */
const TITLE_LINE = /^\p{Lu}[\p{L}-]*(?: (?:(?:a|an|and|by|for|in|of|on|or|the|to|with)|\p{Lu}[\p{L}-]*)){0,5}$/u

/**
 * A paragraph's sentences, its last line apart when that is a heading: PDF text often runs a
 * section's heading into the end of the paragraph before it ("… the sprint field. Blood Measures",
 * "… without notice. 9.6 I have several machines; how can I download the updates only one time?").
 */
function headingsApart(paragraph: string): string[][] {
  const sentences = sentencesOfParagraph(paragraph)
  const last = sentences.at(-1)
  if (sentences.length < 2 || last === undefined || !(TITLE_LINE.test(last) || NUMBERED_QUESTION.test(last))) return [sentences]
  return [sentences.slice(0, -1), [last]]
}

/**
 * Splits text into passages for the full-text index. Passages follow sections, paragraphs and
 * sentences (from sbd, so "salsa.debian.org" or "e.g." never end one): a heading starts a passage
 * and stays with the text under it, a sentence is never cut unless it alone is longer than
 * `maxWords`. A passage holds one sentence a line and an empty line between paragraphs, so the
 * answer extraction reads its sentences without detecting them again (see storedSentences).
 */
export function chunkText(text: string, opts: ChunkOptions = {}): string[] {
  const maxWords = Math.max(1, opts.maxWords ?? DEFAULT_MAX_WORDS)
  const minWords = Math.min(opts.minWords ?? DEFAULT_MIN_WORDS, maxWords)

  const chunks: string[] = []
  let paragraphs: string[][] = []
  let currentWords = 0
  const flush = () => {
    const passage = passageOf(paragraphs)
    if (passage !== '') chunks.push(passage)
    paragraphs = []
    currentWords = 0
  }

  const all = paragraphsOf(text).flatMap(headingsApart)
  let continued = false
  // Whether the passage being built has a heading of its own, or only the end of the section before.
  let headed = false
  for (const [index, sentences] of all.entries()) {
    const heading: boolean = ((sentences.length === 1 && isHeading(sentences[0])) || isQuestion(sentences)) && !continued
    // A heading has no end mark either: what follows it is its section, not its continuation.
    continued = !heading && goesOn(sentences, all[index + 1])
    if (heading && currentWords >= SECTION_BREAK_WORDS) flush()
    // A section's short last words ("New in version 1.0.") end it, and never head the next one's passage.
    else if (heading && currentWords > 0 && !headed && chunks.length > 0 && countWords(chunks[chunks.length - 1]) + currentWords <= maxWords) {
      chunks[chunks.length - 1] = `${chunks[chunks.length - 1]}\n\n${passageOf(paragraphs)}`
      paragraphs = []
      currentWords = 0
    }
    if (currentWords === 0) headed = heading
    paragraphs.push([])
    for (const sentence of sentences) {
      for (const piece of cutLongSentence(sentence, maxWords)) {
        const words = countWords(piece)
        if (currentWords > 0 && currentWords + words > maxWords) {
          // A heading left alone at the end would be cut off from its text: carry it over.
          const carried = paragraphs.at(-1)?.length ? [] : paragraphs.slice(-2, -1).filter((p) => isHeading(p.join(' ')) || isQuestion(p))
          if (carried.length) paragraphs.splice(-2, 1)
          flush()
          paragraphs.push(...carried, [])
          currentWords = carried.reduce((n, p) => n + countWords(p.join(' ')), 0)
          headed = carried.length > 0
        }
        paragraphs[paragraphs.length - 1].push(piece)
        currentWords += words
      }
    }
    // A table's rows stay together: its figures mean nothing apart from its caption and header.
    const tableGoesOn = isTableRow(paragraphs.at(-1)?.at(-1)) && isTableRow(all[index + 1]?.join(' '))
    if (!heading && !tableGoesOn && !continued && currentWords >= minWords) flush()
  }
  // A short tail reads better joined to the passage before it, when that still fits.
  if (paragraphs.length > 0 && currentWords < minWords && chunks.length > 0) {
    const previous = chunks[chunks.length - 1]
    if (countWords(previous) + currentWords <= maxWords) {
      chunks[chunks.length - 1] = `${previous}\n\n${passageOf(paragraphs)}`
      paragraphs = []
    }
  }
  flush()
  return chunks
}

/** A passage's text: one sentence a line, an empty line between paragraphs. */
const passageOf = (paragraphs: string[][]) =>
  paragraphs
    .map((p) => p.join('\n'))
    .filter((p) => p !== '')
    .join('\n\n')

/** Cuts into near-equal pieces, so no sliver of a few words is left at the end; code between its lines. */
function cutLongSentence(sentence: string, maxWords: number): string[] {
  if (countWords(sentence) <= maxWords) return [sentence]
  if (isCode(sentence)) return cutCode(sentence, maxWords)
  const tokens = sentence.split(' ')
  const pieceCount = Math.ceil(tokens.length / maxWords)
  const pieceSize = Math.ceil(tokens.length / pieceCount)
  const pieces: string[] = []
  for (let i = 0; i < tokens.length; i += pieceSize) {
    pieces.push(tokens.slice(i, i + pieceSize).join(' '))
  }
  return pieces
}

/** A long code block in pieces of whole lines (a line longer than a piece is a piece of its own). */
function cutCode(code: string, maxWords: number): string[] {
  const pieces: string[][] = [[]]
  let words = 0
  for (const line of codeLines(code)) {
    const own = countWords(line)
    if (words > 0 && words + own > maxWords) {
      pieces.push([])
      words = 0
    }
    pieces[pieces.length - 1].push(line)
    words += own
  }
  return pieces.map((lines) => lines.join(CODE_LINE_BREAK))
}
