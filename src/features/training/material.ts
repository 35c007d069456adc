import type { Plan } from '../../config'
import type { AppContext } from '../../context'
import { fullTextIndex, type PassageSource } from '../../db/fulltext'
import type { ChatbotType } from '../../db/schema'
import { indexTerms } from '../../lib/search-terms'
import { TYPES } from '../chatbots/texts'
import { chunkText } from './chunk'
import type { Executor } from './repo'
import { wordsUsed } from './usage'

/** Only these types hold documents and links (spec 4.3). */
export const TRAINABLE_TYPES: readonly ChatbotType[] = [TYPES.knowledge, TYPES.business]

export const PREVIEW_CHARS = 500
export const MAX_TITLE_CHARS = 300

/** Whitespace collapsed, at most `max` UTF-16 units, never half of a surrogate pair. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

export const previewOf = (text: string) => clip(text, PREVIEW_CHARS)

/** Training words a chatbot may still take: the plan's allowance minus what its material holds. */
export async function wordsAvailable(ctx: AppContext, db: Executor, plan: Plan, chatbotId: string): Promise<number> {
  return Math.max(0, plan.training_words - (await wordsUsed(ctx, chatbotId, db)))
}

/** "Retraining": the material's passages go into the search index, in the caller's transaction. */
export async function indexMaterial(db: Executor, source: PassageSource, text: string): Promise<void> {
  await indexPassages(db, source, chunkText(text))
}

/** Passages already cut, with the stems the index searches (the query's stems are made the same way). */
export async function indexPassages(db: Executor, source: PassageSource, passages: readonly string[]): Promise<void> {
  await fullTextIndex().add(
    db,
    { ...source, titleTerms: indexTerms(source.title) },
    passages.map((text) => ({ text, terms: indexTerms(text) })),
  )
}

export async function unindexMaterial(db: Executor, chatbotId: string, sourceId: string): Promise<void> {
  await fullTextIndex().remove(db, chatbotId, sourceId)
}

/** Where a stored document's PDF is served, to its owner only (contract 5). */
export const documentPath = (documentId: string) => `/media/documents/${documentId}/`
export const documentUrl = (ctx: AppContext, documentId: string) => `${ctx.config.publicUrl}${documentPath(documentId)}`
