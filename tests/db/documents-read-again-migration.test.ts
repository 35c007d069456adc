// A stored document older than stored text (before migration 024) is read again from its PDF by the
// re-index job at start: the passages ingestion of before made keep a chapter's running header with
// its page number, and split the sentence a page break cut; the job makes them anew, and the
// document's preview with them, and keeps the PDF's text for the next index version.
import { afterAll, expect, test } from 'bun:test'
import { INDEX_VERSION } from '../../src/features/training/index-version'
import { REINDEX_JOB } from '../../src/features/training/reindex'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, insertOldDocument, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('read-again')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

const PAGES = [
  ['1 Introduction', 'This handbook answers the questions asked most often about the archive.'],
  ['Chapter 1: Introduction 2', 'The archive keeps every release of every package in its pool.'],
  ['Chapter 1: Introduction 3', 'Old releases are served by the snapshot service, which keeps a copy of every upload and'],
  ['Chapter 2: Mirrors 4', 'answers requests for any date since the archive began.'],
  ['Chapter 2: Mirrors 5', 'Mirrors copy the archive four times a day.'],
]

/** The passages the ingestion before 018 made of that PDF: headers kept, the cut sentence in two. */
const OLD_PASSAGES = [
  ['1 Introduction', '', 'This handbook answers the questions asked most often about the archive.', '', 'Chapter 1: Introduction 2'].join('\n'),
  [
    'The archive keeps every release of every package in its pool.',
    '',
    'Chapter 1: Introduction 3',
    '',
    'Old releases are served by the snapshot service, which keeps a copy of every upload and',
    '',
    'Chapter 2: Mirrors 4',
    '',
    'answers requests for any date since the archive began.',
  ].join('\n'),
  ['Chapter 2: Mirrors 5', '', 'Mirrors copy the archive four times a day.'].join('\n'),
]

test('a stored document is read again from its PDF after the upgrade: headers with page numbers go, the cut sentence is whole', async () => {
  const db = await migratedTo(dataDir, '017_sections_continued')
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d91'
  const documentId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d92'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Software archives' })
  await insertOldDocument(db, dataDir, { chatbotId, documentId, title: 'Archive handbook', pages: PAGES, passages: OLD_PASSAGES, wordCount: 80 })
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  await app.ctx.jobs.idle()
  // One re-index job for the whole upgrade, done.
  const jobs = await app.ctx.db.selectFrom('jobs').select('status').where('kind', '=', REINDEX_JOB).execute()
  expect(jobs).toEqual([{ status: 'done' }])
  const rows = await app.ctx.db.selectFrom('chunks').select('text').where('chatbot_id', '=', chatbotId).orderBy('position').execute()
  const lines = rows.flatMap((r) => r.text.split('\n'))
  expect(lines.filter((line) => /^Chapter \d: /.test(line))).toEqual([])
  expect(lines).toContain('1 Introduction')
  expect(lines).toContain('Old releases are served by the snapshot service, which keeps a copy of every upload and answers requests for any date since the archive began.')
  const document = await app.ctx.db.selectFrom('documents').select(['preview', 'word_count', 'index_version', 'text_key']).where('id', '=', documentId).executeTakeFirstOrThrow()
  expect(document.index_version).toBe(INDEX_VERSION)
  expect(document.text_key).toBe(`chatbots/${chatbotId}/documents/${documentId}.text.json`)
  expect(document.preview).not.toContain('Chapter 1: Introduction 2')
  expect(document.word_count).toBe(80)

  const answer = await ask(app, chatbotId, 'Which service serves old releases, and for which dates?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('answers requests for any date since the archive began')
})
