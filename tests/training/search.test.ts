import { afterAll, beforeAll, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { chatbotToken, fullTextIndex, MAX_TERM_PASSAGES, searchPlan } from '../../src/db/fulltext'
import { indexPassages } from '../../src/features/training/material'
import { onPostgres } from '../support/database'
import { searchPassages } from '../../src/features/training/search'
import { namedWords, searchTerms, wordsOf } from '../../src/lib/search-terms'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { textPdf } from './pdf-fixtures'
import { createChatbot, pdfForm } from '../support/chatbots'
import { path } from '../support/endpoints'

test('search terms: stems of content words (stopword list, Snowball), punctuation and search syntax gone', () => {
  expect(searchTerms('What are your opening hours on Sunday?')).toEqual(['open', 'hour', 'sunday'])
  expect(searchTerms('How do I run npm ci?')).toEqual(['run', 'npm', 'ci'])
  expect(searchTerms('Who died?')).toEqual(['die'])
  expect(searchTerms('"rye" OR spelt* NEAR(nut free) title:bread -gluten ^crust')).toEqual(['rye', 'spelt', 'near', 'nut', 'free', 'titl', 'bread', 'gluten', 'crust'])
  // Joined words are searched by their parts; a lone letter carries no meaning.
  expect(searchTerms('state-of-the-art e-mail v1.2 o’clock')).toEqual(['state', 'art', 'mail', 'v1', '2', 'clock'])
  expect(searchTerms('Bread bread BREAD 7 x')).toEqual(['bread', '7'])
  expect(searchTerms('Crème brûlée für Größe')).toEqual(['crème', 'brûlée', 'für', 'größe'])
  // A question of stop words only keeps them all: the index's rarity weighting sorts them out.
  expect(searchTerms('what is it')).toEqual(['what', 'is', 'it'])
  expect(searchTerms(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '))).toHaveLength(16)
  expect(searchTerms('')).toEqual([])
  // Doubled endings are undone alike ("added" and "add"), but never into a stop word: "off" is not "of".
  expect(searchTerms('added add')).toEqual(['ad'])
  expect(searchTerms('Can I turn it off?')).toEqual(['turn', 'off'])
  // A word whose stem is a stop word is one: "its" would match every "it".
  expect(searchTerms('What does Git call its staging area?')).toEqual(['git', 'call', 'stage', 'area'])
  // An irregular verb's forms meet its base; forms that are mostly other words ("a bit", "the left") stay.
  expect(searchTerms('Who wrote it? It was written, kept and sent.')).toEqual(['write', 'keep', 'send'])
  expect(searchTerms('the left bit was found')).toEqual(['left', 'bit', 'find'])
  // A superscript is a footnote's mark or an exponent, not part of the word it sits on.
  expect(wordsOf('See the Makefile⁴ and the .zip⁶ archive, 2²')).toEqual(['see', 'the', 'makefile', 'and', 'the', 'zip', 'archive', '2'])
})

let app: TestApp
let token: string
let bot: string
let otherBot: string

const PASSAGES = [
  'Our sourdough loaves are sold from 7 in the morning until they run out.',
  'To keep a sourdough starter alive, follow a feeding schedule: feed the starter flour and water every twelve hours.',
  'Deliveries reach the harbour district on Tuesdays and Fridays.',
  'The cafe serves coffee, tea and hot chocolate all day.',
]

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'search@example.com')
  bot = (await createChatbot(app, token, 'knowledge')).id
  otherBot = (await createChatbot(app, token, 'knowledge')).id
  await indexPassages(app.ctx.db, { chatbotId: bot, sourceType: 'business', sourceId: 'business-details', title: 'About us', url: null }, PASSAGES)
  await indexPassages(app.ctx.db, { chatbotId: otherBot, sourceType: 'business', sourceId: 'other-details', title: 'Elsewhere', url: null }, [
    'A secret sourdough starter feeding schedule that belongs to another chatbot.',
  ])
})
afterAll(() => app.stop())

test('names in a question: capitalised inside a sentence or with an inner capital; not "I", not a sentence\'s first word', () => {
  const cases: [string, string[]][] = [
    ['Do you ship to Australia?', ['australia']],
    ['Which port does PostgreSQL listen on?', ['postgresql']],
    ["I'm new here. Can I install it on macOS?", ['macos']],
    ['LVM? What does LVM stand for?', ['lvm']],
    ['how do i reset my password', []],
    ['Is "Express" supported?', []],
  ]
  for (const [question, names] of cases) expect({ question, names: namedWords(question) }).toEqual({ question, names })
})

