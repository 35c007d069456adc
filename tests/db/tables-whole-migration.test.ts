// Migration 016 cuts material indexed before it again, so a table the old chunker split after a row
// (or whose rows it took for headings) is one passage with its caption and header after an upgrade,
// and makes its stems again, so "off" is no longer indexed as "of".
import { afterAll, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { fullTextIndex } from '../../src/db/fulltext'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('tables')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

/** How the chunker before migration 016 cut a results section: the table's first row ends a passage. */
const OLD_PASSAGES = [
  [
    'Results',
    '',
    'The demographic results of the group were summarized in Table 1. The group trained three times a week for a season before the tests began.',
    'Every player was measured in the morning, before training, by the same two examiners using the same calibrated instruments for the whole study.',
    'Table 1.',
    'Age (years), height (cm) and weight (kg) of the players.',
    'Mean Standard Deviation Minimum Maximum Age (years) 24.21 3.41 18.00 32.00',
  ].join('\n'),
  ['Height (cm) 173.2 7.04 162 185', '', 'Weight (kg) 67.85 5.17 62.32 77.67'].join('\n'),
  'Discussion\n\nThe players were lighter than the national average for their height. The timing gates were switched off between the sprints.',
]

test('a table split by the old chunker is one passage after migration 016, and its last row answers', async () => {
  const db = await migratedTo(dataDir, '015_answers_at_scale')
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d8f'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Sport science' })
  await fullTextIndex().add(db, { chatbotId, sourceType: 'link', sourceId: 'link-1', title: 'Study', url: 'https://example.org/study' }, OLD_PASSAGES)
  // The stemmer before 016 made "off" into "of": the stems and their counts as it left them.
  await sql`UPDATE chunks SET terms = replace(terms, ' off ', ' of ') WHERE chatbot_id = ${chatbotId}`.execute(db)
  await sql`DELETE FROM chunk_terms WHERE chatbot_id = ${chatbotId} AND term = 'off'`.execute(db)
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  const rows = await app.ctx.db.selectFrom('chunks').select(['text', 'position']).where('chatbot_id', '=', chatbotId).orderBy('position').execute()
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i))
  const table = rows.find((r) => r.text.includes('Age (years), height (cm)'))
  expect(table?.text).toContain('Weight (kg) 67.85 5.17 62.32 77.67')
  expect(rows.map((r) => r.text).join('\n\n')).toContain('The players were lighter than the national average')
  const terms = await app.ctx.db.selectFrom('chunks').select('terms').where('chatbot_id', '=', chatbotId).execute()
  expect(terms.some((r) => r.terms.split(' ').includes('off'))).toBe(true)
  // The stems' passage counts follow the new passages.
  const counts = await app.ctx.db.selectFrom('chunk_terms').select(['term', 'passages']).where('chatbot_id', '=', chatbotId).where('term', 'in', ['', 'weight']).execute()
  expect(new Map(counts.map((c) => [c.term, Number(c.passages)]))).toEqual(
    new Map([
      ['', rows.length],
      ['weight', 1],
    ]),
  )

  const answer = await ask(app, chatbotId, 'What was the maximum weight of the players in kg?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('77.67')
})
