// Contract 10: chatbot-edit takes every creation field of the chatbot's own type, as JSON or
// multipart; lists replace, the logo changes or goes, another type's field is unknown, nothing
// changes unless every field is valid, and the chat runtime uses the new values at once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DATA_UPDATED, LOGO_REQUIRED, unknownField } from '../../src/features/chatbots/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot, BAKERY_PRICES, BAKERY_QUESTIONS } from '../support/chatbots'
import { path } from '../support/endpoints'
import { tinyPng } from '../chat/tiny-images'

let app: TestApp
let token: string
const owner = () => client(app.url, token)
const pngDataUrl = () => `data:image/png;base64,${Buffer.from(tinyPng()).toString('base64')}`

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'editor@bakery.example')
})
afterAll(() => app.stop())

describe('Business Enquiries', () => {
  let id: string
  beforeAll(async () => {
    id = (await createChatbot(app, token, 'business')).id
  })

  test('get shows owner_notifications, on by default', async () => {
    expect((await owner().get(path.get(id))).body.owner_notifications).toBe(true)
  })

  test('every own field changes; lists replace the whole list; the chat answers from the new FAQ at once', async () => {
    const plans = [{ 'Product/Service Name': 'Rye loaf', 'Product/Service Description': 'Dark rye, 1 kg', 'Price excluding VAT': '6', 'Price including VAT': '6.48' }]
    const edit = {
      business_industry: 'Bakery and café',
      business_website: 'https://harbour-bakery.example',
      pricing_plans: plans,
      contact_information: 'Call 555-0199.',
      operating_hours: 'Every day 6:00 to 20:00.',
      address_locations: '2 Pier Road, Harbourtown.',
      faqs: 'Do you sell birthday candles?\nYes, in packs of twelve at the counter.',
      terms_of_service: 'https://harbour-bakery.example/terms',
      privacy_policy: 'https://harbour-bakery.example/privacy',
      business_logo: pngDataUrl(),
    }
    const reply = await owner().post(path.edit(id), edit)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ response: DATA_UPDATED })
    const got = (await owner().get(path.get(id))).body
    const { business_logo: _logo, ...fields } = edit
    expect(got).toMatchObject(fields)
    expect(got.pricing_plans).toEqual(plans)
    expect(got.logo_url).toStartWith(`${app.url}/media/logos/${id}/`)
    expect((await fetch(got.logo_url)).headers.get('content-type')).toBe('image/png')

    const chat = await client(app.url).post(path.chat(id), { visitor_id: 'visitor-faq', message: 'Do you sell birthday candles?' })
    expect(chat.status).toBe(200)
    expect(chat.body.reply).toContain('packs of twelve')
  })

  test('null removes the logo and clears an optional text; the website Business Enquiries requires cannot be removed', async () => {
    expect((await owner().post(path.edit(id), { business_logo: null, faqs: null })).status).toBe(200)
    const got = (await owner().get(path.get(id))).body
    expect(got.logo_url).toBeNull()
    expect(got.faqs).toBeUndefined()
    const website = await owner().post(path.edit(id), { business_website: null })
    expect(website.status).toBe(400)
    expect(website.body.field).toBe('business_website')
  })

  test("another type's field is unknown; one bad field changes nothing", async () => {
    const stranger = await owner().post(path.edit(id), { chatbot_name: 'Renamed', quotes_validity: '30' })
    expect(stranger.status).toBe(400)
    expect(stranger.body.error).toBe(unknownField('quotes_validity'))
    const before = (await owner().get(path.get(id))).body
    const bad = await owner().post(path.edit(id), {
      chatbot_name: 'Renamed',
      operating_hours: 'Never',
      pricing_plans: [{ ...BAKERY_PRICES[0], 'Price excluding VAT': 'cheap' }],
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: 'pricing_plans[0].Price excluding VAT: must be a price such as 12.50', field: 'pricing_plans[0].Price excluding VAT' })
    const empty = await owner().post(path.edit(id), { pricing_plans: [] })
    expect(empty.body.error).toBe('pricing_plans: must have at least 1 item')
    const url = await owner().post(path.edit(id), { terms_of_service: 'ftp://files.example/terms' })
    expect(url.body.error).toBe('terms_of_service: must be an absolute http or https URL')
    const after = (await owner().get(path.get(id))).body
    expect(after).toEqual(before)
  })

  test('multipart: a logo file part, lists as JSON text, owner_notifications as text', async () => {
    const form = new FormData()
    form.append('business_logo', new Blob([tinyPng() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'logo.png')
    form.append('pricing_plans', JSON.stringify(BAKERY_PRICES.slice(0, 2)))
    form.append('owner_notifications', 'false')
    form.append('user_allowance', '40')
    const reply = await owner().form(path.edit(id), form)
    expect(reply.status).toBe(200)
    const got = (await owner().get(path.get(id))).body
    expect(got.pricing_plans).toEqual(BAKERY_PRICES.slice(0, 2))
    expect(got.owner_notifications).toBe(false)
    expect(got.user_allowance).toBe(40)
    expect(got.logo_url).not.toBeNull()
  })
})

