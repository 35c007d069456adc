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

/** A source as the index stores it: with its title's stems, made by the caller (training/material.ts). */
export interface IndexedSource extends PassageSource {
  titleTerms: string
}

/** One passage and its stems (lib/search-terms `indexTerms`), made by the caller: db/ holds no language rules. */
export interface IndexedPassage {
  text: string
  terms: string
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
 * PostgreSQL a generated tsvector column ranked with ts_rank (migration 009); both keyed by chatbot,
 * so a search reads only the chatbot's own passages, and `chunk_terms` counts the passages holding
 * each stem, per chatbot, as passages come and go (migration 015).
 */
export interface FullTextIndex {
  /** Adds a source's passages, in order; call inside the transaction that adds the source. */
  add(db: Executor, source: IndexedSource, passages: readonly IndexedPassage[]): Promise<void>
  /** Removes every passage of one source; call inside the transaction that deletes it. */
  remove(db: Executor, chatbotId: string, sourceId: string): Promise<void>
  /**
   * Passages of one chatbot matching any term, best first; the work is bounded whatever the
   * material's size (see searchPlan). `weights` (a term's rarity, from `frequencies`) let an
   * engine whose rank ignores rarity (PostgreSQL's ts_rank) rank by it; `holding` (from
   * `frequencies`) saves looking the terms' counts up again.
   */
  search(db: Executor, chatbotId: string, terms: string[], limit: number, opts?: SearchOptions): Promise<PassageHit[]>
  /** For each term, how many of the chatbot's passages hold it. */
  frequencies(db: Executor, chatbotId: string, terms: string[]): Promise<TermFrequencies>
}

export interface SearchOptions {
  weights?: ReadonlyMap<string, number>
  holding?: ReadonlyMap<string, number>
}

/**
 * A search ranks every passage matching its terms, so a term held by very many passages (in a
 * chatbot with 50,000 of them, "use" or "file") would make one question cost tens of
 * milliseconds. Such a term is not searched: it weighs little beside the question's rarer terms
 * (its rarity is low), and the answer ranking still counts it in the candidates it reads. Terms
 * are searched rarest first while the passages they hold stay within a budget per passage asked
 * for (about 2 ms of ranking on SQLite for 30 candidates, measured by scripts/eval-answers-scale.ts).
 */
export const MAX_TERM_PASSAGES = 500
export const POSTINGS_PER_RESULT = 25

/**
 * What to search: the terms within the budget, ranked by the engine; or, when every term is held by
 * too many passages (a question of common words over a large material), the passages holding all
 * of them (any of them when none holds all), unranked, the passages added last first, so the
 * engine stops at the limit.
 */
export function searchPlan(terms: string[], holding: ReadonlyMap<string, number>, limit: number): { terms: string[]; ranked: boolean } {
  const budget = Math.max(MAX_TERM_PASSAGES, limit * POSTINGS_PER_RESULT)
  const held = terms.filter((t) => (holding.get(t) ?? 0) > 0).sort((a, b) => (holding.get(a) ?? 0) - (holding.get(b) ?? 0))
  const chosen: string[] = []
  let postings = 0
  for (const term of held) {
    const count = holding.get(term) ?? 0
    if (count > MAX_TERM_PASSAGES || postings + count > budget) break
    chosen.push(term)
    postings += count
  }
  return chosen.length > 0 || held.length === 0 ? { terms: chosen, ranked: true } : { terms: held, ranked: false }
}

/** Equal ranks in the order of the material; unranked, the passages added last first. */
const tieOrder = (ranked: boolean) => sql.raw(ranked ? 'ASC' : 'DESC')

/** The empty term's row in chunk_terms counts the chatbot's passages (a stem is never empty). */
const ALL_PASSAGES = ''

/** Adds, for each passage's stems (`chunks.terms`), one to every stem it holds and one to the passage count. */
export function countTerms(passageTerms: string[], counts: Map<string, number>): Map<string, number> {
  for (const terms of passageTerms) {
    for (const term of new Set(terms.split(' ').filter(Boolean))) counts.set(term, (counts.get(term) ?? 0) + 1)
    counts.set(ALL_PASSAGES, (counts.get(ALL_PASSAGES) ?? 0) + 1)
  }
  return counts
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

/** A stem as the SQLite index holds it for one chatbot: the id's characters less its dashes, then the stem (migration 015). */
export const chatbotToken = (chatbotId: string, stem: string) => `${chatbotId.replace(/-/g, '')}${stem}`

/** A term as an FTS5 string: quoted, so it is only ever text. */
const quoted = (term: string): string => `"${term.replace(/"/g, '""')}"`

/** The rows of a source's passages, with the stems the index searches. */
function chunkRows(source: IndexedSource, passages: readonly IndexedPassage[]) {
  return passages.map(({ text, terms }, position) => ({
    chatbot_id: source.chatbotId,
    source_type: source.sourceType,
    source_id: source.sourceId,
    title: source.title,
    url: source.url,
    position,
    text,
    terms,
    title_terms: source.titleTerms,
  }))
}

async function addRows(db: Executor, source: IndexedSource, passages: readonly IndexedPassage[]): Promise<void> {
  const rows = chunkRows(source, passages)
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('chunks')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute()
  }
  await adjustTermCounts(
    db,
    source.chatbotId,
    countTerms(
      rows.map((r) => r.terms),
      new Map(),
    ),
    1,
  )
}

async function removeRows(db: Executor, chatbotId: string, sourceId: string): Promise<void> {
  const rows = await db.selectFrom('chunks').select('terms').where('chatbot_id', '=', chatbotId).where('source_id', '=', sourceId).execute()
  await db.deleteFrom('chunks').where('chatbot_id', '=', chatbotId).where('source_id', '=', sourceId).execute()
  await adjustTermCounts(
    db,
    chatbotId,
    countTerms(
      rows.map((r) => r.terms),
      new Map(),
    ),
    -1,
  )
}

/** Adds (sign 1) or takes away (sign -1) passages' term counts; a term no passage holds any more leaves. */
async function adjustTermCounts(db: Executor, chatbotId: string, counts: Map<string, number>, sign: 1 | -1): Promise<void> {
  // In the order of the terms, so two transactions counting for one chatbot lock its rows in the same order (no deadlock).
  const values = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([term, passages]) => ({ chatbot_id: chatbotId, term, passages: sign * passages }))
  for (let i = 0; i < values.length; i += INSERT_BATCH) {
    await db
      .insertInto('chunk_terms')
      .values(values.slice(i, i + INSERT_BATCH))
      .onConflict((oc) => oc.columns(['chatbot_id', 'term']).doUpdateSet({ passages: sql`chunk_terms.passages + excluded.passages` }))
      .execute()
  }
  if (sign < 0) await db.deleteFrom('chunk_terms').where('chatbot_id', '=', chatbotId).where('passages', '<=', 0).execute()
}

