import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect'

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('documents_chatbot').on('documents').columns(['chatbot_id', 'created_at']).execute()

  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('links_chatbot_url', ['chatbot_id', 'url'])
    .execute()

  await db.schema
    .createTable('link_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('link_jobs_chatbot').on('link_jobs').columns(['chatbot_id', 'created_at']).execute()

  await db.schema
    .createTable('chunks')
    .addColumn('id', 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('chatbot_id', 'text', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chunks_source').on('chunks').columns(['source_id']).execute()
  await db.schema.createIndex('chunks_chatbot').on('chunks').columns(['chatbot_id']).execute()

  if (postgres) {
    // PostgreSQL: a generated tsvector column (passage text weighted above the title every
    // passage of a source repeats) and a GIN index over it; see db/fulltext.ts.
    await sql`ALTER TABLE chunks ADD COLUMN search tsvector GENERATED ALWAYS AS
      (setweight(to_tsvector('english', text), 'A') || setweight(to_tsvector('english', title), 'B')) STORED`.execute(db)
    await sql`CREATE INDEX chunks_search ON chunks USING gin (search)`.execute(db)
    return
  }
  // SQLite: the full-text index is FTS5 kept in step with `chunks` by triggers.
  await sql`CREATE VIRTUAL TABLE chunks_fts USING fts5(text, title, content='chunks', content_rowid='id', tokenize='porter unicode61')`.execute(db)
  await sql`CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, text, title) VALUES (new.id, new.text, new.title); END`.execute(db)
  await sql`CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text, title) VALUES ('delete', old.id, old.text, old.title); END`.execute(db)
}
