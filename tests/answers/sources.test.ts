// Sources: each document or link once, with the passage that answers as its snippet, most
// relevant first (contract section 8).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPages, addPdf, ask, DOCS_HELPER } from './support'
import { createChatbot } from '../support/chatbots'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

/** A paragraph about glazes that mentions them often, so many passages of one document match. */
const glazeParagraph = (n: number) => [
  `Glaze note ${n}: a glaze is a thin layer of glass fused to the clay body during firing.`,
  `Glaze note ${n} continues: every glaze must be stirred before use, and glaze thickness matters.`,
  `Glaze note ${n} ends: test each glaze on a tile before glazing a whole batch of pots.`,
]

test('a document matched by many passages is listed once, with the answering passage as snippet', async () => {
  const token = await subscribedToken(app, 'sources@answers.example')
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  // Eight pages of glaze notes: several passages of one document match the question.
  await addPdf(
    app,
    token,
    id,
    'Glaze handbook',
    Array.from({ length: 8 }, (_, i) => glazeParagraph(i + 1)),
  )
  const pages = await addPages(app, token, id, {
    glazes: '<html><head><title>Glaze safety</title></head><body><p>Glaze safety: wear a mask when mixing dry glaze powder.</p></body></html>',
  })
  try {
    const chunks = await app.ctx.db.selectFrom('chunks').select('source_id').where('chatbot_id', '=', id).execute()
    expect(chunks.length).toBeGreaterThan(2)

    const answer = await ask(app, id, 'Should I wear a mask when mixing dry glaze powder?')
    expect(answer.answered).toBe(true)
    expect(answer.reply.startsWith('Glaze safety: wear a mask when mixing dry glaze powder.')).toBe(true)
    const titles = answer.sources.map((s) => s.title)
    expect(new Set(titles).size).toBe(titles.length)
    expect(titles[0]).toBe('Glaze safety')
    expect(answer.sources[0]).toEqual({ title: 'Glaze safety', url: pages.urls.glazes, snippet: 'Glaze safety: wear a mask when mixing dry glaze powder.' })

    const stirred = await ask(app, id, 'Must a glaze be stirred before use?')
    const stirredTitles = stirred.sources.map((s) => s.title)
    expect(stirredTitles.filter((t) => t === 'Glaze handbook')).toHaveLength(1)
    expect(stirredTitles[0]).toBe('Glaze handbook')
    expect(stirred.sources[0].snippet).toContain('must be stirred before use')
  } finally {
    pages.stop()
  }
})

test('a sentence shared by several pages is quoted once, not again as a second view', async () => {
  const token = await subscribedToken(app, 'shared-sentence@answers.example')
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  // A manual's option text repeated on two pages (as npm's pages repeat their shared options).
  const shared = 'Set kiln-vent to true to open the kiln vent while the kiln fires.'
  const page = (title: string, rest: string) => `<html><head><title>${title}</title></head><body><p>${shared}</p><p>${rest}</p></body></html>`
  const pages = await addPages(app, token, id, {
    firing: page('Firing', 'Firing schedules are listed by cone number for each clay body.'),
    cooling: page('Cooling', 'Cooling takes a day for a full kiln of stoneware pots.'),
  })
  try {
    const answer = await ask(app, id, 'How do I open the kiln vent while the kiln fires?')
    expect(answer.answered).toBe(true)
    expect(answer.reply.split(shared)).toHaveLength(2)
    expect(answer.sources.map((s) => s.title).sort()).toEqual(['Cooling', 'Firing'])
  } finally {
    pages.stop()
  }
})