/** For each term, how many of the chatbot's passages hold it, from the counts kept as passages come and go. */
async function countedFrequencies(db: Executor, chatbotId: string, terms: string[]): Promise<TermFrequencies> {
  const usable = usableTerms(terms)
  const rows = await db
    .selectFrom('chunk_terms')
    .select(['term', 'passages'])
    .where('chatbot_id', '=', chatbotId)
    .where('term', 'in', [ALL_PASSAGES, ...usable])
    .execute()
  const counts = new Map(rows.map((r) => [r.term, Number(r.passages)]))
  return { passages: counts.get(ALL_PASSAGES) ?? 0, holding: new Map(usable.map((t) => [t, counts.get(t) ?? 0])) }
}

/** The search plan for a query: counts given by the caller, or looked up. */
async function planOf(db: Executor, chatbotId: string, terms: string[], limit: number, holding?: ReadonlyMap<string, number>) {
  const usable = usableTerms(terms)
  const counts = holding && usable.every((t) => holding.has(t)) ? holding : (await countedFrequencies(db, chatbotId, usable)).holding
  return searchPlan(usable, counts, limit)
}

/** FTS5, contentless: the triggers of migration 015 index each `chunks` row's stems as its chatbot's tokens, and drop them with the row. */
export const sqliteFullText: FullTextIndex = {
  add: addRows,
  remove: removeRows,

  async search(db, chatbotId, terms, limit, opts = {}) {
    const plan = await planOf(db, chatbotId, terms, limit, opts.holding)
    if (plan.terms.length === 0 || limit <= 0) return []
    if (plan.ranked) return sqliteQuery(db, chatbotId, plan.terms, 'OR', true, limit)
    const all = await sqliteQuery(db, chatbotId, plan.terms, 'AND', false, limit)
    return all.length > 0 || plan.terms.length === 1 ? all : sqliteQuery(db, chatbotId, plan.terms, 'OR', false, limit)
  },

  frequencies: countedFrequencies,
}

