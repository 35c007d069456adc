/**
 * The chatbots every feature's tests make, and the fixtures they are made of: one definition.
 * `createChatbot` goes through the real creation endpoints and hands back the creation answer
 * typed by the generated client (checked against the route's declared model, see typed-api.ts).
 */
import type { AppContext } from '../../src/context'
import { tinyPng } from '../chat/tiny-images'
import { client, type TestApp } from './app'
import { type ApiPath, typedApi } from './typed-api'

/** A valid 1x1 PNG, built from its bytes (no image library needed). */
export const PNG_1x1 = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'))
export const PNG_DATA_URL = `data:image/png;base64,${Buffer.from(PNG_1x1).toString('base64')}`

// --- The generic fixtures of the chatbot endpoints' tests (a software shop) ---

export const PRICE_LIST = [
  { 'Product/Service Name': 'Website audit', 'Product/Service Description': 'A full review', 'Price excluding VAT': '100', 'Price including VAT': '120' },
  { 'Product/Service Name': 'Hosting', 'Product/Service Description': 'Per month', 'Price excluding VAT': '9.99', 'Price including VAT': '11.99' },
]

export const QUESTIONS = [
  { title: 'Name', question: 'What is your name?', type: 'text' },
  { title: 'Age', question: 'How old are you?', type: 'number' },
  { title: 'Subscribe', question: 'Join our newsletter?', type: 'boolean' },
]

export const CALENDAR = {
  calendar_name: 'Consultations',
  calendar_email: 'calendar@example.com',
  daily_start: '9:00 AM',
  daily_end: '5:00 PM',
  local_timezone: 'America/New_York',
  description: 'Video call: https://meet.example/abc',
  include_weekends: false,
  min15App: false,
  min30App: true,
  min45App: false,
  min60App: true,
}

const software = { chatbot_name: 'Helper', chatbot_greeting: 'Hello! How can I help?', business_industry: 'Software' }

/** A valid JSON body for each creation endpoint. */
export const CREATION_BODIES: Record<string, Record<string, unknown>> = {
  '/api/v1.0/api-knowledge-retrieval/': { ...software, chatbot_instructions: 'Ask about our manuals.' },
  '/api/v1.0/api-customer-support/': {
    ...software,
    chatbot_instructions: 'Ask about prices and hours.',
    business_website: 'https://acme.example',
    pricing_plans: PRICE_LIST,
    operating_hours: 'Mon-Fri 9-17',
    faqs: 'Q: Do you ship abroad? A: Yes, to the EU.',
  },
  '/api/v1.0/api-data-collection/': { ...software, data_collection: QUESTIONS },
  '/api/v1.0/api-quote-generation/': { ...software, business_logo: PNG_DATA_URL, currency: '€', pricing_plans: PRICE_LIST, quotes_validity: '30' },
  '/api/v1.0/api-appointment-calendar/': { ...software, calendar_data: [CALENDAR], data_collection: [QUESTIONS[0]] },
}

export const TYPE_OF_PATH: Record<string, string> = {
  '/api/v1.0/api-knowledge-retrieval/': 'Knowledge Retrieval',
  '/api/v1.0/api-customer-support/': 'Business Enquiries',
  '/api/v1.0/api-data-collection/': 'Data Collection',
  '/api/v1.0/api-quote-generation/': 'Quote Generation',
  '/api/v1.0/api-appointment-calendar/': 'Appointment/Calendar Support',
}

/** The same body as multipart/form-data: lists as JSON text parts, the logo as a file part. */
export function asForm(body: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(body)) {
    if (key === 'business_logo') form.append(key, new Blob([PNG_1x1], { type: 'image/png' }), 'logo.png')
    else form.append(key, typeof value === 'string' ? value : JSON.stringify(value))
  }
  return form
}

// --- The bakery that the visitor-facing tests (chat, answers, owner, integrators) talk to ---

export const BAKERY_PRICES = [
  { 'Product/Service Name': 'Sourdough loaf', 'Product/Service Description': 'Slow-risen, 800 g', 'Price excluding VAT': '4.50', 'Price including VAT': '4.86' },
  { 'Product/Service Name': 'Wedding cake', 'Product/Service Description': 'Three tiers, made to order', 'Price excluding VAT': '250', 'Price including VAT': '270' },
  { 'Product/Service Name': 'Delivery van hire', 'Product/Service Description': 'Per hour', 'Price excluding VAT': '35.10', 'Price including VAT': '42.12' },
]

export const BAKERY_QUESTIONS = [
  { title: 'Name', question: 'What is your name?', type: 'text' },
  { title: 'Guests', question: 'How many guests are coming?', type: 'number' },
  { title: 'Vegetarian', question: 'Do you need a vegetarian menu?', type: 'boolean' },
  { title: 'Venue photo', question: 'Please upload a photo of the venue.', type: 'image' },
  { title: 'Floor plan', question: 'Please upload the floor plan as a PDF.', type: 'pdf_document' },
]

export const BAKERY_CALENDAR = {
  calendar_name: 'Tastings',
  calendar_email: 'tastings@bakery.example',
  daily_start: '9:00 AM',
  daily_end: '5:00 PM',
  local_timezone: 'America/New_York',
  description: 'Harbour Bakery, 1 Quay Street',
  include_weekends: true,
  min30App: true,
  min60App: true,
}

