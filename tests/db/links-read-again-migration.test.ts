// Links older than stored text (before migration 024) are fetched and read again by the re-index
// job at start: the HTML reader of before dropped what a page hides until the visitor opens it (an
// accordion FAQ's answers), so those passages held the questions without their answers. The page as
// it is now makes them anew and its text is kept; a page that cannot be fetched now, or that grew
// past the plan's words, keeps the passages it had, cut again.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { INDEX_VERSION } from '../../src/features/training/index-version'
import { REREAD_LINK_JOB } from '../../src/features/training/reread-link-job'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, insertOldLink, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('links-again')
let app: TestApp | undefined

const ACCORDION = `<html><head><title>Delivery questions</title></head><body><main>
  <h1>Delivery questions</h1>
  <h3><button aria-expanded="false" aria-controls="a1" id="q1">Do you deliver on Sundays?</button></h3>
  <div id="a1" role="region" aria-labelledby="q1" hidden><p>No. Our vans run from Monday to Saturday, between 8 am and 6 pm.</p></div>
</main></body></html>`
const GROWN = `<html><head><title>Price list</title></head><body><main><p>${Array.from({ length: 3000 }, (_, i) => `item${i}`).join(' ')}</p></main></body></html>`

const site = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (request) => {
    const page = { '/delivery': ACCORDION, '/prices': GROWN }[new URL(request.url).pathname]
    return page ? new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } }) : new Response('gone', { status: 404 })
  },
})
const url = (path: string) => `http://127.0.0.1:${site.port}${path}`

const chatbotId = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7e01'
const LINKS = [
  // As the reader of before left it: the question, its answer dropped with the hidden panel.
  { id: '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7e02', path: '/delivery', title: 'Delivery questions', words: 1_000, passages: ['Delivery questions\n\nDo you deliver on Sundays?'] },
  { id: '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7e03', path: '/moved', title: 'Old opening times', words: 99_000, passages: ['The shop opens at nine on weekdays.'] },
  { id: '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7e04', path: '/prices', title: 'Price list', words: 10, passages: ['Bread costs three euros.'] },
]

beforeAll(async () => {
  const db = await migratedTo(dataDir, '021_section_tails_and_pdf_paragraphs')
  await insertOldChatbot(db, { id: chatbotId, industry: 'Bakery' })
  for (const [i, link] of LINKS.entries()) {
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()
    await insertOldLink(db, { chatbotId, id: link.id, url: url(link.path), title: link.title, words: link.words, passages: link.passages, createdAt })
  }
  await db.destroy()
  app = await startTestApp({}, { dataDir })
  await app.ctx.jobs.idle()
})

afterAll(async () => {
  await app?.stop()
  site.stop(true)
  await remove()
})

const passagesOf = async (linkId: string) =>
  (await (app as TestApp).ctx.db.selectFrom('chunks').select('text').where('source_id', '=', linkId).orderBy('position').execute()).map((r) => r.text).join('\n\n')
const linkRow = (linkId: string) => (app as TestApp).ctx.db.selectFrom('links').select(['preview', 'word_count']).where('id', '=', linkId).executeTakeFirstOrThrow()

const indexedOf = async (linkId: string) =>
  await (app as TestApp).ctx.db.selectFrom('links').select(['index_version', 'text_key']).where('id', '=', linkId).executeTakeFirstOrThrow()

test('each link is fetched once by the upgrade, and a page read again holds what it hid: the answer is found', async () => {
  const jobs = await (app as TestApp).ctx.db.selectFrom('jobs').select('payload').where('kind', '=', REREAD_LINK_JOB).execute()
  expect(jobs.map((job) => JSON.parse(job.payload).linkId).sort()).toEqual(LINKS.map((l) => l.id).sort())
  expect(await passagesOf(LINKS[0].id)).toContain('Our vans run from Monday to Saturday, between 8 am and 6 pm.')
  const delivery = await linkRow(LINKS[0].id)
  expect(delivery.preview).toContain('Our vans run from Monday to Saturday')
  expect(delivery.word_count).toBeLessThan(30)
  // Its text is kept now, so the next index version reads it without fetching the page.
  const indexed = await indexedOf(LINKS[0].id)
  expect(indexed.index_version).toBe(INDEX_VERSION)
  expect(new TextDecoder().decode((await (app as TestApp).ctx.files.get(indexed.text_key ?? '')) ?? new Uint8Array())).toContain('Our vans run from Monday to Saturday')
  const answer = await ask(app as TestApp, chatbotId, 'Do you deliver on Sundays?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('Our vans run from Monday to Saturday')
})

test('a page that cannot be fetched now, or that grew past the words the plan leaves, keeps the passages it had', async () => {
  expect(await passagesOf(LINKS[1].id)).toBe('The shop opens at nine on weekdays.')
  expect(await linkRow(LINKS[1].id)).toEqual({ preview: 'The shop opens at nine on weekdays.', word_count: 99_000 })
  expect(await passagesOf(LINKS[2].id)).toBe('Bread costs three euros.')
  expect((await linkRow(LINKS[2].id)).word_count).toBe(10)
  // Cut again at this version from what they had, without text kept: the next version tries their pages again.
  for (const link of LINKS.slice(1)) expect(await indexedOf(link.id)).toEqual({ index_version: INDEX_VERSION, text_key: null })
  const logs = (app as TestApp).logs.join('\n')
  expect(logs).toContain('training.reread_link_unreadable')
  expect(logs).toMatch(/training\.reread_link_kept.*over_allowance/)
})