test('bm25 puts the passage holding most of the terms first, and stems words', async () => {
  const hits = await searchPassages(app.ctx, bot, 'How often should I be feeding my sourdough starter?')
  expect(hits.map((h) => h.text)).toEqual([PASSAGES[1], PASSAGES[0]])
  expect(hits[0].source).toMatchObject({ title: 'About us', url: null, source_type: 'business', source_id: 'business-details' })
  expect(hits[0].source.score).toBeGreaterThan(hits[1].source.score)
  expect(hits[0].source.snippet).toContain('feeding schedule')
  // "delivery" finds "Deliveries" through the Snowball stemmer.
  expect((await searchPassages(app.ctx, bot, 'Is there delivery?'))[0].text).toBe(PASSAGES[2])
})

test('another chatbot’s passages are never returned; the limit is honoured', async () => {
  const hits = await searchPassages(app.ctx, bot, 'secret sourdough starter', 10)
  expect(hits.every((h) => h.source.source_id === 'business-details')).toBe(true)
  expect(await searchPassages(app.ctx, bot, 'secret')).toEqual([])
  expect(await searchPassages(app.ctx, bot, 'sourdough', 1)).toHaveLength(1)
})

test('user input is never search syntax', async () => {
  const hostile = ['"', '*', ')(', 'NEAR(a b)', 'text:coffee', 'coffee AND', 'OR OR', '^', '-', "'; DROP TABLE chunks; --", '\u0000coffee', '{title} : tea']
  for (const query of hostile) await searchPassages(app.ctx, bot, query)
  expect((await searchPassages(app.ctx, bot, 'text:coffee'))[0].text).toBe(PASSAGES[3])
  expect((await searchPassages(app.ctx, bot, '{title} : tea'))[0].text).toBe(PASSAGES[3])
  expect(await searchPassages(app.ctx, bot, '?! …')).toEqual([])
})

test('a search reads a bounded share of a large material: common terms are left to the ranking', () => {
  const holding = new Map([
    ['rye', 3],
    ['flour', MAX_TERM_PASSAGES + 1],
    ['bread', 400],
    ['absent', 0],
  ])
  // Rarest first; a term held by too many passages is not searched, nor one no passage holds.
  expect(searchPlan(['flour', 'bread', 'rye', 'absent'], holding, 30)).toEqual({ terms: ['rye', 'bread'], ranked: true })
  // Within the budget of postings per result asked for: fewer results, fewer postings.
  expect(
    searchPlan(
      ['bread', 'rye'],
      new Map([
        ['bread', 400],
        ['rye', 300],
      ]),
      30,
    ),
  ).toEqual({ terms: ['rye', 'bread'], ranked: true })
  expect(
    searchPlan(
      ['bread', 'rye'],
      new Map([
        ['bread', 400],
        ['rye', 300],
      ]),
      15,
    ),
  ).toEqual({ terms: ['rye'], ranked: true })
  // Only common terms: all of them, unranked (the passages added last first), so the engine stops at the limit.
  expect(searchPlan(['flour'], holding, 30)).toEqual({ terms: ['flour'], ranked: false })
  expect(searchPlan(['absent'], holding, 30)).toEqual({ terms: [], ranked: true })
})

test('over a large material, a common word is not searched but the rare one finds its passage; common words alone still find passages', async () => {
  const bigBot = (await createChatbot(app, token, 'knowledge')).id
  const common = Array.from({ length: MAX_TERM_PASSAGES + 50 }, (_, i) => `Batch ${i} of the bakery flour was milled and sifted.`)
  await indexPassages(app.ctx.db, { chatbotId: bigBot, sourceType: 'link', sourceId: 'stock-log', title: 'Stock log', url: null }, [
    ...common,
    'Rye flour is kept in the cold store.',
  ])
  const { holding } = await fullTextIndex().frequencies(app.ctx.db, bigBot, ['flour', 'rye'])
  expect(holding).toEqual(
    new Map([
      ['flour', common.length + 1],
      ['rye', 1],
    ]),
  )
  expect((await searchPassages(app.ctx, bigBot, 'Where is the rye flour kept?'))[0].text).toBe('Rye flour is kept in the cold store.')
  const unranked = await searchPassages(app.ctx, bigBot, 'flour', 5)
  expect(unranked.map((h) => h.text)).toEqual(['Rye flour is kept in the cold store.', ...common.slice(-4).reverse()])
  // Several common words: the passages holding all of them.
  expect((await searchPassages(app.ctx, bigBot, 'flour milled', 2)).map((h) => h.text)).toEqual(common.slice(-2).reverse())
})

