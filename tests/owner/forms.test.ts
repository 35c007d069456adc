// Forms people can fill (issue 15): a submit with several mistakes shows all of them at once, each
// next to its field, in plain words: no schema wording, no API field names, no endpoint names.
// Every dashboard form that takes typed input is submitted here with mistakes in several fields.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { LOGO_FORM_MESSAGE } from '../../src/features/dashboard/texts'
import { formOf, type FormClient, signIn } from '../dashboard/browser-client'

let app: TestApp
let token: string
let browser: FormClient
const OWNER = 'forms@bakery.example'

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, OWNER)
  browser = (await signIn(app, OWNER)).client
})
afterAll(() => app.stop())

const decode = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The message shown next to each input, by the input's id. */
function fieldErrors(html: string): Map<string, string> {
  const errors = new Map<string, string>()
  for (const m of html.matchAll(/<p class="field-error" id="([^"]+)-error">([\s\S]*?)<\/p>/g)) errors.set(m[1], decode(m[2]).replace(/^Error: /, ''))
  return errors
}

/** The error summary's lines. */
function summary(html: string): string[] {
  const box = /<div class="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
  return [...box.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => decode(m[1]))
}

/** Wording meant for programs, which a person filling the form must never see. */
const MACHINE_WORDS = /Expected|must match|%PDF-|endpoint|\b[a-z]+_[a-z_]+\b|min\d\dApp|\[\d+\]|\$\{/

/** Every id has a message next to it, the summary has one line per problem, and none reads like a program's. */
function expectShown(html: string, ids: string[]) {
  const errors = fieldErrors(html)
  expect([...errors.keys()].sort()).toEqual([...ids].sort())
  const lines = summary(html)
  expect(lines).toHaveLength(ids.length)
  for (const text of [...errors.values(), ...lines]) expect(text).not.toMatch(MACHINE_WORDS)
  return errors
}

async function creationForm(slug: string): Promise<Record<string, string>> {
  const page = await browser.get(`/dashboard/chatbots/new/${slug}/`)
  expect(page.status).toBe(200)
  return Object.fromEntries(formOf(page.html))
}

describe('creation forms, one per type', () => {
  test('Knowledge Retrieval: five mistakes, five messages', async () => {
    const form = { ...(await creationForm('knowledge-retrieval')), chatbot_greeting: '   ', business_website: 'example dot com', user_allowance: '0' }
    const refused = await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', form)
    expect(refused.status).toBe(400)
    const errors = expectShown(refused.html, ['f-chatbot_name', 'f-chatbot_greeting', 'f-chatbot_instructions', 'f-business_industry', 'f-business_website', 'f-user_allowance'])
    expect(errors.get('f-chatbot_name')).toBe('Chatbot name is required')
    expect(errors.get('f-business_website')).toBe('Website must be an absolute http or https URL')
    expect(errors.get('f-user_allowance')).toBe('Messages per visitor per day must be at least 1')
  })

  test('Business Enquiries: a price that is not one, a row without a name, a bad terms address', async () => {
    const form = {
      ...(await creationForm('business-enquiries')),
      chatbot_name: 'Bakery',
      chatbot_greeting: 'Hello',
      chatbot_instructions: 'Ask away',
      business_industry: 'Bakery',
      business_website: 'https://bakery.example',
      terms_of_service: 'our terms',
      'plan-0-name': 'Sourdough',
      'plan-0-excl': 'cheap',
      'plan-0-incl': '4.86',
      'plan-1-excl': '5',
      'plan-1-incl': '6',
    }
    const refused = await browser.post('/dashboard/chatbots/new/business-enquiries/', form)
    expect(refused.status).toBe(400)
    const errors = expectShown(refused.html, ['f-terms_of_service', 'plan-0-excl', 'plan-1-name'])
    expect(errors.get('plan-0-excl')).toContain('must be a price such as 12.50')
    expect(summary(refused.html)).toContain('Item 1 price excluding VAT must be a price such as 12.50')
    expect(refused.html).toContain('value="cheap"')
  })

  test('Data Collection: a question without its text, one without its label, a bad website', async () => {
    const form = {
      ...(await creationForm('data-collection')),
      chatbot_name: 'Sign-up',
      chatbot_greeting: 'Hello',
      business_industry: 'Bakery',
      business_website: 'bakery',
      'question-0-title': 'Name',
      'question-1-question': 'How old are you?',
    }
    const refused = await browser.post('/dashboard/chatbots/new/data-collection/', form)
    expect(refused.status).toBe(400)
    expectShown(refused.html, ['f-business_website', 'question-0-question', 'question-1-title'])
  })

  test('Quote Generation: no logo, no currency, a validity that is not days, a bad price', async () => {
    const form = {
      ...(await creationForm('quote-generation')),
      chatbot_name: 'Quotes',
      chatbot_greeting: 'Hello',
      business_industry: 'Catering',
      quotes_validity: 'a month',
      'plan-0-name': 'Wedding cake',
      'plan-0-excl': '250',
      'plan-0-incl': 'lots',
    }
    const refused = await browser.post('/dashboard/chatbots/new/quote-generation/', form)
    expect(refused.status).toBe(400)
    const errors = expectShown(refused.html, ['f-business_logo', 'f-currency', 'f-quotes_validity', 'plan-0-incl'])
    expect(errors.get('f-quotes_validity')).toContain('must be a whole number of days, such as 30')
    expect(errors.get('f-business_logo')).toBe('Logo is required')
  })

  test('a logo that is not an image is named beside the other mistakes, and not kept', async () => {
    const form = {
      ...(await creationForm('knowledge-retrieval')),
      chatbot_greeting: 'Hello',
      chatbot_instructions: 'Ask away',
      business_industry: 'Bakery',
      business_logo: new File(['<svg onload="alert(1)"></svg>'], 'logo.png', { type: 'image/png' }),
    }
    const refused = await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', form)
    expect(refused.status).toBe(400)
    const errors = expectShown(refused.html, ['f-business_logo', 'f-chatbot_name'])
    expect(errors.get('f-business_logo')).toBe(LOGO_FORM_MESSAGE)
    expect(refused.html).not.toContain('name="business_logo_kept"')
  })

  test('Appointment/Calendar Support: the chatbot and its calendar, every mistake of both', async () => {
    const form = {
      ...(await creationForm('appointment-calendar')),
      chatbot_greeting: 'Hello',
      business_industry: 'Clinic',
      'calendar-0-calendar_name': 'Consultations',
      'calendar-0-calendar_email': 'desk.example.com',
      'calendar-0-daily_start': '18:00',
      'calendar-0-daily_end': '08:00',
      'calendar-0-local_timezone': 'Europe/Paris',
    }
    delete (form as Record<string, string>)['calendar-0-min30App']
    const chatbots = async () => (await client(app.url, token).get('/api/v1.0/chatbot-list/')).body.chatbots.length
    const before = await chatbots()
    const refused = await browser.post('/dashboard/chatbots/new/appointment-calendar/', form)
    expect(refused.status).toBe(400)
    const errors = expectShown(refused.html, ['f-chatbot_name', 'calendar-0-calendar_email', 'calendar-0-daily_end', 'calendar-0-min15App'])
    expect(errors.get('calendar-0-daily_end')).toBe('Closes at must be later than the opening time')
    expect(errors.get('calendar-0-min15App')).toBe('Choose at least one appointment length.')
    expect(summary(refused.html)).toContain('Calendar 1 notification e-mail must be an e-mail address, such as bookings@example.com')
    // Nothing was created, and what was typed is still there.
    expect(await chatbots()).toBe(before)
    expect(refused.html).toContain('value="desk.example.com"')
  })
})

describe('the settings form', () => {
  test('an empty name, a bad website, a text file as logo and a bad price row: all four at once, nothing saved', async () => {
    const { id } = await createChatbot(app, token, 'business')
    const editUrl = `/dashboard/chatbots/${id}/edit/`
    const form = {
      ...Object.fromEntries(formOf((await browser.get(editUrl)).html)),
      chatbot_name: '',
      business_website: 'www',
      'plan-0-incl': 'twelve',
      business_logo: new File(['not an image'], 'logo.png', { type: 'image/png' }),
    }
    const refused = await browser.post(editUrl, form)
    expect(refused.status).toBe(400)
    expectShown(refused.html, ['f-chatbot_name', 'f-business_website', 'f-business_logo', 'plan-0-incl'])
    const got = (await client(app.url, token).get(path.get(id))).body
    expect([got.chatbot_name, got.logo_url]).toEqual(['Harbour Bakery', null])
  })
})

describe('calendar forms', () => {
  test('add: four mistakes shown at once; edit: three', async () => {
    const { id } = await createChatbot(app, token, 'appointment')
    const list = await browser.get(`/dashboard/chatbots/${id}/calendars/`)
    const row = {
      ...Object.fromEntries(formOf(list.html)),
      'calendar-0-calendar_name': ' ',
      'calendar-0-calendar_email': 'repairs',
      'calendar-0-daily_start': '17:00',
      'calendar-0-daily_end': '17:00',
      'calendar-0-local_timezone': 'Europe/Paris',
    }
    delete (row as Record<string, string>)['calendar-0-min30App']
    const added = await browser.post(`/dashboard/chatbots/${id}/calendars/`, row)
    expect(added.status).toBe(400)
    const errors = expectShown(added.html, ['calendar-0-calendar_name', 'calendar-0-calendar_email', 'calendar-0-daily_end', 'calendar-0-min15App'])
    expect(errors.get('calendar-0-calendar_name')).toBe('Calendar name is required')
    expect((await client(app.url, token).get(path.calendarView(id))).body.calendar_list).toHaveLength(1)

    const calendarId = (await client(app.url, token).get(path.calendarView(id))).body.calendar_list[0].calendar_id
    const editUrl = `/dashboard/chatbots/${id}/calendars/${calendarId}/edit/`
    const fields = Object.fromEntries(formOf((await browser.get(editUrl)).html))
    const edit = { ...fields, 'calendar-0-calendar_email': 'desk@', 'calendar-0-daily_start': '10:00', 'calendar-0-daily_end': '09:00' }
    for (const k of ['min15App', 'min30App', 'min45App', 'min60App']) delete (edit as Record<string, string>)[`calendar-0-${k}`]
    const edited = await browser.post(editUrl, edit)
    expect(edited.status).toBe(400)
    expectShown(edited.html, ['calendar-0-calendar_email', 'calendar-0-daily_end', 'calendar-0-min15App'])
    expect(edited.html).toContain('value="desk@"')
  })
})

describe('unanswered questions into FAQs', () => {
  test('an FAQ entry with neither question nor answer names both', async () => {
    const { id } = await createChatbot(app, token, 'business')
    await client(app.url).post(path.chat(id), { visitor_id: 'v-faq', message: 'Can you fix my bicycle?' })
    const page = await browser.get(`/dashboard/chatbots/${id}/unanswered/`)
    expect(page.html).toContain('Can you fix my bicycle?')
    const refused = await browser.post(`/dashboard/chatbots/${id}/unanswered/faq/`, { ...Object.fromEntries(formOf(page.html)), row: '0', question: ' ', answer: '' })
    expect(refused.status).toBe(400)
    expectShown(refused.html, ['faq-0-question', 'faq-0-answer'])
  })
})

describe('training material', () => {
  test('a file that is not a PDF is named in plain words', async () => {
    const { id } = await createChatbot(app, token, 'knowledge')
    const page = await browser.get(`/dashboard/chatbots/${id}/training/`)
    const upload = await browser.post(`/dashboard/chatbots/${id}/documents/`, {
      ...Object.fromEntries(formOf(page.html)),
      documents: new File(['just some notes'], 'notes.txt', { type: 'text/plain' }),
    })
    expect(upload.status).toBe(400)
    const errors = expectShown(upload.html, ['documents'])
    expect(errors.get('documents')).toContain('notes.txt')
    expect(errors.get('documents')).toContain('not a PDF')
  })

  test('every line of the web pages box that is not an address is named, and none is queued', async () => {
    const { id } = await createChatbot(app, token, 'knowledge')
    const page = await browser.get(`/dashboard/chatbots/${id}/training/`)
    const refused = await browser.post(`/dashboard/chatbots/${id}/links/`, {
      ...Object.fromEntries(formOf(page.html)),
      links: 'https://bakery.example/menu\nbakery dot example\nftp://bakery.example/files',
    })
    expect(refused.status).toBe(400)
    const errors = expectShown(refused.html, ['links'])
    expect(errors.get('links')).toBe(
      'Line 2 (bakery dot example) must be an absolute http or https URL. Line 3 (ftp://bakery.example/files) must be an absolute http or https URL.',
    )
    expect((await client(app.url, token).get(path.linkStatus(id))).body.jobs).toEqual([])
  })
})
