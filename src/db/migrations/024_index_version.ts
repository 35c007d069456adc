// The index version (owner: training, for `documents` and `links`): each source records the version
// of the ingestion that indexed it (training/index-version.ts) and where its extracted text is
// kept in the file store. Sources of before hold version 0 and no stored text; the server's
// re-index job (training/reindex.ts) brings them up to date at start, as it does after every bump.
import type { Kysely } from 'kysely'

const TABLES = ['documents', 'links'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('index_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    // Null: the source predates stored text (a document is read again from its PDF, a link fetched again).
    await db.schema.alterTable(table).addColumn('text_key', 'text').execute()
    // The re-index job reads the sources below the current version, a batch at a time, in id order.
    await db.schema.createIndex(`${table}_index_version`).on(table).columns(['index_version', 'id']).execute()
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_index_version`).execute()
    await db.schema.alterTable(table).dropColumn('text_key').execute()
    await db.schema.alterTable(table).dropColumn('index_version').execute()
  }
}
