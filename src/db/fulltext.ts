import { sql, type Kysely } from 'kysely'
import { dialectOf } from './dialect'
import { indexTerms } from '../lib/search-terms'
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
  /** Higher is better; only comparable within one search. */
  score: number
}

/** How many of a chatbot's passages hold each term: words found everywhere weigh less. */
export interface TermFrequencies {
  passages: number
  /** Passages holding the term (a term no passage holds is absent or 0). */
  holding: Map<string, number>
}

/**
 * The search index over `chunks`. Each passage is indexed by the stems of its words
 * (lib/search-terms: Snowball stems, the same the query uses), kept in `chunks.terms` and
 * `chunks.title_terms`; callers pass stems (letters and digits only), and turning them into the
 * engine's query syntax happens here, so user input never reaches it as syntax. SQLite FTS5, or on
 * PostgreSQL a generated tsvector column ranked with ts_rank (migration 009).
 */
export interface FullTextIndex {
  /** Adds a source's passages; call inside the transaction that adds the source. */
  add(db: Executor, source: PassageSource, passages: string[]): Promise<void>
  /** Removes every passage of one source; call inside the transaction that deletes it. */
  remove(db: Executor, chatbotId: string, sourceId: string): Promise<void>
  /**
   * Passages of one chatbot matching any term, best first. `weights` (a term's rarity, from
   * `frequencies`) let an engine whose rank ignores rarity (PostgreSQL's ts_rank) rank by it.
   */
  search(db: Executor, chatbotId: string, terms: string[], limit: number, weights?: ReadonlyMap<string, number>): Promise<PassageHit[]>
  /** For each term, how many of the chatbot's passages hold it. */
  frequencies(db: Executor, chatbotId: string, terms: string[]): Promise<TermFrequencies>
}

/** Rows per INSERT, well under SQLite's bound on variables in one statement. */
const INSERT_BATCH = 400
/** Column weights for bm25(): the passage text counts more than the title every passage of a source repeats. */
const TEXT_WEIGHT = 1.0
const TITLE_WEIGHT = 0.5

/** A matched passage as both search queries select it; `rank` is the engine's own score. */
interface HitRow {
  source_type: PassageSourceType
  source_id: string
  title: string
  url: string | null
  text: string
  rank: number
}

/** A row as callers see it, with the engine's rank turned into a higher-is-better score. */
const toHit = (r: HitRow, score: number): PassageHit => ({
  sourceType: r.source_type,
  sourceId: r.source_id,
  title: r.title,
  url: r.url,
  text: r.text,
  score,
})

/** Terms as the index holds them: stems of letters and digits; anything else is dropped. */
const usableTerms = (terms: string[]): string[] => [...new Set(terms.map((t) => t.trim()).filter((t) => /^[\p{L}\p{N}]+$/u.test(t)))]

/** A term as an FTS5 string: quoted, so it is only ever text. */
const quoted = (term: string): string => `"${term.replace(/"/g, '""')}"`

/** The rows of a source's passages, with the stems the index searches. */
export function chunkRows(source: PassageSource, passages: string[]) {
  const titleTerms = indexTerms(source.title)
  return passages.map((text, position) => ({
    chatbot_id: source.chatbotId,
    source_type: source.sourceType,
    source_id: source.sourceId,
    title: source.title,
    url: source.url,
    position,
    text,
    terms: indexTerms(text),
    title_terms: titleTerms,
  }))
}

async function addRows(db: Executor, source: PassageSource, passages: string[]): Promise<void> {
  const rows = chunkRows(source, passages)
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('chunks')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute()
  }
}

async function removeRows(db: Executor, chatbotId: string, sourceId: string): Promise<void> {
  await db.deleteFrom('chunks').where('chatbot_id', '=', chatbotId).where('source_id', '=', sourceId).execute()
}

