// Answers at scale (owner: training, for `chunks` and `chunk_terms`): a chat question must cost
// the same over a chatbot's 500 passages as over 100,000 passages of many chatbots.
// - `chunk_terms` counts, per chatbot, the passages holding each stem (the row of the empty term
//   counts all its passages), kept by the full-text index as passages come and go: a question's
//   term weights are a lookup, not a count over the chatbot's passages.
// - SQLite: each stem is indexed as the chatbot's own token (its id's hex digits, then the stem), so
//   a search reads only the chatbot's own postings (before, it read every chatbot's passages
//   holding the terms, then dropped the others'); the FTS5 table is contentless (it indexes tokens
//   the rows do not hold as such) and forgets a row by its id.
// - PostgreSQL: the tsvector holds the chatbot as a lexeme ('@' and its id, which no stem can be)
//   for the same reason, and (chatbot_id, id) is indexed for the unranked search of one common
//   term, which walks a chatbot's passages from the last added.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { dialectOf } from '../dialect'
import { countTerms } from '../fulltext'
import type { Database } from '../schema'

/** Chunks read at a time while counting the material already indexed. */
const PAGE = 2_000

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  await db.schema
    .createTable('chunk_terms')
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chunk_terms_pk', ['chatbot_id', 'term'])
    .execute()
  await countIndexedTerms(db)
  if (dialectOf(db) === 'postgres') {
    await postgresSearchColumn(db, sql`|| array_to_tsvector(ARRAY['@' || chatbot_id])`)
    await db.schema.createIndex('chunks_chatbot_recent').on('chunks').columns(['chatbot_id', 'id']).execute()
    return
  }

  await sql`DROP TRIGGER IF EXISTS chunks_ai`.execute(db)
  await sql`DROP TRIGGER IF EXISTS chunks_ad`.execute(db)
  await sql`DROP TABLE IF EXISTS chunks_fts`.execute(db)
  await sql`CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, title_terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db)
  await sql`INSERT INTO chunks_fts(rowid, terms, title_terms) SELECT id, ${ownTokens('terms', 'chatbot_id')}, ${ownTokens('title_terms', 'chatbot_id')} FROM chunks`.execute(db)
  await sql`CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, terms, title_terms) VALUES (new.id, ${ownTokens('new.terms', 'new.chatbot_id')}, ${ownTokens('new.title_terms', 'new.chatbot_id')}); END`.execute(
    db,
  )
  await sql`CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN DELETE FROM chunks_fts WHERE rowid = old.id; END`.execute(db)
}

/** The stems of a `terms` column as the chatbot's own tokens, in SQL (db/fulltext.ts's chatbotToken does the same for a query). */
const ownTokens = (column: string, chatbot: string) =>
  sql.raw(`CASE WHEN ${column} = '' THEN '' ELSE substr(replace(' ' || ${column}, ' ', ' ' || replace(${chatbot}, '-', '')), 2) END`)

/** The generated tsvector of migration 009, with `extra` lexemes appended, and its GIN index. */
async function postgresSearchColumn(db: Kysely<Database>, extra: RawBuilder<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chunks_search`.execute(db)
  await sql`ALTER TABLE chunks DROP COLUMN search`.execute(db)
  await sql`ALTER TABLE chunks ADD COLUMN search tsvector GENERATED ALWAYS AS
    (setweight(to_tsvector('simple', terms), 'A') || setweight(to_tsvector('simple', title_terms), 'B') ${extra}) STORED`.execute(db)
  await sql`CREATE INDEX chunks_search ON chunks USING gin (search)`.execute(db)
}

/** Migration 009's index: FTS5 over `chunks`' own stems (external content), with its triggers. */
async function restoreSharedIndex(db: Kysely<Database>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS chunks_ai`.execute(db)
  await sql`DROP TRIGGER IF EXISTS chunks_ad`.execute(db)
  await sql`DROP TABLE IF EXISTS chunks_fts`.execute(db)
  await sql`CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, title_terms, content='chunks', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db)
  await sql`INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')`.execute(db)
  await sql`CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, terms, title_terms) VALUES (new.id, new.terms, new.title_terms); END`.execute(db)
  await sql`CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, terms, title_terms) VALUES ('delete', old.id, old.terms, old.title_terms); END`.execute(db)
}

/** Counts the passages already indexed, chatbot by chatbot. */
async function countIndexedTerms(db: Kysely<Database>): Promise<void> {
  const chatbots = await db.selectFrom('chunks').select('chatbot_id').distinct().execute()
  for (const { chatbot_id } of chatbots) {
    const counts = new Map<string, number>()
    for (let after = 0; ; ) {
      const rows = await db.selectFrom('chunks').select(['id', 'terms']).where('chatbot_id', '=', chatbot_id).where('id', '>', after).orderBy('id').limit(PAGE).execute()
      if (rows.length === 0) break
      countTerms(
        rows.map((r) => r.terms),
        counts,
      )
      after = rows[rows.length - 1].id
    }
    const values = [...counts].map(([term, passages]) => ({ chatbot_id, term, passages }))
    for (let i = 0; i < values.length; i += 400)
      await db
        .insertInto('chunk_terms')
        .values(values.slice(i, i + 400))
        .execute()
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  await db.schema.dropTable('chunk_terms').execute()
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropIndex('chunks_chatbot_recent').execute()
    await postgresSearchColumn(db, sql``)
  } else await restoreSharedIndex(db)
}
