// Helpers for the answer tests: a subscribed owner, chatbots made through the creation endpoints,
// material added through document-add (real PDFs) and link-add (a real local HTTP server).
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { BAKERY_PRICES, createChatbot, pdfForm } from '../support/chatbots'
import { path } from '../support/endpoints'
import { textPdf } from '../training/pdf-fixtures'

export const INSTRUCTIONS = 'Ask me about our bread, cakes and opening hours.'

/** The knowledge chatbot the answer tests train: its own name and instructions over the shared bakery. */
export const DOCS_HELPER = { chatbot_name: 'Docs helper', chatbot_instructions: INSTRUCTIONS }

/**
 * The business chatbot the answer tests ask: the shared bakery, with a four-digit price (to
 * check number formatting in the price answer) and the contact, address and FAQ texts the
 * answers quote.
 */
export const ANSWERING_BAKERY = {
  chatbot_instructions: INSTRUCTIONS,
  pricing_plans: BAKERY_PRICES.map((p) => (p['Product/Service Name'] === 'Wedding cake' ? { ...p, 'Price excluding VAT': '1250', 'Price including VAT': '1350' } : p)),
  contact_information: 'Phone 555-0100, e-mail hello@bakery.example',
  address_locations: '1 Quay Street, Harbourtown',
  faqs: 'Do you bake gluten-free bread?\nYes, every Tuesday and Friday.\n\nCan I bring my dog?\nDogs are welcome on the terrace.',
}

/** Adds PDFs made of the given pages (lines per page) through document-add. */
export async function addPdf(app: TestApp, token: string, chatbotId: string, title: string, pages: string[][]): Promise<void> {
  const bytes = await textPdf({ title, pages })
  const r = await client(app.url, token).form(path.documentAdd(chatbotId), pdfForm([{ bytes, name: `${title}.pdf` }]))
  if (r.status !== 200) throw new Error(`document-add: ${JSON.stringify(r.body)}`)
}

/** Serves HTML pages from a local server and adds them through link-add; resolves once indexed. */
export async function addPages(app: TestApp, token: string, chatbotId: string, pages: Record<string, string>): Promise<{ urls: Record<string, string>; stop: () => void }> {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) => {
      const html = pages[new URL(request.url).pathname.slice(1)]
      return html === undefined ? new Response('not found', { status: 404 }) : new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
  })
  const urls = Object.fromEntries(Object.keys(pages).map((name) => [name, `http://127.0.0.1:${server.port}/${name}`]))
  const r = await client(app.url, token).post(path.linkAdd(chatbotId), { links: Object.values(urls) })
  if (r.status !== 200) throw new Error(`link-add: ${JSON.stringify(r.body)}`)
  await app.ctx.jobs.idle()
  return { urls, stop: () => server.stop(true) }
}

/**
 * The sentences of one of a manual's other pages (page n): each about two made-up topics named
 * by `topics` and the page's round, so the question's own words stay rare.
 */
export function topicSentences(n: number, topics: readonly string[], count: number): string[] {
  const topic = (k: number) => `${topics[(n + k) % topics.length]}${Math.floor(n / topics.length)}`
  return Array.from({ length: count }, (_, k) => `The ${topic(k)} settings decide how each ${topic(k + 1)} entry is stored and shown to staff.`)
}

/** A one-page HTML manual of these paragraphs, each its own passage, for addPages. */
export const manualPage = (paragraphs: string[]): string =>
  `<html><head><title>Office manual</title></head><body><main>${paragraphs.map((text) => `<p>${text}</p>`).join('\n')}</main></body></html>`

export interface ManualChatbot {
  app: TestApp
  id: string
  /** Stops the page server and the app. */
  stop(): Promise<void>
}

/** A fresh app with one Docs helper trained by link-add on a one-page manual of these paragraphs. */
export async function manualChatbot(email: string, paragraphs: string[]): Promise<ManualChatbot> {
  const app = await startTestApp()
  const token = await subscribedToken(app, email)
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  const site = await addPages(app, token, id, { 'manual.html': manualPage(paragraphs) })
  return {
    app,
    id,
    stop: async () => {
      site.stop()
      await app.stop()
    },
  }
}

/** Runs `use` with a one-page manual chatbot's questions (a fresh visitor each), then stops its app. */
export async function withManualChatbot(email: string, paragraphs: string[], use: (ask: (question: string) => Promise<ChatReply>) => Promise<void>): Promise<void> {
  const bot = await manualChatbot(email, paragraphs)
  try {
    await use((question) => ask(bot.app, bot.id, question))
  } finally {
    await bot.stop()
  }
}

export interface ChatReply {
  session_id: string
  message_id: string
  reply: string
  answered?: boolean
  sources: { title: string; url: string | null; snippet: string }[]
}

/** Asks in a fresh session, as a new visitor would. */
export async function ask(app: TestApp, chatbotId: string, message: string): Promise<ChatReply> {
  const r = await client(app.url).post(path.chat(chatbotId), { message, visitor_id: `visitor-${crypto.randomUUID()}` })
  if (r.status !== 200) throw new Error(`chat: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}
