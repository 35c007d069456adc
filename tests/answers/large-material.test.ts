// Over a large material the search reads a bounded share of it (db/fulltext.ts searchPlan): a word
// held by very many passages is left to the ranking, and a question of such words only gets the
// passages holding all of them. The visitor still gets the passage that answers, over HTTP.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { fullTextIndex, MAX_TERM_PASSAGES } from '../../src/db/fulltext'
import { indexPassages } from '../../src/features/training/material'
import { NOTHING_FOUND } from '../../src/features/answers/texts'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { addPdf, ask, DOCS_HELPER } from './support'

let app: TestApp
let id: string

/** More passages holding "flour" and "milled" than a search reads for one term. */
const BATCHES = Array.from({ length: MAX_TERM_PASSAGES + 100 }, (_, i) => `Batch ${i} of the bakery flour was milled on stone number ${i % 7} and sifted twice.`)

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'large@answers.example')
  id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, id, 'Cold store', [['Rye flour is kept in the cold store at four degrees, away from the ovens.']])
  // The mill's log, as many short passages (indexed directly: a PDF of 600 pages would only slow the test).
  await indexPassages(app.ctx.db, { chatbotId: id, sourceType: 'link', sourceId: 'mill-log', title: 'Stock log', url: 'https://example.org/log' }, BATCHES)
})
afterAll(() => app.stop())

test('a rare word finds its passage though the other words of the question are everywhere', async () => {
  const { holding } = await fullTextIndex().frequencies(app.ctx.db, id, ['flour', 'rye'])
  expect(holding.get('flour')).toBeGreaterThan(MAX_TERM_PASSAGES)
  const answer = await ask(app, id, 'Where is the rye flour kept?')
  expect(answer.answered).toBe(true)
  expect(answer.reply.startsWith('Rye flour is kept in the cold store at four degrees')).toBe(true)
  expect(answer.sources[0].title).toBe('Cold store')
})

test('a question of common words only is answered from passages holding all of them; one naming nothing is refused', async () => {
  const answer = await ask(app, id, 'Was the flour milled and sifted?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toMatch(/^Batch \d+ of the bakery flour was milled on stone number \d and sifted twice\./)
  expect(await ask(app, id, 'How does it work?')).toMatchObject({ reply: NOTHING_FOUND, answered: false })
})
