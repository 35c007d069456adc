// Answers visitors can trust (owner of the changes: training for `chunks`, conversations for
// `chat_messages`):
// - `chunks` are indexed by Snowball stems (`terms`, `title_terms`) instead of the engines' own
//   stemmers, so the index and the answer extraction agree on what a word is ("died" meets "die");
// - the material already indexed is cleaned and cut again with the current chunker (hyphens
//   joined, sentences and sections whole) and re-indexed;
// - a bot reply records whether the material answered it (`chat_messages.answered`), for the
//   owner's list of unanswered questions.
import { sql, type Kysely } from 'kysely'
import { chunkRows } from '../fulltext'
import { dialectOf } from '../dialect'
import type { ChunksTable, Database } from '../schema'
import { chunkText } from '../../features/training/chunk'
import { joinLineEndHyphens } from '../../features/training/text-cleanup'

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
    await reindexMaterial(db)
    return
  }
  // SQLite: the old index and its triggers go first, so re-cutting the passages touches no index;
  // the new FTS5 table is then built from the rows in one pass.
  await sql`DROP TRIGGER IF EXISTS chunks_ai`.execute(db)
  await sql`DROP TRIGGER IF EXISTS chunks_ad`.execute(db)
  await sql`DROP TABLE IF EXISTS chunks_fts`.execute(db)
  await reindexMaterial(db)
  // The stems are made before they arrive, so the tokenizer only splits on spaces and folds case.
  await sql`CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, title_terms, content='chunks', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db)
  await sql`INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')`.execute(db)
  await sql`CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, terms, title_terms) VALUES (new.id, new.terms, new.title_terms); END`.execute(db)
  await sql`CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, terms, title_terms) VALUES ('delete', old.id, old.terms, old.title_terms); END`.execute(db)
}

/** Each source's passages, put back together in order, cleaned, cut again and indexed by stems. */
async function reindexMaterial(db: Kysely<Database>): Promise<void> {
  const sources = await db.selectFrom('chunks').select(['chatbot_id', 'source_id']).distinct().execute()
  for (const { chatbot_id, source_id } of sources) {
    const rows = await db
      .selectFrom('chunks')
      .select(['source_type', 'title', 'url', 'text'])
      .where('chatbot_id', '=', chatbot_id)
      .where('source_id', '=', source_id)
      .orderBy('position')
      .execute()
    if (rows.length === 0) continue
    const { source_type, title, url } = rows[0]
    // The old chunker had made every line end a space ("De- bian"): put those back as line ends
    // ("pre- and post-" is no hyphenation), so the cleanup joins them; passages met mid-paragraph.
    const flattened = rows.map((r) => r.text).join(' ')
    const text = joinLineEndHyphens(flattened.replace(/(\p{L})- (?!(?:and|or|to)\b)(\p{Ll})/gu, '$1-\n$2')).replace(/\n/g, ' ')
    const source = { chatbotId: chatbot_id, sourceType: source_type as ChunksTable['source_type'], sourceId: source_id, title, url }
    await db.deleteFrom('chunks').where('chatbot_id', '=', chatbot_id).where('source_id', '=', source_id).execute()
    const fresh = chunkRows(source, chunkText(text))
    for (let i = 0; i < fresh.length; i += 400)
      await db
        .insertInto('chunks')
        .values(fresh.slice(i, i + 400))
        .execute()
  }
}
