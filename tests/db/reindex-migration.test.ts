// Migration 009 re-indexes material indexed before it: passages put back together, cleaned, cut
// again and indexed by Snowball stems, so an upgraded service answers from them at once.
import { afterAll, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('reindex')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

test('passages indexed before migration 009 are cleaned, re-cut and searchable by stems after it', async () => {
  const db = await migratedTo(dataDir, '008_scale_out')
  // A subscribed account with a Knowledge Retrieval chatbot and passages as the old chunker left them.
  const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d8e'
  await insertOldChatbot(db, { id: chatbotId })
  const old = [
    'Welcome to the handbook. Packages of the De- bian project are built on dedicated machines',
    'called buildds, which died young in the early days. Every upload is signed by its maintainer.',
  ]
  for (const [position, text] of old.entries()) {
    await sql`INSERT INTO chunks (chatbot_id, source_type, source_id, title, url, position, text)
              VALUES (${chatbotId}, 'link', 'link-1', 'Handbook', 'https://example.org/handbook', ${position}, ${text})`.execute(db)
  }
  await db.destroy()

  // The service starts on the same data and runs migration 009.
  app = await startTestApp({}, { dataDir })
  const rows = await app.ctx.db.selectFrom('chunks').select(['text', 'terms', 'position']).where('chatbot_id', '=', chatbotId).orderBy('position').execute()
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i))
  const text = rows.map((r) => r.text).join('\n')
  expect(text).toContain('Packages of the Debian project are built on dedicated machines called buildds, which died young in the early days.')
  expect(rows.every((r) => r.terms !== '')).toBe(true)
  // Migration 015 counted the passages holding each stem, for the question's term weights.
  const counts = await app.ctx.db.selectFrom('chunk_terms').select(['term', 'passages']).where('chatbot_id', '=', chatbotId).where('term', 'in', ['', 'debian', 'packag']).execute()
  expect(new Map(counts.map((c) => [c.term, Number(c.passages)]))).toEqual(
    new Map([
      ['', rows.length],
      ['debian', 1],
      ['packag', 1],
    ]),
  )

  // "die" finds "died" through the stems the index now holds.
  const answer = await ask(app, chatbotId, 'When did the buildds die?')
  expect(answer.answered).toBe(true)
  expect(answer.reply.startsWith('Packages of the Debian project are built on dedicated machines called buildds, which died young in the early days.')).toBe(true)
  expect(answer.sources).toEqual([{ title: 'Handbook', url: 'https://example.org/handbook', snippet: expect.stringContaining('buildds') }])
})
