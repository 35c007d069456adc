/** A whitespace-separated token holding at least one letter or digit, matched whole (faster than splitting and testing each token). */
const WORD_TOKEN = /\S*[\p{L}\p{N}]\S*/gu

/**
 * Counts words the way a reader would, close to `wc -w` on the same text: stray
 * punctuation tokens ("—", "•", "|") left by PDF and HTML extraction are not words.
 */
export function countWords(text: string): number {
  return text.match(WORD_TOKEN)?.length ?? 0
}
