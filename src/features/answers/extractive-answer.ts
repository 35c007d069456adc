// Builds a reply from retrieved passages without a language model: the facts themselves, and from
// each material passage the sentences that share the most terms with the question.
import { queryStems, stems, type ScoredFact } from './business-facts'

/** A passage of training material as the search returns it. */
export interface MaterialPassage {
  title: string
  url: string | null
  text: string
  snippet: string
  score: number
}

export interface Source {
  title: string
  url: string | null
  snippet: string
}

export interface RetrievedContext {
  facts: ScoredFact[]
  material: MaterialPassage[]
}

const MAX_FACTS = 8
const MAX_MATERIAL = 3
/** Passages far below the best one add noise, not answers. */
const RELATIVE_CUTOFF = 0.5
const MAX_SENTENCES = 2
const SNIPPET_CHARS = 300

function best<T extends { score: number }>(items: readonly T[], max: number): T[] {
  const top = items[0]?.score ?? 0
  return items.filter((item) => item.score >= top * RELATIVE_CUTOFF).slice(0, max)
}

/** Keeps what is worth answering from: the strongest facts and material passages. */
export function selectPassages(context: RetrievedContext): RetrievedContext {
  return { facts: best(context.facts, MAX_FACTS), material: best(context.material, MAX_MATERIAL) }
}

const clip = (value: string, max = SNIPPET_CHARS) => {
  const flat = value.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

export function sentencesOf(value: string): string[] {
  return (value.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? []).map((s) => s.trim()).filter(Boolean)
}

/** The sentences of a passage that share the most terms with the question, in their own order. */
export function relevantSentences(passageText: string, question: string): string | null {
  const terms = queryStems(question)
  const ranked = sentencesOf(passageText)
    .map((sentence, index) => {
      const own = stems(sentence)
      return { sentence, index, hits: terms.filter((t) => own.has(t)).length }
    })
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.index - b.index)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.index - b.index)
  return ranked.length ? clip(ranked.map((s) => s.sentence).join(' '), 600) : null
}

export function sourcesOf(context: RetrievedContext): Source[] {
  return [
    ...context.facts.map((f) => ({ title: f.title, url: f.url, snippet: clip(f.text.replace(/\*\*/g, '').replace(/^- /, '')) })),
    ...context.material.map((p) => ({ title: p.title, url: p.url, snippet: clip(p.snippet || p.text) })),
  ]
}

/** Markdown reply from the selected passages; null when there is nothing to say. */
export function extractiveReply(context: RetrievedContext, question: string): string | null {
  const parts: string[] = []
  if (context.facts.length) parts.push(context.facts.map((f) => f.text).join('\n'))
  for (const passage of context.material) {
    const excerpt = relevantSentences(passage.text, question) ?? clip(passage.snippet || passage.text)
    parts.push(`${excerpt}\n\n*Source: ${passage.url ? `[${passage.title}](${passage.url})` : passage.title}*`)
  }
  return parts.length ? parts.join('\n\n') : null
}
