// Answers visitors can trust (owner of the changes: training for `chunks`, conversations for
// `chat_messages`):
// - `chunks` are indexed by Snowball stems (`terms`, `title_terms`) instead of the engines' own
//   stemmers, so the index and the answer extraction agree on what a word is ("died" meets "die");
// - the material already indexed got its stems from the server's re-index job (training/reindex.ts,
//   the index version), not here: a migration changes the schema only;
// - a bot reply records whether the material answered it (`chat_messages.answered`), for the
//   owner's list of unanswered questions.
import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect'
import type { Database } from '../schema'

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const postgres = dialectOf(db) === 'postgres'
  await db.schema.alterTable('chat_messages').addColumn('answered', 'integer').execute()
  await db.schema
    .alterTable('chunks')
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('chunks')
    .addColumn('title_terms', 'text', (c) => c.notNull().defaultTo(''))
    .execute()

  if (postgres) {
    await sql`DROP INDEX IF EXISTS chunks_search`.execute(db)
    await sql`ALTER TABLE chunks DROP COLUMN search`.execute(db)
    await sql`ALTER TABLE chunks ADD COLUMN search tsvector GENERATED ALWAYS AS
      (setweight(to_tsvector('simple', terms), 'A') || setweight(to_tsvector('simple', title_terms), 'B')) STORED`.execute(db)
    await sql`CREATE INDEX chunks_search ON chunks USING gin (search)`.execute(db)
    return
  }
  // SQLite: the old index and its triggers go first; the new FTS5 table is then built from the rows in one pass.
  await sql`DROP TRIGGER IF EXISTS chunks_ai`.execute(db)
  await sql`DROP TRIGGER IF EXISTS chunks_ad`.execute(db)
  await sql`DROP TABLE IF EXISTS chunks_fts`.execute(db)
  // The stems are made before they arrive, so the tokenizer only splits on spaces and folds case.
  await sql`CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, title_terms, content='chunks', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db)
  await sql`INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')`.execute(db)
  await sql`CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, terms, title_terms) VALUES (new.id, new.terms, new.title_terms); END`.execute(db)
  await sql`CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, terms, title_terms) VALUES ('delete', old.id, old.terms, old.title_terms); END`.execute(db)
}
