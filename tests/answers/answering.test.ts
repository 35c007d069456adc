// Knowledge Retrieval and Business Enquiries answers: from training material (added through the
// real document-add and link-add endpoints), from business details, and through an LLM when configured.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { NOTHING_FOUND } from '../../src/features/answers/texts'
import { QUOTE_HINT } from '../../src/features/chat/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { textPdf } from '../training/pdf-fixtures'
import { createChatbot, path } from '../chat/support'

const HANDBOOK = [
  ['Welcome to the Harbour Bakery handbook.', 'Our sourdough rises for eighteen hours before it is baked.'],
  ['Allergens are listed on every shelf label.', 'Ask staff about nut-free options.'],
]

function pageServer() {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () =>
      new Response(
        '<html><head><title>Rye bread guide</title></head><body><p>Our dark rye bread uses a three-day starter and whole caraway seeds.</p><p>It keeps for a week.</p></body></html>',
        { headers: { 'content-type': 'text/html; charset=utf-8' } },
      ),
  })
  return { url: `http://127.0.0.1:${server.port}/rye`, stop: () => server.stop(true) }
}

describe('extractive answers', () => {
  let app: TestApp
  let token: string
  let pages: ReturnType<typeof pageServer>

  beforeAll(async () => {
    app = await startTestApp()
    token = await subscribedToken(app, 'answers@bakery.example')
    pages = pageServer()
  })
  afterAll(async () => {
    pages.stop()
    await app.stop()
  })

  test('Knowledge Retrieval answers from documents and links, with sources', async () => {
    const { id } = await createChatbot(app, token, 'knowledge')
    const owner = client(app.url, token)
    const form = new FormData()
    form.append('documents', new Blob([(await textPdf({ title: 'Bakery handbook', pages: HANDBOOK })) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'handbook.pdf')
    const added = await owner.form(`/api/v1.0/chatbot-document-add/${id}/`, form)
    expect(added.status).toBe(200)
    const queued = await owner.post(`/api/v1.0/chatbot-link-add/${id}/`, { links: [pages.url] })
    expect(queued.status).toBe(200)
    await app.ctx.jobs.idle()

    const api = client(app.url)
    const sourdough = await api.post(path.chat(id), { message: 'How long does the sourdough rise?', visitor_id: 'k1' })
    expect(sourdough.status).toBe(200)
    expect(sourdough.body.reply).toContain('Our sourdough rises for eighteen hours before it is baked.')
    expect(sourdough.body.sources[0]).toEqual({ title: 'Bakery handbook', url: expect.stringMatching(/\/media\/documents\/.+\/$/), snippet: expect.stringContaining('sourdough') })
    expect(sourdough.body).not.toHaveProperty('next_question')

    const rye = await api.post(path.chat(id), { message: 'What starter is used for the rye bread?', visitor_id: 'k1', session_id: sourdough.body.session_id })
    expect(rye.body.reply).toContain('three-day starter')
    expect(rye.body.sources[0]).toMatchObject({ title: 'Rye bread guide', url: pages.url })

    const nothing = await api.post(path.chat(id), { message: 'Do you repair bicycles?', visitor_id: 'k1' })
    expect(nothing.body).toEqual({ session_id: expect.any(String), reply: NOTHING_FOUND, sources: [] })
  })

  test('Business Enquiries answers prices, opening hours, contact details and FAQs from its details', async () => {
    const { id } = await createChatbot(app, token, 'business')
    const api = client(app.url)
    const ask = async (message: string) => (await api.post(path.chat(id), { message, visitor_id: 'b1' })).body

    const cake = await ask('How much is a wedding cake?')
    expect(cake.reply.split('\n')[0]).toBe('- **Wedding cake** (Three tiers, made to order): 250.00 excluding VAT, 270.00 including VAT')
    expect(cake.reply).not.toContain('Sourdough loaf')
    expect(cake.sources[0]).toEqual({ title: 'Price list', url: 'https://bakery.example', snippet: expect.stringContaining('Wedding cake') })

    const prices = await ask('What are your prices?')
    for (const item of ['Sourdough loaf', 'Wedding cake', 'Delivery van hire']) expect(prices.reply).toContain(item)

    const hours = await ask('When are you open on Saturday?')
    expect(hours.reply).toContain('Saturday 8:00 to 13:00')
    expect(hours.sources[0].title).toBe('Opening hours')

    expect((await ask('What is your phone number?')).reply).toContain('555-0100')
    expect((await ask('Where are you located?')).reply).toContain('1 Quay Street')
    const faq = await ask('Is there gluten-free bread?')
    expect(faq.reply).toContain('every Tuesday and Friday')
    expect(faq.sources[0].title).toBe('FAQ')

    expect((await ask('Can you fix my car?')).reply).toBe(NOTHING_FOUND)
  })

  test('Quote Generation answers price questions and explains how to get a quote', async () => {
    const { id } = await createChatbot(app, token, 'quote')
    const api = client(app.url)
    const price = (await api.post(path.chat(id), { message: 'What does the sourdough loaf cost?', visitor_id: 'q1' })).body
    expect(price.reply).toContain('4.50 EUR excluding VAT')
    expect(price.reply).toContain(QUOTE_HINT)
    expect((await api.post(path.chat(id), { message: 'Hello there', visitor_id: 'q1' })).body.reply).toBe(QUOTE_HINT)
  })
})

describe('with LLM_BASE_URL', () => {
  let app: TestApp
  let token: string
  let llm: ReturnType<typeof Bun.serve>
  const requests: { headers: Headers; body: any }[] = []
  let failNext = false

  beforeAll(async () => {
    llm = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      async fetch(request) {
        const url = new URL(request.url)
        if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') return new Response('not found', { status: 404 })
        requests.push({ headers: request.headers, body: await request.json() })
        if (failNext) {
          failNext = false
          return new Response('{"error":"overloaded"}', { status: 503 })
        }
        return Response.json({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'A wedding cake costs **250** before VAT.' }, finish_reason: 'stop' }] })
      },
    })
    app = await startTestApp({ LLM_BASE_URL: `http://127.0.0.1:${llm.port}/v1/`, LLM_API_KEY: 'sk-test-key', LLM_MODEL: 'tiny-model' })
    token = await subscribedToken(app, 'llm@bakery.example')
  })
  afterAll(async () => {
    llm.stop(true)
    await app.stop()
  })

  test('the answer is generated from the retrieved passages; an LLM failure falls back to the extractive answer', async () => {
    const { id } = await createChatbot(app, token, 'business')
    const api = client(app.url)
    const reply = (await api.post(path.chat(id), { message: 'How much is a wedding cake?', visitor_id: 'l1' })).body
    expect(reply.reply).toBe('A wedding cake costs **250** before VAT.')
    expect(reply.sources[0].title).toBe('Price list')

    expect(requests).toHaveLength(1)
    const { headers, body } = requests[0]
    expect(headers.get('authorization')).toBe('Bearer sk-test-key')
    expect(headers.get('content-type')).toContain('application/json')
    expect(body.model).toBe('tiny-model')
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user'])
    expect(body.messages[1].content).toBe('How much is a wedding cake?')
    expect(body.messages[0].content).toContain('Wedding cake')
    expect(body.messages[0].content).toContain('Ask about prices and hours')

    failNext = true
    const fallback = (await api.post(path.chat(id), { message: 'How much is a wedding cake?', visitor_id: 'l1' })).body
    expect(fallback.reply).toContain('**Wedding cake**')
    expect(requests).toHaveLength(2)

    // Nothing retrieved: no model call, the plain "not found" reply.
    expect((await api.post(path.chat(id), { message: 'Can you fix my car?', visitor_id: 'l1' })).body.reply).toBe(NOTHING_FOUND)
    expect(requests).toHaveLength(2)
  })
})
