// Sentence boundaries from sbd (a maintained sentence-boundary detector), not a split on dots: a
// sentence ends at a sentence end, not at the dots of "salsa.debian.org", "*.tar.gz", "0.21",
// "e.g." or "Mr.". Paragraphs (separated by an empty line) always end a sentence.
import sbd from 'sbd'

const OPTIONS = { newline_boundaries: false, preserve_whitespace: false, sanitize: false } as const

/** Paragraphs of a text: blocks separated by an empty line, inner whitespace collapsed. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n[^\S\n]*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
}

/** The sentences of one paragraph, whole. */
export function sentencesOfParagraph(paragraph: string): string[] {
  return sbd
    .sentences(paragraph, OPTIONS)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** The sentences of a text, paragraph by paragraph. */
export function sentencesOf(text: string): string[] {
  return paragraphsOf(text).flatMap(sentencesOfParagraph)
}
