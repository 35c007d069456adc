// Migration 017 cuts material indexed before it again: a command the old chunker split from the
// sentence introducing it ("simply run the following command:") joins it, a FAQ's question moves to
// the passage of its answer, and the lines a PDF's table of contents left go.
import { afterAll, expect, test } from 'bun:test'
import { fullTextIndex } from '../../src/db/fulltext'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('sections')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

/** How the chunker before migration 017 cut a FAQ's kernel section: the command heads a passage of its own, the next question ends the passage before. */
const OLD_PASSAGES = [
  ['Contents', '', '10.2 What tools does Debian provide to build custom kernels?', '.', '.', '.', '45'].join('\n'),
  [
    '10.1 Can I install and compile a kernel without some Debian-specific tweaking?',
    '',
    'Yes. The only common catch is that the Debian C libraries are built with the headers of the stable kernel.',
    'If you need newer headers, upgrade the package that holds them or use the headers of an unpacked newer tree.',
    '10.2 What tools does Debian provide to build custom kernels?',
    '',
    'Users who wish to build a custom kernel are encouraged to use the Debian package target of the kernel build system.',
    'After configuring the kernel, simply run the following command:',
  ].join('\n'),
  [
    'make deb-pkg',
    '',
    'The new kernel package will be created in the directory one level above the kernel source tree, and it may be installed using dpkg.',
    'Users must separately download the source code for the most recent kernel from their favorite archive site, unless a source package is available.',
  ].join('\n'),
  ['Default priorities', '', '500', '', 'A version that is not installed gets this priority by default, unless it belongs to the target release.'].join('\n'),
]

test('a command split from the sentence introducing it joins it after migration 017, and the contents go', async () => {
  const db = await migratedTo(dataDir, '016_tables_whole')
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d90'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Operating systems' })
  await fullTextIndex().add(db, { chatbotId, sourceType: 'link', sourceId: 'link-1', title: 'Debian FAQ', url: 'https://example.org/faq' }, OLD_PASSAGES)
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  const rows = await app.ctx.db.selectFrom('chunks').select(['text', 'position']).where('chatbot_id', '=', chatbotId).orderBy('position').execute()
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i))
  const text = rows.map((r) => r.text).join('\n\n')
  // The leader's dots and the page number of the contents' entry; a number elsewhere is material.
  expect(text).not.toMatch(/^(?:\.|45)$/m)
  expect(text).toMatch(/^500$/m)
  const section = rows.find((r) => r.text.includes('simply run the following command:'))
  expect(section?.text).toContain('simply run the following command:\n\nmake deb-pkg')
  expect(section?.text.startsWith('10.2 What tools does Debian provide to build custom kernels?')).toBe(true)

  const answer = await ask(app, chatbotId, 'What tools does Debian provide to build custom kernels?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('make deb-pkg')
})
