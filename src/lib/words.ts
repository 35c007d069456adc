/** A word is a whitespace-separated token holding at least one letter or digit. */
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * Counts words the way a reader would, close to `wc -w` on the same text: stray
 * punctuation tokens ("—", "•", "|") left by PDF and HTML extraction are not words.
 */
export function countWords(text: string): number {
  let count = 0
  for (const token of text.split(/\s+/)) {
    if (token !== '' && HAS_LETTER_OR_DIGIT.test(token)) count++
  }
  return count
}
