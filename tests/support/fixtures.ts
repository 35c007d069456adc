/** A valid 1x1 PNG, built from its bytes (no image library needed). */
export const PNG_1x1 = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'))
export const PNG_DATA_URL = `data:image/png;base64,${Buffer.from(PNG_1x1).toString('base64')}`

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

const common = { chatbot_name: 'Helper', chatbot_greeting: 'Hello! How can I help?', business_industry: 'Software' }

/** A valid JSON body for each creation endpoint. */
export const CREATION_BODIES: Record<string, Record<string, unknown>> = {
  '/api/v1.0/api-knowledge-retrieval/': { ...common, chatbot_instructions: 'Ask about our manuals.' },
  '/api/v1.0/api-customer-support/': {
    ...common,
    chatbot_instructions: 'Ask about prices and hours.',
    business_website: 'https://acme.example',
    pricing_plans: PRICE_LIST,
    operating_hours: 'Mon-Fri 9-17',
    faqs: 'Q: Do you ship abroad? A: Yes, to the EU.',
  },
  '/api/v1.0/api-data-collection/': { ...common, data_collection: QUESTIONS },
  '/api/v1.0/api-quote-generation/': { ...common, business_logo: PNG_DATA_URL, currency: '€', pricing_plans: PRICE_LIST, quotes_validity: '30' },
  '/api/v1.0/api-appointment-calendar/': { ...common, calendar_data: [CALENDAR], data_collection: [QUESTIONS[0]] },
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