/** One FTS5 query: the chatbot's passages holding any (OR) or all (AND) of the terms, by bm25 or the last added first. */
async function sqliteQuery(db: Executor, chatbotId: string, terms: string[], join: 'OR' | 'AND', ranked: boolean, limit: number): Promise<PassageHit[]> {
  // Each stem is indexed as the chatbot's own token (migration 015), so only its own postings are read.
  const match = terms.map((t) => quoted(chatbotToken(chatbotId, t))).join(` ${join} `)
  const rank = ranked ? sql`bm25(chunks_fts, ${sql.lit(TEXT_WEIGHT)}, ${sql.lit(TITLE_WEIGHT)})` : sql`0.0`
  // Passages' text is read only for the rows kept.
  const result = await sql<HitRow>`
    SELECT c.source_type, c.source_id, c.title, c.url, c.text, ranked.rank
    FROM (
      SELECT rowid AS id, ${rank} AS rank FROM chunks_fts
      WHERE chunks_fts MATCH ${match}
      ORDER BY ${ranked ? sql`rank` : sql`rowid DESC`}
      LIMIT ${limit}
    ) ranked
    JOIN chunks c ON c.id = ranked.id
    ORDER BY ranked.rank, c.id ${tieOrder(ranked)}
  `.execute(db)
  // bm25() is lower-is-better and negative; flip it so callers read "higher is better".
  return result.rows.map((r) => toHit(r, -r.rank))
}

/**
 * PostgreSQL: `chunks.search` is a stored tsvector generated from the stems (weight A) and the
 * title's stems (weight B) with the 'simple' configuration (the stems are already made), and the
 * chatbot as one more lexeme ('@' and its id, migration 015), with a GIN index. Each term goes in
 * as a bound parameter of plainto_tsquery, so it is text, never tsquery syntax.
 */
export const postgresFullText: FullTextIndex = {
  add: addRows,
  remove: removeRows,

  async search(db, chatbotId, terms, limit, opts = {}) {
    const plan = await planOf(db, chatbotId, terms, limit, opts.holding)
    if (plan.terms.length === 0 || limit <= 0) return []
    if (plan.ranked) return postgresRanked(db, chatbotId, plan.terms, limit, opts.weights)
    const all = await postgresRecent(db, chatbotId, plan.terms, '&&', limit)
    return all.length > 0 || plan.terms.length === 1 ? all : postgresRecent(db, chatbotId, plan.terms, '||', limit)
  },

  frequencies: countedFrequencies,
}

/** A tsquery of one lexeme, taken as it is (quoted, so nothing in it is read as syntax). */
const lexemeQuery = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

/** Each term's tsquery, made once a query (in q), not once a row. */
const termQueriesOf = (terms: string[]) =>
  sql.join(
    terms.map((term, i) => sql`plainto_tsquery('simple', ${term}) AS ${sql.ref(`t${i}`)}`),
    sql`, `,
  )

