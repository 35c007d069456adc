// Material already indexed, cut again by the chunker of today (training/chunk.ts) from its stored
// passages, in order, with its stems made again; a source whose passages and stems come out the same
// is left as it is. Migrations that change how material is cut or stemmed call it.
import type { Kysely } from 'kysely'
import { chunkText } from '../../features/training/chunk'
import { indexTerms } from '../../lib/search-terms'
import { fullTextIndex } from '../fulltext'
import type { ChunksTable, Database } from '../schema'

/**
 * `keep` drops lines of a stored passage (given with their passage's lines) that newer ingestion
 * would not have kept; `skip` leaves sources of a type alone (documents a migration has read again from their PDF).
 */
export async function recutIndexedMaterial(
  db: Kysely<Database>,
  keep: (lines: readonly string[], i: number) => boolean = () => true,
  skip: ChunksTable['source_type'] | null = null,
): Promise<void> {
  const sources = await db
    .selectFrom('chunks')
    .select(['chatbot_id', 'source_id'])
    .$if(skip !== null, (q) => q.where('source_type', '!=', skip as ChunksTable['source_type']))
    .distinct()
    .execute()
  for (const { chatbot_id, source_id } of sources) {
    const rows = await db
      .selectFrom('chunks')
      .select(['source_type', 'title', 'url', 'text', 'terms', 'title_terms'])
      .where('chatbot_id', '=', chatbot_id)
      .where('source_id', '=', source_id)
      .orderBy('position')
      .execute()
    // Passages hold one sentence a line and an empty line between paragraphs: joined, they are the text again.
    const text = rows
      .map((r) =>
        r.text
          .split('\n')
          .filter((_, i, lines) => keep(lines, i))
          .join('\n'),
      )
      .join('\n\n')
    const fresh = chunkText(text)
    const same = (passage: string, i: number) => passage === rows[i].text && indexTerms(passage) === rows[i].terms && indexTerms(rows[i].title) === rows[i].title_terms
    if (fresh.length === rows.length && fresh.every(same)) continue
    const { source_type, title, url } = rows[0]
    await fullTextIndex().remove(db, chatbot_id, source_id)
    await fullTextIndex().add(db, { chatbotId: chatbot_id, sourceType: source_type as ChunksTable['source_type'], sourceId: source_id, title, url }, fresh)
  }
}
