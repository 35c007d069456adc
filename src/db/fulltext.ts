import { sql, type Kysely } from 'kysely'
import { dialectOf } from './dialect'
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
 * never reaches it as syntax. SQLite FTS5, or on PostgreSQL a generated tsvector column on `chunks`
 * ranked with ts_rank (migration 004 makes whichever the database needs).
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

/** A matched passage as both search queries select it; `rank` is the engine's own score. */
interface HitRow {
  source_type: PassageSourceType
  source_id: string
  title: string
  url: string | null
  text: string
  snippet: string
  rank: number
}

/** A row as callers see it, with the engine's rank turned into a higher-is-better score. */
const toHit = (r: HitRow, score: number): PassageHit => ({
  sourceType: r.source_type,
  sourceId: r.source_id,
  title: r.title,
  url: r.url,
  text: r.text,
  snippet: r.snippet,
  score,
})

/** Terms with their spaces trimmed, empty ones dropped. */
const usableTerms = (terms: string[]): string[] => terms.map((t) => t.trim()).filter((t) => t !== '')

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
    const usable = usableTerms(terms)
    if (usable.length === 0 || limit <= 0) return []
    const match = usable.map(quoted).join(' OR ')
    const result = await sql<HitRow>`
      SELECT c.source_type, c.source_id, c.title, c.url, c.text,
             snippet(chunks_fts, 0, '', '', '…', ${sql.lit(SNIPPET_TOKENS)}) AS snippet,
             bm25(chunks_fts, ${sql.lit(TEXT_WEIGHT)}, ${sql.lit(TITLE_WEIGHT)}) AS rank
      FROM chunks_fts
      JOIN chunks c ON c.id = chunks_fts.rowid
      WHERE chunks_fts MATCH ${match} AND c.chatbot_id = ${chatbotId}
      ORDER BY rank
      LIMIT ${limit}
    `.execute(db)
    // bm25() is lower-is-better and negative; flip it so callers read "higher is better".
    return result.rows.map((r) => toHit(r, -r.rank))
  },
}

/** Words of context each side of the matched terms in a PostgreSQL snippet (FTS5 counts tokens). */
const HEADLINE_OPTIONS = `StartSel="", StopSel="", MaxWords=${SNIPPET_TOKENS}, MinWords=${SNIPPET_TOKENS / 2}, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`

/**
 * PostgreSQL: `chunks.search` is a stored tsvector generated from the text (weight A) and the
 * title (weight B), with a GIN index. Each term goes in as a bound parameter of
 * phraseto_tsquery, so it is text, never tsquery syntax; the terms are ORed together.
 */
export const postgresFullText: FullTextIndex = {
  add: sqliteFullText.add,
  remove: sqliteFullText.remove,

  async search(db, chatbotId, terms, limit) {
    const usable = usableTerms(terms)
    if (usable.length === 0 || limit <= 0) return []
    const query = sql.join(
      usable.map((term) => sql`phraseto_tsquery('english', ${term})`),
      sql` || `,
    )
    // Rank and cut in the inner query, so ts_headline (the costly part) runs on the kept rows only.
    const result = await sql<HitRow>`
      SELECT hit.source_type, hit.source_id, hit.title, hit.url, hit.text, hit.rank,
             ts_headline('english', hit.text, hit.query, ${HEADLINE_OPTIONS}) AS snippet
      FROM (
        SELECT c.id, c.source_type, c.source_id, c.title, c.url, c.text, q.query,
               ts_rank(c.search, q.query, 1) AS rank
        FROM chunks c, (SELECT ${query} AS query) q
        WHERE c.chatbot_id = ${chatbotId} AND c.search @@ q.query
        ORDER BY rank DESC, c.id
        LIMIT ${limit}
      ) hit
      ORDER BY hit.rank DESC, hit.id
    `.execute(db)
    return result.rows.map((r) => toHit(r, Number(r.rank)))
  },
}

/** The index for the database a handle (or transaction) talks to. */
export function fullTextIndex(): FullTextIndex {
  return byDialect
}

const byDialect: FullTextIndex = {
  add: (db, source, passages) => (dialectOf(db) === 'postgres' ? postgresFullText : sqliteFullText).add(db, source, passages),
  remove: (db, chatbotId, sourceId) => (dialectOf(db) === 'postgres' ? postgresFullText : sqliteFullText).remove(db, chatbotId, sourceId),
  search: (db, chatbotId, terms, limit) => (dialectOf(db) === 'postgres' ? postgresFullText : sqliteFullText).search(db, chatbotId, terms, limit),
}
