// Knowledge Retrieval and Business Enquiries answers over HTTP: material added through the real
// document-add and link-add endpoints, business details through the creation endpoint.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { NOTHING_FOUND, SECTION_TITLES } from '../../src/features/answers/texts'
import { QUOTE_HINT } from '../../src/features/chat/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { addPages, addPdf, ANSWERING_BAKERY, ask, DOCS_HELPER } from './support'

const RYE_PAGE =
  '<html><head><title>Rye bread guide</title></head><body><p>Our dark rye bread uses a three-day starter and whole caraway seeds.</p><p>It keeps for a week.</p></body></html>'

let app: TestApp
let token: string

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'answers@bakery.example')
})
afterAll(() => app.stop())

describe('Knowledge Retrieval', () => {
  test('answers from documents and links with one source each; an unrelated question gets the refusal', async () => {
    const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    await addPdf(app, token, id, 'Bakery handbook', [
      ['Welcome to the Harbour Bakery handbook.', 'Our sourdough rises for eighteen hours before it is baked.'],
      ['Allergens are listed on every shelf label.', 'Ask staff about nut-free options.'],
    ])
    const pages = await addPages(app, token, id, { rye: RYE_PAGE })
    try {
      const sourdough = await ask(app, id, 'How long does the sourdough rise?')
      expect(sourdough.answered).toBe(true)
      expect(sourdough.reply.startsWith('Our sourdough rises for eighteen hours before it is baked.')).toBe(true)
      expect(sourdough.sources).toEqual([{ title: 'Bakery handbook', url: null, snippet: expect.stringContaining('eighteen hours') }])

      const rye = await ask(app, id, 'What starter is used for the rye bread?')
      expect(rye.reply).toContain('three-day starter')
      expect(rye.sources[0]).toMatchObject({ title: 'Rye bread guide', url: pages.urls.rye })

      const nothing = await ask(app, id, 'Do you repair bicycles?')
      expect(nothing).toEqual({ session_id: expect.any(String), message_id: expect.any(String), reply: NOTHING_FOUND, sources: [], answered: false })
    } finally {
      pages.stop()
    }
  })
})

describe('Business Enquiries', () => {
  let id: string
  beforeAll(async () => {
    id = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
  })

  test('a question about one product quotes that item, formatted, from the price list', async () => {
    const cake = await ask(app, id, 'How much is a wedding cake?')
    expect(cake.answered).toBe(true)
    expect(cake.reply.split('\n')[0]).toBe('- **Wedding cake** (Three tiers, made to order): 1,250.00 excluding VAT, 1,350.00 including VAT')
    expect(cake.reply).not.toContain('Sourdough loaf')
    expect(cake.reply).not.toContain('Delivery van hire')
    // The price-list source points at the price list, not at the home page.
    expect(cake.sources).toEqual([{ title: SECTION_TITLES.prices, url: null, snippet: expect.stringContaining('Wedding cake') }])
  })

  test('the whole price list only when the visitor asks for prices', async () => {
    const prices = await ask(app, id, 'What are your prices?')
    for (const item of ['Sourdough loaf', 'Wedding cake', 'Delivery van hire']) expect(prices.reply).toContain(item)
    expect(prices.sources.map((s) => s.title)).toEqual([SECTION_TITLES.prices])
  })

  test('hours, contact, address and FAQ answers cite their own section, without the price list', async () => {
    const cases: [string, string, string][] = [
      ['When are you open on Saturday?', 'Saturday 8:00 to 13:00', SECTION_TITLES.hours],
      ['What is your phone number?', '555-0100', SECTION_TITLES.contact],
      ['Where are you located?', '1 Quay Street', SECTION_TITLES.address],
      ['Is there gluten-free bread?', 'every Tuesday and Friday', SECTION_TITLES.faq],
      ['Can I bring my dog?', 'Dogs are welcome on the terrace.', SECTION_TITLES.faq],
    ]
    for (const [question, fact, section] of cases) {
      const answer = await ask(app, id, question)
      expect(answer.reply).toContain(fact)
      expect(answer.reply).not.toContain('Wedding cake')
      expect(answer.sources[0].title).toBe(section)
      expect(new Set(answer.sources.map((s) => s.title)).size).toBe(answer.sources.length)
    }
    const dog = await ask(app, id, 'Can I bring my dog?')
    expect(dog.reply).not.toContain('gluten-free')
  })

  test('"Do you deliver?" does not get the price list; an unrelated question gets the refusal', async () => {
    const deliver = await ask(app, id, 'Do you deliver?')
    expect(deliver.reply).not.toContain('Sourdough loaf')
    const car = await ask(app, id, 'Can you fix my car?')
    expect(car).toMatchObject({ reply: NOTHING_FOUND, sources: [], answered: false })
  })
})

describe('Quote Generation', () => {
  test('price questions get the item and how to get a quote; a delivery question its own section', async () => {
    const { id } = await createChatbot(app, token, 'quote')
    const api = client(app.url)
    const price = (await api.post(path.chat(id), { message: 'What does the sourdough loaf cost?', visitor_id: 'q1' })).body
    expect(price.reply).toContain('4.50 EUR excluding VAT')
    expect(price.reply).not.toContain('Wedding cake')
    expect(price.reply).toContain(QUOTE_HINT)
    expect(price).not.toHaveProperty('answered')
    const delivery = (await api.post(path.chat(id), { message: 'Do you deliver?', visitor_id: 'q1' })).body
    expect(delivery.reply).toContain('Free delivery within 10 km.')
    expect(delivery.sources[0].title).toBe(SECTION_TITLES.delivery)
    expect((await api.post(path.chat(id), { message: 'Hello there', visitor_id: 'q1' })).body.reply).toBe(QUOTE_HINT)
  })
})
