import { countWords } from '../../lib/words.ts';

export interface ChunkOptions {
  /** A passage ends at a paragraph break once it has at least this many words. */
  minWords?: number;
  /** No passage grows past this many words; a longer sentence is cut at word boundaries. */
  maxWords?: number;
}

export const DEFAULT_MIN_WORDS = 60;
export const DEFAULT_MAX_WORDS = 150;

/**
 * Splits text into passages for the full-text index. Passages follow paragraph and
 * sentence boundaries, so a hit shows a readable snippet and a sentence is never cut
 * unless it alone is longer than `maxWords`.
 */
export function chunkText(text: string, opts: ChunkOptions = {}): string[] {
  const maxWords = Math.max(1, opts.maxWords ?? DEFAULT_MAX_WORDS);
  const minWords = Math.min(opts.minWords ?? DEFAULT_MIN_WORDS, maxWords);

  const chunks: string[] = [];
  let current: string[] = [];
  let currentWords = 0;
  const flush = () => {
    if (current.length > 0) chunks.push(current.join(' '));
    current = [];
    currentWords = 0;
  };

  for (const paragraph of splitParagraphs(text)) {
    for (const sentence of splitSentences(paragraph)) {
      for (const piece of cutLongSentence(sentence, maxWords)) {
        const words = countWords(piece);
        if (currentWords > 0 && currentWords + words > maxWords) flush();
        current.push(piece);
        currentWords += words;
      }
    }
    if (currentWords >= minWords) flush();
  }
  // A short tail reads better joined to the passage before it, when that still fits.
  if (current.length > 0 && currentWords < minWords && chunks.length > 0) {
    const previous = chunks[chunks.length - 1];
    if (countWords(previous) + currentWords <= maxWords) {
      chunks[chunks.length - 1] = `${previous} ${current.join(' ')}`;
      current = [];
    }
  }
  flush();
  return chunks;
}

function splitParagraphs(text: string): string[] {
  return text
    .split(/\n[^\S\n]*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

/** Ends of sentences: terminal punctuation (and closing quotes) before a capital or digit. */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])/u;

function splitSentences(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END).filter((s) => s !== '');
}

/** Cuts into near-equal pieces, so no sliver of a few words is left at the end. */
function cutLongSentence(sentence: string, maxWords: number): string[] {
  const tokens = sentence.split(' ');
  if (countWords(sentence) <= maxWords) return [sentence];
  const pieceCount = Math.ceil(tokens.length / maxWords);
  const pieceSize = Math.ceil(tokens.length / pieceCount);
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += pieceSize) {
    pieces.push(tokens.slice(i, i + pieceSize).join(' '));
  }
  return pieces;
}
