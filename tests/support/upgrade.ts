// Upgrade tests: a database migrated up to an older version and filled as that version left it;
// the real app then starts on the same data dir and runs the migrations after it.
import { expect } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { type Db, openDatabase } from '../../src/db/database'
import { migrationProvider } from '../../src/db/migrations'
import { createKeys } from '../../src/infra/keys'
import { dropTestDatabase, testDatabaseFor } from './database'
import { indexPassages } from '../../src/features/training/material'
import { createDiskFileStore } from '../../src/infra/files'
import { textPdf } from '../training/pdf-fixtures'

/** A fresh data dir (and PostgreSQL database when the suite runs on one), with its removal. */
export function upgradeDataDir(name: string): { dataDir: string; remove: () => Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), `chatbot-${name}-`))
  return {
    dataDir,
    remove: async () => {
      await dropTestDatabase(dataDir)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The database of `dataDir` with the migrations up to `last` run, as a release of that version left it. */
export async function migratedTo(dataDir: string, last: string): Promise<Db> {
  const db = openDatabase(dataDir, await testDatabaseFor(dataDir))
  const migrated = await new Migrator({ db, provider: migrationProvider(createKeys(crypto.randomUUID() + crypto.randomUUID())) }).migrateTo(last)
  expect(migrated.error).toBeUndefined()
  return db
}

interface OldChatbot {
  id: string
  type?: string
  industry?: string
  email?: string
  /** An active subscription for its account (the chat answers only then). */
  subscribed?: boolean
}

/** An account ('acc-1') with one chatbot, written as the columns every version since 003 has. */
export async function insertOldChatbot(
  db: Db,
  { id, type = 'Knowledge Retrieval', industry = 'Software', email = 'old@example.com', subscribed = true }: OldChatbot,
): Promise<void> {
  const now = new Date().toISOString()
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString()
  await sql`INSERT INTO accounts (id, email, verified_at, chatbots_created, created_at) VALUES ('acc-1', ${email}, ${now}, 1, ${now})`.execute(db)
  if (subscribed) {
    await sql`INSERT INTO subscriptions (id, account_id, plan_id, status, current_period_start, current_period_end, created_at, updated_at)
              VALUES ('sub-1', 'acc-1', 'standard', 'active', ${now}, ${later}, ${now}, ${now})`.execute(db)
  }
  await sql`INSERT INTO chatbots (id, account_id, type, name, title, greeting, instructions, industry, color1, color2, user_allowance, settings, created_at, updated_at)
            VALUES (${id}, 'acc-1', ${type}, 'Old bot', 'Old bot', 'Hello', 'Ask away', ${industry}, '#1f6feb', '#ffffff', 100, '{}', ${now}, ${now})`.execute(db)
}

interface OldDocument {
  chatbotId: string
  documentId: string
  title: string
  /** The PDF's pages, as lines: its file in the data dir's store. */
  pages: string[][]
  /** The passages an older ingestion made of it, indexed as they are. */
  passages: string[]
  wordCount: number
}

/** A PDF document as an older release left it: its file stored, its row, and its passages indexed. */
export async function insertOldDocument(db: Db, dataDir: string, { chatbotId, documentId, title, pages, passages, wordCount }: OldDocument): Promise<void> {
  const fileKey = `chatbots/${chatbotId}/documents/${documentId}.pdf`
  await createDiskFileStore(join(dataDir, 'files')).put(fileKey, await textPdf({ title, pages }))
  // The columns of every version since 004 (the index version's came with 024).
  await sql`INSERT INTO documents (id, chatbot_id, title, file_key, word_count, preview, created_at)
            VALUES (${documentId}, ${chatbotId}, ${title}, ${fileKey}, ${wordCount}, ${passages[0]}, ${new Date().toISOString()})`.execute(db)
  await indexPassages(db, { chatbotId, sourceType: 'document', sourceId: documentId, title, url: null }, passages)
}

/** A link as an older release left it: its row and its passages indexed, no stored text. */
export async function insertOldLink(
  db: Db,
  link: { chatbotId: string; id: string; url: string; title: string; words: number; passages: string[]; createdAt?: string },
): Promise<void> {
  await sql`INSERT INTO links (id, chatbot_id, url, title, word_count, preview, created_at)
            VALUES (${link.id}, ${link.chatbotId}, ${link.url}, ${link.title}, ${link.words}, ${link.passages[0]}, ${link.createdAt ?? new Date().toISOString()})`.execute(db)
  await indexPassages(db, { chatbotId: link.chatbotId, sourceType: 'link', sourceId: link.id, title: link.title, url: link.url }, link.passages)
}