async function passageCount(db: Executor, chatbotId: string): Promise<number> {
  const row = await db
    .selectFrom('chunks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** FTS5 with external content: the triggers of migration 009 copy `chunks` rows in and out of `chunks_fts`. */
export const sqliteFullText: FullTextIndex = {
  add: addRows,
  remove: removeRows,

  async search(db, chatbotId, terms, limit) {
    const usable = usableTerms(terms)
    if (usable.length === 0 || limit <= 0) return []
    const match = usable.map(quoted).join(' OR ')
    const result = await sql<HitRow>`
      SELECT c.source_type, c.source_id, c.title, c.url, c.text,
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

  async frequencies(db, chatbotId, terms) {
    const usable = usableTerms(terms)
    const holding = new Map<string, number>()
    for (const term of usable) {
      const row = await sql<{ n: number }>`
        SELECT count(*) AS n FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
        WHERE chunks_fts MATCH ${`terms : ${quoted(term)}`} AND c.chatbot_id = ${chatbotId}
      `.execute(db)
      holding.set(term, Number(row.rows[0]?.n ?? 0))
    }
    return { passages: await passageCount(db, chatbotId), holding }
  },
}

/**
 * PostgreSQL: `chunks.search` is a stored tsvector generated from the stems (weight A) and the
 * title's stems (weight B) with the 'simple' configuration (the stems are already made), with a
 * GIN index. Each term goes in as a bound parameter of plainto_tsquery, so it is text, never
 * tsquery syntax; the terms are ORed together.
 */
export const postgresFullText: FullTextIndex = {
  add: addRows,
  remove: removeRows,

  async search(db, chatbotId, terms, limit, weights) {
    const usable = usableTerms(terms)
    if (usable.length === 0 || limit <= 0) return []
    // Each term's tsquery is made once (in q), not once a row; the passages' text is read only for
    // the rows kept, after ranking.
    const termQueries = sql.join(
      usable.map((term, i) => sql`plainto_tsquery('simple', ${term}) AS ${sql.ref(`t${i}`)}`),
      sql`, `,
    )
    const anyTerm = sql.join(
      usable.map((_, i) => sql.ref(`q.t${i}`)),
      sql` || `,
    )
    // ts_rank counts occurrences but not rarity: with weights, each term's own ts_rank (its
    // occurrences, length-normalised) is weighted by its rarity, as BM25 weighs tf by idf.
    const weighted = weights
      ? sql.join(
          usable.map((term, i) => sql`${weights.get(term) ?? 1}::float8 * ts_rank(c.search, ${sql.ref(`q.t${i}`)}, 1)`),
          sql` + `,
        )
      : sql`ts_rank(c.search, q.query, 1)`
    const result = await sql<HitRow>`
      SELECT c.source_type, c.source_id, c.title, c.url, c.text, ranked.rank
      FROM (
        SELECT c.id, (${weighted}) AS rank
        FROM chunks c, (SELECT *, ${anyTerm} AS query FROM (SELECT ${termQueries}) q) q
        WHERE c.chatbot_id = ${chatbotId} AND c.search @@ q.query
        ORDER BY rank DESC, c.id
        LIMIT ${limit}
      ) ranked
      JOIN chunks c ON c.id = ranked.id
      ORDER BY ranked.rank DESC, c.id
    `.execute(db)
    return result.rows.map((r) => toHit(r, Number(r.rank)))
  },

  async frequencies(db, chatbotId, terms) {
    const usable = usableTerms(terms)
    const holding = new Map<string, number>()
    if (usable.length === 0) return { passages: await passageCount(db, chatbotId), holding }
    const termQueries = sql.join(
      usable.map((term, i) => sql`plainto_tsquery('simple', ${term}) AS ${sql.ref(`t${i}`)}`),
      sql`, `,
    )
    const counts = sql.join(
      usable.map((_, i) => sql`count(*) FILTER (WHERE c.search @@ ${sql.ref(`q.t${i}`)}) AS ${sql.ref(`n${i}`)}`),
      sql`, `,
    )
    // The passage count comes in the same statement: one round trip, not two.
    const result = await sql<Record<string, string | number>>`
      SELECT count(*) AS passages, ${counts} FROM chunks c, (SELECT ${termQueries}) q WHERE c.chatbot_id = ${chatbotId}
    `.execute(db)
    for (const [i, term] of usable.entries()) holding.set(term, Number(result.rows[0]?.[`n${i}`] ?? 0))
    return { passages: Number(result.rows[0]?.passages ?? 0), holding }
  },
}

/** The index for the database a handle (or transaction) talks to. */
export function fullTextIndex(): FullTextIndex {
  return byDialect
}

const pick = (db: Executor) => (dialectOf(db) === 'postgres' ? postgresFullText : sqliteFullText)

const byDialect: FullTextIndex = {
  add: (db, source, passages) => pick(db).add(db, source, passages),
  remove: (db, chatbotId, sourceId) => pick(db).remove(db, chatbotId, sourceId),
  search: (db, chatbotId, terms, limit, weights) => pick(db).search(db, chatbotId, terms, limit, weights),
  frequencies: (db, chatbotId, terms) => pick(db).frequencies(db, chatbotId, terms),
}