describe('Quote Generation', () => {
  test('a new price is used by the next quote; the stored lead keeps its total; the logo cannot be removed; webhook_url still edits', async () => {
    const id = (await createChatbot(app, token, 'quote')).id
    const visitor = client(app.url)
    const quote = () => visitor.post(path.quote(id), { visitor_id: 'v-q', client_name: 'Ada', client_email: 'ada@client.example', items: [{ name: 'Wedding cake', quantity: 1 }] })
    const first = await quote()
    expect(first.body.total_excluding_vat).toBe('250.00')
    const plans = BAKERY_PRICES.map((p) => (p['Product/Service Name'] === 'Wedding cake' ? { ...p, 'Price excluding VAT': '300', 'Price including VAT': '324' } : p))
    expect(
      (
        await owner().post(path.edit(id), {
          pricing_plans: plans,
          currency: 'USD',
          quotes_validity: '14',
          delivery_fees: null,
          webhook_url: 'https://hooks.example/leads',
          contact_information: 'orders@sweetcrumb.example',
          address_locations: '5 Mill Lane, Harbourtown.',
          payment_terms: 'Half on ordering, half on delivery.',
          business_industry: 'Catering',
          business_website: 'https://sweetcrumb.example',
        })
      ).status,
    ).toBe(200)
    const second = await quote()
    expect(second.body).toMatchObject({ total_excluding_vat: '300.00', currency: 'USD', quote_number: 'Q-000002' })
    const leads = (await owner().get(path.leads(id))).body.leads
    expect(leads.find((l: { quote_id: string }) => l.quote_id === first.body.quote_id)).toMatchObject({ total_excluding_vat: '250.00', currency: 'EUR' })
    const got = (await owner().get(path.get(id))).body
    expect(got).toMatchObject({
      currency: 'USD',
      quotes_validity: '14',
      webhook_url: 'https://hooks.example/leads',
      contact_information: 'orders@sweetcrumb.example',
      address_locations: '5 Mill Lane, Harbourtown.',
      payment_terms: 'Half on ordering, half on delivery.',
      business_industry: 'Catering',
      business_website: 'https://sweetcrumb.example',
    })
    expect(got.delivery_fees).toBeUndefined()

    const noLogo = await owner().post(path.edit(id), { business_logo: null })
    expect(noLogo.status).toBe(400)
    expect(noLogo.body.error).toBe(LOGO_REQUIRED)
    const validity = await owner().post(path.edit(id), { quotes_validity: 'a month' })
    expect(validity.body.error).toBe('quotes_validity: must be a whole number of days, such as 30')
    expect((await owner().post(path.edit(id), { faqs: 'x' })).body.error).toBe(unknownField('faqs'))
  })
})

describe('Data Collection', () => {
  test('a form under way finishes with the questions it started with; a new one asks the new questions', async () => {
    const id = (await createChatbot(app, token, 'data', { data_collection: BAKERY_QUESTIONS.slice(0, 2) })).id
    const visitor = client(app.url)
    const opened = await visitor.post(path.chat(id), { visitor_id: 'v-old', message: 'hi' })
    expect(opened.body.next_question.title).toBe('Name')

    const newQuestions = [{ title: 'Email', question: 'What is your e-mail address?', type: 'text' }]
    expect((await owner().post(path.edit(id), { data_collection: newQuestions })).status).toBe(200)

    const second = await visitor.post(path.chat(id), { visitor_id: 'v-old', session_id: opened.body.session_id, message: 'Grace' })
    expect(second.body.next_question.title).toBe('Guests')
    const done = await visitor.post(path.chat(id), { visitor_id: 'v-old', session_id: opened.body.session_id, message: '40' })
    expect(done.body.done).toBe(true)

    const fresh = await visitor.post(path.chat(id), { visitor_id: 'v-new', message: 'hi' })
    expect(fresh.body.next_question.title).toBe('Email')
    const [submission] = (await owner().get(path.submissions(id))).body.submissions
    expect(submission.answers.map((a: { title: string }) => a.title)).toEqual(['Name', 'Guests'])
    expect((await owner().post(path.edit(id), { business_website: null })).status).toBe(200)
    expect((await owner().get(path.get(id))).body.business_website).toBeNull()
  })
})

describe('Knowledge Retrieval', () => {
  test('its creation fields change (industry, website, logo); the fields of the other types are unknown', async () => {
    const id = (await createChatbot(app, token, 'knowledge')).id
    const reply = await owner().post(path.edit(id), { business_industry: 'Publishing', business_website: 'https://manuals.example', business_logo: pngDataUrl() })
    expect(reply.status).toBe(200)
    const got = (await owner().get(path.get(id))).body
    expect(got).toMatchObject({ business_industry: 'Publishing', business_website: 'https://manuals.example' })
    expect(got.logo_url).toStartWith(`${app.url}/media/logos/${id}/`)
    for (const field of ['pricing_plans', 'data_collection', 'currency', 'operating_hours', 'calendar_data']) {
      const refused = await owner().post(path.edit(id), { [field]: 'x' })
      expect([refused.status, refused.body.error]).toEqual([400, unknownField(field)])
    }
  })
})

describe('Appointment/Calendar Support', () => {
  test('its questions are replaced; calendars are edited with calendar-edit, not here; a bad question changes nothing', async () => {
    const id = (await createChatbot(app, token, 'appointment')).id
    const questions = [{ title: 'Phone', question: 'Which number can we call?', type: 'text' }]
    expect((await owner().post(path.edit(id), { data_collection: questions })).status).toBe(200)
    expect((await owner().get(path.get(id))).body.data_collection).toEqual(questions)
    const bad = await owner().post(path.edit(id), { data_collection: [{ title: 'Age', question: 'How old?', type: 'colour' }] })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('data_collection[0].type')
    expect((await owner().get(path.get(id))).body.data_collection).toEqual(questions)
    for (const field of ['calendar_data', 'pricing_plans', 'faqs']) expect((await owner().post(path.edit(id), { [field]: [] })).body.error).toBe(unknownField(field))
  })
})
