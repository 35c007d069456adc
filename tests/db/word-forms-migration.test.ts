// Migration 019: passages indexed before it hold the stems of a tokenizer that knew no irregular
// verb ("written" was its own stem) and PDFs' footnotes with their marks glued on ("20These"). After
// it a link's stems are made again, so "Who wrote R?" meets "written", and each document is read
// again from its PDF, its footnotes standing apart without their marks.
import { afterAll, expect, test } from 'bun:test'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, insertOldDocument, insertOldLinkPassage, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('word-forms')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

const WRITTEN = 'R was initially written by Ross Ihaka and Robert Gentleman at the University of Auckland.'
const OTHERS = ['The R Core Team maintains the sources and makes a release every spring.', 'Packages are published on CRAN after their checks pass.']

/** Three pages of a guide, each ending in a footnote whose mark is glued to its first word. */
const PAGES = [1, 2, 3].map((n) => [
  `The dh command runs each build step of chapter ${n} in turn, and it stops at the first step that fails.`,
  `1${n}These helpers of chapter ${n} support other build environments, such as setup.py.`,
])

test('after migration 019 a link meets a question through an irregular verb, and a document is read again without its footnote marks', async () => {
  const db = await migratedTo(dataDir, '018_documents_read_again')
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7da1'
  const documentId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7da2'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Statistics software' })
  // The stems the tokenizer before 019 gave "written" ("written"), from a word that still stems so.
  const link = { chatbotId, sourceId: 'link-1', title: 'R FAQ', url: 'https://example.org/r-faq' }
  await insertOldLinkPassage(db, link, [WRITTEN.replace('written', 'writtens'), ...OTHERS].join('\n'), [WRITTEN, ...OTHERS].join('\n'))

  await insertOldDocument(db, dataDir, { chatbotId, documentId, title: 'Packaging guide', pages: PAGES, passages: PAGES.map((lines) => lines.join(' ')), wordCount: 60 })
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  await app.ctx.jobs.idle()
  const wrote = await ask(app, chatbotId, 'Who wrote R?')
  expect(wrote.answered).toBe(true)
  expect(wrote.reply.startsWith(WRITTEN)).toBe(true)

  const lines = (await app.ctx.db.selectFrom('chunks').select('text').where('source_id', '=', documentId).orderBy('position').execute()).flatMap((r) => r.text.split('\n'))
  expect(lines).toContain('These helpers of chapter 2 support other build environments, such as setup.py.')
  expect(lines.join('\n')).not.toMatch(/1\dThese/)
})
