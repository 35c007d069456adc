// Hot paths (owner of the change: training, for `chunks` and its index): on SQLite the full-text
// index is one table for every chatbot, and a question matched every chatbot's passages before
// the join kept its own, so a common word cost a scan of the whole service's material. Each
// passage is now indexed with its chatbot as a token of its own (`scope`), and a question matches
// `scope AND (terms)`: FTS5 walks only that chatbot's postings. PostgreSQL filters by chatbot_id
// with its own plan and is unchanged.
import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect'

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return
  await sql`DROP TRIGGER IF EXISTS chunks_ai`.execute(db)
  await sql`DROP TRIGGER IF EXISTS chunks_ad`.execute(db)
  await sql`DROP TABLE IF EXISTS chunks_fts`.execute(db)
  // The scope token is the chatbot id's letters and digits behind a "c", one token to the tokenizer.
  await sql`CREATE VIEW chunks_fts_source AS
    SELECT id, terms, title_terms, 'c' || replace(chatbot_id, '-', '') AS scope FROM chunks`.execute(db)
  await sql`CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, title_terms, scope, content='chunks_fts_source', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  )
  await sql`INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')`.execute(db)
  await sql`CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, terms, title_terms, scope) VALUES (new.id, new.terms, new.title_terms, 'c' || replace(new.chatbot_id, '-', '')); END`.execute(db)
  await sql`CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, terms, title_terms, scope) VALUES ('delete', old.id, old.terms, old.title_terms, 'c' || replace(old.chatbot_id, '-', '')); END`.execute(
    db,
  )
}