export type Kind = 'knowledge' | 'business' | 'data' | 'quote' | 'appointment'

const CREATION_PATH = {
  knowledge: '/api/v1.0/api-knowledge-retrieval/',
  business: '/api/v1.0/api-customer-support/',
  data: '/api/v1.0/api-data-collection/',
  quote: '/api/v1.0/api-quote-generation/',
  appointment: '/api/v1.0/api-appointment-calendar/',
} as const satisfies Record<Kind, ApiPath>

const bakery = { chatbot_name: 'Harbour Bakery', chatbot_greeting: 'Hello!', business_industry: 'Bakery' }

const BAKERY_FIELDS: Record<Kind, Record<string, unknown>> = {
  knowledge: { chatbot_instructions: 'Ask about our bread' },
  business: {
    chatbot_instructions: 'Ask about prices and hours',
    business_website: 'https://bakery.example',
    pricing_plans: BAKERY_PRICES,
    operating_hours: 'Monday to Friday 7:00 to 18:00, Saturday 8:00 to 13:00, closed on Sunday.',
    contact_information: 'Call 555-0100 or write to hello@bakery.example.',
    address_locations: '1 Quay Street, Harbourtown.',
    faqs: 'Do you bake gluten-free bread?\nYes, every Tuesday and Friday.\n\nCan I order a cake online?\nYes, through our website, two days ahead.',
  },
  data: { data_collection: BAKERY_QUESTIONS },
  quote: {
    business_logo: `data:image/png;base64,${Buffer.from(tinyPng()).toString('base64')}`,
    currency: 'EUR',
    pricing_plans: BAKERY_PRICES,
    business_website: 'https://bakery.example',
    contact_information: 'hello@bakery.example',
    delivery_fees: 'Free delivery within 10 km.',
    payment_terms: 'Payment within 14 days.',
    quotes_validity: '30',
  },
  appointment: { calendar_data: [BAKERY_CALENDAR] },
}

/** One answer checker per running app (building it walks the app's routes once). */
const checkers = new WeakMap<AppContext, ReturnType<typeof typedApi>>()
const checkerFor = (app: TestApp) => {
  const known = checkers.get(app.ctx)
  if (known) return known
  const made = typedApi(app.ctx, app.url)
  checkers.set(app.ctx, made)
  return made
}

/** Creates a bakery chatbot of a kind over the API; `extra` overrides or adds creation fields. */
export async function createChatbot(app: TestApp, token: string, kind: Kind, extra: Record<string, unknown> = {}) {
  const creationPath: (typeof CREATION_PATH)[Kind] = CREATION_PATH[kind]
  const reply = await client(app.url, token).post(creationPath, { ...bakery, ...BAKERY_FIELDS[kind], ...extra })
  if (reply.status !== 200) throw new Error(`creation of ${kind}: ${JSON.stringify(reply.body)}`)
  const body = checkerFor(app).answer({ path: creationPath, method: 'post', status: reply.status, headers: reply.headers, body: reply.body }, 200)
  return { id: body.chatbot_id, body }
}

/** A multipart form with one file part `file` and text fields. */
export function fileForm(bytes: Uint8Array, name: string, fields: Record<string, string>): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
  return form
}

/** A multipart form of PDF file parts, as document-add takes them. */
export function pdfForm(files: { bytes: Uint8Array; name: string }[], field = 'documents'): FormData {
  const form = new FormData()
  for (const f of files) form.append(field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), f.name)
  return form
}

/** Moves the app's clock so that it reads `iso` now. */
export function placeNow(app: TestApp, iso: string): void {
  app.clock.advance(Date.parse(iso) - app.clock.now().getTime())
}

interface MailSink {
  waitFor(to: string, match?: (mail: { subject?: string; text?: string | false }) => boolean): Promise<{ text?: string | false }>
}

/** subscribedToken for an app that mails through an SMTP sink instead of the outbox. */
export async function subscribedTokenViaSmtp(app: TestApp, sink: MailSink, email: string): Promise<string> {
  const api = client(app.url)
  const returnUrl = 'https://shop.example/after-payment'
  const codeFrom = async (subject: string) => {
    const mail = await sink.waitFor(email, (m) => m.subject === subject)
    return /\b(\d{5,6})\b/.exec(mail.text || '')![1]
  }
  await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: returnUrl })
  const verified = await api.post('/api/v1.0/verification-code/', { email_address: email, code: Number(await codeFrom('Your verification code')), return_url: returnUrl })
  if (verified.status !== 200) throw new Error(`verification-code: ${JSON.stringify(verified.body)}`)
  const paid = await fetch(verified.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  if (paid.status !== 303) throw new Error(`checkout: ${paid.status}`)
  await api.post('/api/v1.0/login/', { email_address: email })
  const reply = await api.post('/api/v1.0/login/', { email_address: email, code: await codeFrom('Your login code') })
  if (reply.status !== 200) throw new Error(`login: ${JSON.stringify(reply.body)}`)
  return reply.body.token
}

/** The webhook secret of a creation answer; only a chatbot created with a webhook_url has one. */
export function webhookSecretOf(created: Awaited<ReturnType<typeof createChatbot>>['body']): string {
  if (created.webhook_secret === undefined) throw new Error('the creation answer has no webhook_secret (was webhook_url given?)')
  return created.webhook_secret
}
