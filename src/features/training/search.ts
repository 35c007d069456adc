import type { AppContext } from '../../context'
import { fullTextIndex, type PassageSourceType } from '../../db/fulltext'
import { materialWordsOf, searchTerms, stemOf } from '../../lib/search-terms'
import { CODE_LINE_BREAK, storedSentences } from '../../lib/sentences'

export interface PassageSourceInfo {
  title: string
  /** The link's web address; null for a document (its PDF is its owner's) and for business details. */
  url: string | null
  /** The passage's sentence that shares the most terms with the query. */
  snippet: string
  source_type: PassageSourceType
  source_id: string
  /** Higher is better; comparable only within one search. */
  score: number
}

export interface Passage {
  text: string
  source: PassageSourceInfo
}

export const DEFAULT_PASSAGES = 5
export const MAX_PASSAGES = 50
const SNIPPET_CHARS = 300

/** The sentence of a passage holding the most of the terms, clipped to a snippet's length. */
export function snippetOf(text: string, terms: readonly string[]): string {
  let best = ''
  let bestHits = -1
  for (const sentence of storedSentences(text)) {
    const own = new Set(materialWordsOf(sentence).map(stemOf))
    const hits = terms.filter((t) => own.has(t)).length
    if (hits > bestHits) {
      best = sentence
      bestHits = hits
    }
  }
  const flat = best.replaceAll(CODE_LINE_BREAK, ' ')
  return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…`
}

/**
 * The training material that best answers a visitor's question, for the chat runtime. The query
 * becomes the stems of its content words, each quoted by the index, so no input is read as search
 * syntax; an input without a word finds nothing.
 */
export async function searchPassages(ctx: AppContext, chatbotId: string, query: string, limit = DEFAULT_PASSAGES, opts: { snippets?: boolean } = {}): Promise<Passage[]> {
  return searchStems(ctx, chatbotId, searchTerms(query), limit, opts)
}

/** Like searchPassages, for terms already made (stems from lib/search-terms). */
export async function searchStems(
  ctx: AppContext,
  chatbotId: string,
  terms: string[],
  limit = DEFAULT_PASSAGES,
  opts: { snippets?: boolean; weights?: ReadonlyMap<string, number>; holding?: ReadonlyMap<string, number> } = {},
): Promise<Passage[]> {
  if (terms.length === 0) return []
  const hits = await fullTextIndex().search(ctx.db, chatbotId, terms, Math.min(Math.max(1, Math.floor(limit)), MAX_PASSAGES), { weights: opts.weights, holding: opts.holding })
  return hits.map((hit) => ({
    text: hit.text,
    source: {
      title: hit.title,
      // A document's PDF is its owner's (contract 5): a source without a web address links nowhere.
      url: hit.url,
      // A caller that reads every sentence itself (the answer ranking) skips this work.
      snippet: opts.snippets === false ? '' : snippetOf(hit.text, terms),
      source_type: hit.sourceType,
      source_id: hit.sourceId,
      score: hit.score,
    },
  }))
}

/** How many of the chatbot's passages hold each term (for weighting rare words above common ones). */
export const termFrequencies = (ctx: AppContext, chatbotId: string, terms: string[]) => fullTextIndex().frequencies(ctx.db, chatbotId, terms)
