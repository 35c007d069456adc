// Migration 020: a document indexed before it keeps groff's tilde glyph in its passages ("˜/.bashrc"),
// which a visitor cannot paste into a shell. After it the document is read again from its PDF, and
// its passages hold the tilde a shell reads.
import { afterAll, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, insertOldDocument, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('typed-signs')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

const PAGES = [1, 2, 3].map((n) => [`Step ${n}: bash reads ˜/.bashrc when an interactive shell starts, and ˜/.profile at login.`])

test('after migration 020 a document is read again, its path tildes as a shell reads them', async () => {
  const db = await migratedTo(dataDir, '019_word_forms_and_footnotes')
  const chatbotId = '0200f3a2-7c4e-7b1a-9d2e-3f4a5b6c7da1'
  const documentId = '0200f3a2-7c4e-7b1a-9d2e-3f4a5b6c7da2'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Shell scripting' })
  await insertOldDocument(db, dataDir, { chatbotId, documentId, title: 'Bash guide', pages: PAGES, passages: PAGES.map((lines) => lines.join(' ')), wordCount: 45 })
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  await app.ctx.jobs.idle()
  const text = (await app.ctx.db.selectFrom('chunks').select('text').where('source_id', '=', documentId).execute()).map((r) => r.text).join('\n')
  expect(text).toContain('bash reads ~/.bashrc when')
  expect(text).not.toContain('˜')
})
