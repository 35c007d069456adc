import { sql, type Kysely } from 'kysely'
import type { ChunksTable, Database } from './schema'

/** A database handle or an open transaction (Kysely's Transaction is a Kysely). */
type Executor = Kysely<Database>

export type PassageSourceType = ChunksTable['source_type']

/** What a passage belongs to: one document, link or the business details of one chatbot. */
export interface PassageSource {
  chatbotId: string
  sourceType: PassageSourceType
  sourceId: string
  title: string
  url: string | null
}

export interface PassageHit {
  sourceType: PassageSourceType
  sourceId: string
  title: string
  url: string | null
  /** The whole passage, for the answer's context. */
  text: string
  /** A short excerpt around the matched terms. */
  snippet: string
  /** Higher is better; only comparable within one search. */
  score: number
}

/**
 * The search index over `chunks`. Callers pass plain terms (letters, digits and single spaces,
 * from lib/search-terms); turning them into the engine's query syntax happens here, so user input
 * never reaches it as syntax. SQLite FTS5 today; a PostgreSQL implementation would keep a tsvector
 * column on `chunks` and rank with ts_rank_cd.
 */
export interface FullTextIndex {
  /** Adds a source's passages; call inside the transaction that adds the source. */
  add(db: Executor, source: PassageSource, passages: string[]): Promise<void>
  /** Removes every passage of one source; call inside the transaction that deletes it. */
  remove(db: Executor, chatbotId: string, sourceId: string): Promise<void>
  /** Passages of one chatbot matching any term, best first. */
  search(db: Executor, chatbotId: string, terms: string[], limit: number): Promise<PassageHit[]>
}

/** Rows per INSERT, well under SQLite's bound on variables in one statement. */
const INSERT_BATCH = 500
/** Column weights for bm25(): the passage text counts more than the title every passage of a source repeats. */
const TEXT_WEIGHT = 1.0
const TITLE_WEIGHT = 0.5
const SNIPPET_TOKENS = 32

/** A term as an FTS5 string: quoted, so operators, column filters and prefixes in it are just text. */
const quoted = (term: string): string => `"${term.replace(/"/g, '""')}"`

/** FTS5 with external content: the triggers of migration 004 copy `chunks` rows in and out of `chunks_fts`. */
export const sqliteFullText: FullTextIndex = {
  async add(db, source, passages) {
    const rows = passages.map((text, position) => ({
      chatbot_id: source.chatbotId,
      source_type: source.sourceType,
      source_id: source.sourceId,
      title: source.title,
      url: source.url,
      position,
      text,
    }))
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await db.insertInto('chunks').values(rows.slice(i, i + INSERT_BATCH)).execute()
    }
  },

  async remove(db, chatbotId, sourceId) {
    await db.deleteFrom('chunks').where('chatbot_id', '=', chatbotId).where('source_id', '=', sourceId).execute()
  },

  async search(db, chatbotId, terms, limit) {
    const usable = terms.map((t) => t.trim()).filter((t) => t !== '')
    if (usable.length === 0 || limit <= 0) return []
    const match = usable.map(quoted).join(' OR ')
    const result = await sql<{
      source_type: PassageSourceType
      source_id: string
      title: string
      url: string | null
      text: string
      snippet: string
      rank: number
    }>`
      SELECT c.source_type, c.source_id, c.title, c.url, c.text,
             snippet(chunks_fts, 0, '', '', '…', ${sql.lit(SNIPPET_TOKENS)}) AS snippet,
             bm25(chunks_fts, ${sql.lit(TEXT_WEIGHT)}, ${sql.lit(TITLE_WEIGHT)}) AS rank
      FROM chunks_fts
      JOIN chunks c ON c.id = chunks_fts.rowid
      WHERE chunks_fts MATCH ${match} AND c.chatbot_id = ${chatbotId}
      ORDER BY rank
      LIMIT ${limit}
    `.execute(db)
    return result.rows.map((r) => ({
      sourceType: r.source_type,
      sourceId: r.source_id,
      title: r.title,
      url: r.url,
      text: r.text,
      snippet: r.snippet,
      // bm25() is lower-is-better and negative; flip it so callers read "higher is better".
      score: -r.rank,
    }))
  },
}

/** The index for this deployment's database (only SQLite is wired today, see db/database.ts). */
export function fullTextIndex(): FullTextIndex {
  return sqliteFullText
}
