// The quote of a ranked passage in the reply: the lead-in, the answering sentences whole, then
// the sentences after them as context, as Markdown that reads as the material's own words.
import { asMarkdownText } from '../../lib/markdown-text'
import { codeLines, isCode } from '../../lib/sentences'
import { countWords } from '../../lib/words'
import type { RankedPassage } from './ranking'

/** Words of context after the answering sentences, so the visitor can judge them. */
const CONTEXT_WORDS = 50

/**
 * The excerpt as Markdown: the lead-in, the answering sentences whole, then the sentences after
 * them as long as they fit the context budget. A paragraph of the passage is one of the excerpt's,
 * its words quoted as text (asMarkdownText); a code block is set as one, with its lines.
 */
export function excerptOf(passage: RankedPassage): string {
  const parts = [...passage.before, ...passage.answer]
  let context = 0
  for (const sentence of passage.after) {
    context += countWords(sentence)
    if (context > CONTEXT_WORDS) break
    parts.push(sentence)
  }
  const paragraphs: string[][] = []
  for (const [i, sentence] of parts.entries()) {
    if (i === 0 || isCode(sentence) || isCode(parts[i - 1]) || passage.paragraphStarts.has(passage.first + i)) paragraphs.push([])
    paragraphs[paragraphs.length - 1].push(sentence)
  }
  return paragraphs.map((p) => (isCode(p[0]) ? codeBlock(p[0]) : asMarkdownText(p.join(' ')))).join('\n\n')
}

/** A fenced code block, its fence longer than any run of backticks in the code. */
function codeBlock(code: string): string {
  const fence = '`'.repeat(Math.max(3, ...(code.match(/`+/g) ?? []).map((run) => run.length + 1)))
  return `${fence}\n${codeLines(code).join('\n')}\n${fence}`
}