const joinedTerms = (terms: string[], join: '||' | '&&') =>
  sql.join(
    terms.map((_, i) => sql.ref(`q.t${i}`)),
    sql.raw(` ${join} `),
  )

/**
 * Ranked: the GIN index finds the passages holding the chatbot's lexeme (migration 015) and a
 * term, so only the chatbot's own passages are read; ts_rank counts occurrences but not rarity:
 * with weights, each term's own ts_rank (length-normalised) is weighted by its rarity, as BM25
 * weighs tf by idf. The passages' text is read only for the rows kept.
 */
async function postgresRanked(db: Executor, chatbotId: string, terms: string[], limit: number, weights?: ReadonlyMap<string, number>): Promise<PassageHit[]> {
  const rank = weights
    ? sql.join(
        terms.map((term, i) => sql`${weights.get(term) ?? 1}::float8 * ts_rank(c.search, ${sql.ref(`q.t${i}`)}, 1)`),
        sql` + `,
      )
    : sql`ts_rank(c.search, q.query, 1)`
  const result = await sql<HitRow>`
    SELECT c.source_type, c.source_id, c.title, c.url, c.text, ranked.rank
    FROM (
      SELECT c.id, (${rank}) AS rank
      FROM chunks c, (SELECT *, ${joinedTerms(terms, '||')} AS query FROM (SELECT ${termQueriesOf(terms)}) q) q
      WHERE c.search @@ (${lexemeQuery(`@${chatbotId}`)}::tsquery && q.query)
      ORDER BY rank DESC, c.id
      LIMIT ${limit}
    ) ranked
    JOIN chunks c ON c.id = ranked.id
    ORDER BY ranked.rank DESC, c.id
  `.execute(db)
  return result.rows.map((r) => toHit(r, Number(r.rank)))
}

/**
 * The last added first, for terms held by many passages. One term (or any of several): walked
 * backwards along the chatbot's (chatbot_id, id) index, each passage tested as it comes
 * (ts_match_vq, the function behind @@, which the GIN index does not serve), so the walk stops at
 * the limit.
 */
async function postgresRecent(db: Executor, chatbotId: string, terms: string[], join: '||' | '&&', limit: number): Promise<PassageHit[]> {
  // Several common terms together are rare: the GIN index finds the passages holding all of them.
  // One term, or any of several, is common: the walk stops at the limit.
  const filter =
    join === '&&' && terms.length > 1 ? sql`c.search @@ (${lexemeQuery(`@${chatbotId}`)}::tsquery && q.query)` : sql`c.chatbot_id = ${chatbotId} AND ts_match_vq(c.search, q.query)`
  const result = await sql<HitRow>`
    SELECT c.source_type, c.source_id, c.title, c.url, c.text, 0 AS rank
    FROM chunks c, (SELECT ${joinedTerms(terms, join)} AS query FROM (SELECT ${termQueriesOf(terms)}) q) q
    WHERE ${filter}
    ORDER BY c.id DESC
    LIMIT ${limit}
  `.execute(db)
  return result.rows.map((r) => toHit(r, 0))
}

/** The index for the database a handle (or transaction) talks to. */
export function fullTextIndex(): FullTextIndex {
  return byDialect
}

const pick = (db: Executor) => (dialectOf(db) === 'postgres' ? postgresFullText : sqliteFullText)

const byDialect: FullTextIndex = {
  add: (db, source, passages) => pick(db).add(db, source, passages),
  remove: (db, chatbotId, sourceId) => pick(db).remove(db, chatbotId, sourceId),
  search: (db, chatbotId, terms, limit, opts) => pick(db).search(db, chatbotId, terms, limit, opts),
  frequencies: (db, chatbotId, terms) => pick(db).frequencies(db, chatbotId, terms),
}
