import { client, type TestApp } from '../support/app'
import { tinyPng } from './tiny-images'

// The addresses are shared by every feature's tests.
export { path, UNKNOWN_ID } from '../support/endpoints'

export const PRICE_LIST = [
  { 'Product/Service Name': 'Sourdough loaf', 'Product/Service Description': 'Slow-risen, 800 g', 'Price excluding VAT': '4.50', 'Price including VAT': '4.86' },
  { 'Product/Service Name': 'Wedding cake', 'Product/Service Description': 'Three tiers, made to order', 'Price excluding VAT': '250', 'Price including VAT': '270' },
  { 'Product/Service Name': 'Delivery van hire', 'Product/Service Description': 'Per hour', 'Price excluding VAT': '35.10', 'Price including VAT': '42.12' },
]

export const QUESTIONS = [
  { title: 'Name', question: 'What is your name?', type: 'text' },
  { title: 'Guests', question: 'How many guests are coming?', type: 'number' },
  { title: 'Vegetarian', question: 'Do you need a vegetarian menu?', type: 'boolean' },
  { title: 'Venue photo', question: 'Please upload a photo of the venue.', type: 'image' },
  { title: 'Floor plan', question: 'Please upload the floor plan as a PDF.', type: 'pdf_document' },
]

const common = { chatbot_name: 'Harbour Bakery', chatbot_greeting: 'Hello!', business_industry: 'Bakery' }

const pngDataUrl = () => `data:image/png;base64,${Buffer.from(tinyPng()).toString('base64')}`

export const CALENDAR = {
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

const CREATION: Record<Kind, [string, Record<string, unknown>]> = {
  knowledge: ['/api/v1.0/api-knowledge-retrieval/', { chatbot_instructions: 'Ask about our bread' }],
  business: [
    '/api/v1.0/api-customer-support/',
    {
      chatbot_instructions: 'Ask about prices and hours',
      business_website: 'https://bakery.example',
      pricing_plans: PRICE_LIST,
      operating_hours: 'Monday to Friday 7:00 to 18:00, Saturday 8:00 to 13:00, closed on Sunday.',
      contact_information: 'Call 555-0100 or write to hello@bakery.example.',
      address_locations: '1 Quay Street, Harbourtown.',
      faqs: 'Do you bake gluten-free bread?\nYes, every Tuesday and Friday.\n\nCan I order a cake online?\nYes, through our website, two days ahead.',
    },
  ],
  data: ['/api/v1.0/api-data-collection/', { data_collection: QUESTIONS }],
  quote: [
    '/api/v1.0/api-quote-generation/',
    {
      business_logo: pngDataUrl(),
      currency: 'EUR',
      pricing_plans: PRICE_LIST,
      business_website: 'https://bakery.example',
      contact_information: 'hello@bakery.example',
      delivery_fees: 'Free delivery within 10 km.',
      payment_terms: 'Payment within 14 days.',
      quotes_validity: '30',
    },
  ],
  appointment: ['/api/v1.0/api-appointment-calendar/', { calendar_data: [CALENDAR] }],
}

/** Creates a chatbot of a kind over the API; `extra` overrides or adds creation fields. */
export async function createChatbot(app: TestApp, token: string, kind: Kind, extra: Record<string, unknown> = {}): Promise<{ id: string; body: any }> {
  const [creationPath, fields] = CREATION[kind]
  const reply = await client(app.url, token).post(creationPath, { ...common, ...fields, ...extra })
  if (reply.status !== 200) throw new Error(`creation of ${kind}: ${JSON.stringify(reply.body)}`)
  return { id: reply.body.chatbot_id, body: reply.body }
}

export function fileForm(bytes: Uint8Array, name: string, fields: Record<string, string>): FormData {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
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