test('term counts follow the material: a document added counts its passages, deleted it counts them no more', async () => {
  const api = client(app.url, token)
  const countBot = (await createChatbot(app, token, 'knowledge')).id
  const counts = async () => fullTextIndex().frequencies(app.ctx.db, countBot, ['quinc', 'flour'])
  const pdf = await textPdf({ title: 'Quince', pages: [['The quince paste is made each autumn.', 'Flour is not used in quince paste.']] })
  expect((await api.form(path.documentAdd(countBot), pdfForm([{ bytes: pdf, name: 'quince.pdf' }]))).status).toBe(200)
  const [doc] = (await api.get(path.documentView(countBot))).body.documents
  const passages = (await app.ctx.db.selectFrom('chunks').select('id').where('chatbot_id', '=', countBot).execute()).length
  expect(await counts()).toEqual({
    passages,
    holding: new Map([
      ['quinc', 1],
      ['flour', 1],
    ]),
  })
  await api.post(path.documentDelete(countBot), { document_id: doc.document_id })
  expect(await counts()).toEqual({
    passages: 0,
    holding: new Map([
      ['quinc', 0],
      ['flour', 0],
    ]),
  })
  expect(await app.ctx.db.selectFrom('chunk_terms').select('term').where('chatbot_id', '=', countBot).execute()).toEqual([])
})

test('documents are indexed when added and leave the index when deleted or when their chatbot goes', async () => {
  const api = client(app.url, token)
  const docBot = (await createChatbot(app, token, 'knowledge')).id
  const filler = (n: number) => Array.from({ length: 12 }, (_, i) => `Line ${i} of page ${n} is about ordinary bakery matters and flour.`)
  const pdf = await textPdf({ title: 'Spice Notes', pages: [filler(1), [...filler(2), 'The zanzibar clove harvest arrives every October.'], filler(3)] })
  expect((await api.form(path.documentAdd(docBot), pdfForm([{ bytes: pdf, name: 'spice.pdf' }]))).status).toBe(200)
  const [doc] = (await api.get(path.documentView(docBot))).body.documents

  const [hit] = await searchPassages(app.ctx, docBot, 'When is the Zanzibar clove harvest?')
  expect(hit.text).toContain('The zanzibar clove harvest arrives every October.')
  expect(hit.source).toMatchObject({ title: 'Spice Notes', url: null, source_type: 'document', source_id: doc.document_id })
  const chunks = await app.ctx.db.selectFrom('chunks').select(['position']).where('source_id', '=', doc.document_id).execute()
  expect(chunks.length).toBeGreaterThan(1)

  await api.post(path.documentDelete(docBot), { document_id: doc.document_id })
  expect(await searchPassages(app.ctx, docBot, 'zanzibar clove')).toEqual([])
  expect(await app.ctx.db.selectFrom('chunks').select('id').where('source_id', '=', doc.document_id).execute()).toEqual([])

  // Deleting a chatbot cascades to its chunks, and the trigger takes them out of the index too.
  await api.form(path.documentAdd(docBot), pdfForm([{ bytes: pdf, name: 'spice.pdf' }]))
  expect(await searchPassages(app.ctx, docBot, 'zanzibar')).toHaveLength(1)
  const zanzibar = sql<{ n: number }>`SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ${`"${chatbotToken(docBot, 'zanzibar')}"`}`
  if (!onPostgres()) expect((await zanzibar.execute(app.ctx.db)).rows[0].n).toBe(1)
  expect((await api.post(`/api/v1.0/chatbot-delete/${docBot}/`)).status).toBe(200)
  expect(await app.ctx.db.selectFrom('chunk_terms').select('term').where('chatbot_id', '=', docBot).execute()).toEqual([])
  if (onPostgres()) {
    // The tsvector lives on the chunk row itself, so the cascade took it with the row.
    const indexed = await sql<{ n: string }>`SELECT count(*) AS n FROM chunks WHERE search @@ plainto_tsquery('simple', 'zanzibar')`.execute(app.ctx.db)
    expect(Number(indexed.rows[0].n)).toBe(0)
  } else {
    expect((await zanzibar.execute(app.ctx.db)).rows[0].n).toBe(0)
    await sql`INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)`.execute(app.ctx.db)
  }
})
