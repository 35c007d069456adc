import type { AppContext } from '../../context'
import { fullTextIndex, type PassageSourceType } from '../../db/fulltext'
import { searchTerms } from '../../lib/search-terms'
import { documentUrl } from './material'

export interface PassageSourceInfo {
  title: string
  /** The link, or the public URL of the document's PDF; null for business details. */
  url: string | null
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

/**
 * The training material that best answers a visitor's question, for the chat runtime. Stop words
 * are dropped and each remaining term is quoted, so no input is read as search syntax; an input of
 * stop words only finds nothing.
 */
export async function searchPassages(ctx: AppContext, chatbotId: string, query: string, limit = DEFAULT_PASSAGES): Promise<Passage[]> {
  const terms = searchTerms(query)
  if (terms.length === 0) return []
  const hits = await fullTextIndex().search(ctx.db, chatbotId, terms, Math.min(Math.max(1, Math.floor(limit)), MAX_PASSAGES))
  return hits.map((hit) => ({
    text: hit.text,
    source: {
      title: hit.title,
      url: hit.url ?? (hit.sourceType === 'document' ? documentUrl(ctx, hit.sourceId) : null),
      snippet: hit.snippet,
      source_type: hit.sourceType,
      source_id: hit.sourceId,
      score: hit.score,
    },
  }))
}
