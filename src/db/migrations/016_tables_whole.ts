// Tables and sections whole (owner: training, for `chunks` and `chunk_terms`): the chunker keeps a
// table's rows in one passage with its caption and header (training/chunk.ts), where it used to end
// a passage after any row once it was long enough, and took a row for a heading; and a heading that
// PDF text ran into the end of a paragraph now starts the passage of its section instead of ending
// the one before. And "off" is stemmed "off", no longer "of" (lib/search-terms.ts), so a question
// with "off" stops matching every "of". The material already indexed is cut again from its stored
// passages, in order, and its stems made again; a source whose passages and stems come out the
// same is left as it is.
import type { Kysely } from 'kysely'
import { chunkText } from '../../features/training/chunk'
import { indexTerms } from '../../lib/search-terms'
import { fullTextIndex } from '../fulltext'
import type { ChunksTable, Database } from '../schema'

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const sources = await db.selectFrom('chunks').select(['chatbot_id', 'source_id']).distinct().execute()
  for (const { chatbot_id, source_id } of sources) {
    const rows = await db
      .selectFrom('chunks')
      .select(['source_type', 'title', 'url', 'text', 'terms', 'title_terms'])
      .where('chatbot_id', '=', chatbot_id)
      .where('source_id', '=', source_id)
      .orderBy('position')
      .execute()
    // Passages hold one sentence a line and an empty line between paragraphs: joined, they are the text again.
    const fresh = chunkText(rows.map((r) => r.text).join('\n\n'))
    const same = (text: string, i: number) => text === rows[i].text && indexTerms(text) === rows[i].terms && indexTerms(rows[i].title) === rows[i].title_terms
    if (fresh.length === rows.length && fresh.every(same)) continue
    const { source_type, title, url } = rows[0]
    await fullTextIndex().remove(db, chatbot_id, source_id)
    await fullTextIndex().add(db, { chatbotId: chatbot_id, sourceType: source_type as ChunksTable['source_type'], sourceId: source_id, title, url }, fresh)
  }
}
