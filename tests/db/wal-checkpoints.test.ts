// The SQLite server's write-ahead log is copied into the database file by the checkpointer's worker
// thread, not inside the commits of requests (src/db/wal-checkpointer.ts).
import { afterEach, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sqliteFile } from '../../src/db/database'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { dropTestDatabase } from '../support/database'
import { createChatbot, pdfForm } from '../support/chatbots'
import { textPdf } from '../training/pdf-fixtures'

let app: TestApp | undefined
const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-wal-'))
afterEach(async () => {
  await app?.stop()
  app = undefined
  rmSync(dataDir, { recursive: true, force: true })
  // On the PostgreSQL suite the helper made this data dir a database too, unused here.
  await dropTestDatabase(dataDir)
})

/** Sentences enough that a page's text and its index take hundreds of kilobytes of pages. */
const page = (n: number) => Array.from({ length: 40 }, (_, i) => `Passage ${n} line ${i} tells how the bakery proves its dough number ${n * 100 + i}.`)

test('what requests commit reaches the database file from the worker, while SQLite alone would keep it in the log', async () => {
  // The checkpointer belongs to SQLite: this runs on SQLite in the PostgreSQL suite too.
  app = await startTestApp({ DATABASE_URL: '' }, { dataDir })
  const file = sqliteFile(dataDir)
  const token = await subscribedToken(app, 'wal@example.com')
  const chatbot = await createChatbot(app, token, 'knowledge')
  await Bun.sleep(500)
  const before = statSync(file).size
  const pdf = await textPdf({ pages: Array.from({ length: 20 }, (_, n) => page(n)) })
  const added = await client(app.url, token).form(`/api/v1.0/chatbot-document-add/${chatbot.id}/`, pdfForm([{ bytes: pdf, name: 'proving.pdf' }]))
  expect(added.status).toBe(200)
  // Far below the 1,000 pages after which SQLite would checkpoint inside a commit itself, and far
  // above what its own passages and their index take: only the worker moves the file.
  const wal = statSync(`${file}-wal`).size
  expect(wal).toBeLessThan(1000 * 4096)
  let after = statSync(file).size
  for (let i = 0; i < 50 && after < before + 100_000; i++) {
    await Bun.sleep(100)
    after = statSync(file).size
  }
  expect(after).toBeGreaterThanOrEqual(before + 100_000)

  // Stopping ends the worker's connection first, so the server's, the last, folds the log in and removes it.
  await app.stop()
  app = undefined
  expect(existsSync(`${file}-wal`)).toBe(false)
})
