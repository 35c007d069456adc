// The dashboard's conversations inbox, transcripts and unanswered questions, as a browser without
// JavaScript uses them (the Chromium walk is in browser.test.ts): pages, paging, the FAQ form.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { faqEntry, FAQ_ANSWER_REQUIRED } from '../../src/features/chatbots/faqs'
import { NOTHING_FOUND } from '../../src/features/answers/texts'
import { NOTICES } from '../../src/features/dashboard/notices'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { ANSWERING_BAKERY, DOCS_HELPER } from '../answers/support'
import { createChatbot } from '../support/chatbots'
import { csrfOf, signIn, type FormClient } from '../dashboard/browser-client'

let app: TestApp
let token: string
let browser: FormClient
let csrf: string
let business: string

const chat = (id: string, body: Record<string, unknown>) => client(app.url).post(`/api/v1.0/chat/${id}/`, body)
const BICYCLE = 'Can you fix my bicycle?'

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'pages-owner@example.com')
  await subscribedToken(app, 'pages-other@example.com')
  business = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
  ;({ client: browser, csrf } = await signIn(app, 'pages-owner@example.com'))
})
afterAll(() => app.stop())

describe('inbox and transcript', () => {
  test('the inbox lists conversations with their counts and links to each transcript, which shows sources and ratings', async () => {
    const first = await chat(business, { visitor_id: 'visitor-ann', message: 'Do you bake gluten-free bread?' })
    app.clock.advance(1000)
    const second = await chat(business, { visitor_id: 'visitor-ann', session_id: first.body.session_id, message: BICYCLE })
    await client(app.url).post(`/api/v1.0/chat/${business}/feedback/`, {
      visitor_id: 'visitor-ann',
      session_id: first.body.session_id,
      message_id: first.body.message_id,
      rating: 'up',
    })
    await client(app.url).post(`/api/v1.0/chat/${business}/feedback/`, {
      visitor_id: 'visitor-ann',
      session_id: first.body.session_id,
      message_id: second.body.message_id,
      rating: 'down',
    })

    const inbox = await browser.get(`/dashboard/chatbots/${business}/conversations/`)
    expect(inbox.status).toBe(200)
    expect(inbox.html).toContain('visitor-ann')
    expect(inbox.html).toContain('1 not answered')
    const href = `/dashboard/chatbots/${business}/conversations/${first.body.session_id}/`
    expect(inbox.html).toContain(`href="${href}"`)

    const transcript = await browser.get(href)
    expect(transcript.status).toBe(200)
    expect(transcript.html).toContain('Do you bake gluten-free bread?')
    expect(transcript.html).toContain('Yes, every Tuesday and Friday.')
    expect(transcript.html).toContain('Sources (1)')
    expect(transcript.html).toContain(NOTHING_FOUND.replace(/'/g, '&#39;'))
    expect(transcript.html).toContain('rated this reply helpful')
    expect(transcript.html).toContain('rated this reply not helpful')
    // Each message's time, exactly as the API has it, for machines and assistive technology.
    const view = (await client(app.url, token).get(`/api/v1.0/chatbot-conversation-view/${business}/?session_id=${first.body.session_id}`)).body
    for (const message of view.messages) expect(transcript.html).toContain(`datetime="${message.created_at}"`)
  })

  test('a visitor message with markup is shown as text', async () => {
    const evil = await chat(business, { visitor_id: 'visitor-evil', message: '<script>alert(1)</script> hours?' })
    const page = await browser.get(`/dashboard/chatbots/${business}/conversations/${evil.body.session_id}/`)
    expect(page.html).not.toContain('<script>alert(1)</script>')
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  test("the chatbot's replies are shown as their Markdown renders; markup in a reply does not run", async () => {
    const asked = await chat(business, { visitor_id: 'visitor-md', message: 'Do you bake gluten-free bread?' })
    const href = `/dashboard/chatbots/${business}/conversations/${asked.body.session_id}/`
    // An answered reply ends with its source line, in italics with a link (answers/texts.ts sourceLine).
    expect(asked.body.reply).toContain('*Source: ')
    const page = await browser.get(href)
    expect(page.html).toContain('<div class="message-text markdown"><p>Do you bake gluten-free bread?<br>Yes, every Tuesday and Friday.</p><p><em>Source: FAQ</em></p></div>')
    expect(page.html).toMatch(/<em>Source: /)
    expect(page.html).not.toContain('*Source: ')

    // A reply holding HTML and a script link (as a language model might write one): shown, never run.
    const hostile = '**Bold** <img src=x onerror="alert(1)"><script>alert(2)</script> [click](javascript:alert(3))'
    await app.ctx.db.updateTable('chat_messages').set({ text: hostile }).where('id', '=', asked.body.message_id).execute()
    const shown = (await browser.get(href)).html
    expect(shown).toContain('<strong>Bold</strong>')
    expect(shown).not.toMatch(/<img src=x|onerror|<script>alert|javascript:/)
    expect(shown).toContain('click')
  })

  test('the inbox pages through older conversations, 25 at a time', async () => {
    const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    for (let i = 0; i < 27; i++) {
      app.clock.advance(1000)
      await chat(id, { visitor_id: `crowd-${String(i).padStart(2, '0')}`, message: 'hello' })
    }
    const first = await browser.get(`/dashboard/chatbots/${id}/conversations/`)
    expect(first.html).toContain('crowd-26')
    expect(first.html).not.toContain('crowd-01')
    const older = /href="([^"]+\?after=[^"]+)"/.exec(first.html)?.[1]
    expect(older).toBeDefined()
    const second = await browser.get(older!.replace(/&amp;/g, '&'))
    expect(second.status).toBe(200)
    expect(second.html).toContain('crowd-01')
    expect(second.html).toContain('crowd-00')
    expect(second.html).not.toContain('crowd-26')
    expect(second.html).toContain('Newest conversations')
    expect(second.html).not.toContain('Older conversations')
  })

  test("an unknown session is a 404 page; another account's chatbot a 403 page", async () => {
    expect((await browser.get(`/dashboard/chatbots/${business}/conversations/no-such-session/`)).status).toBe(404)
    const { client: other } = await signIn(app, 'pages-other@example.com')
    expect((await other.get(`/dashboard/chatbots/${business}/conversations/`)).status).toBe(403)
    expect((await other.get(`/dashboard/chatbots/${business}/unanswered/`)).status).toBe(403)
  })
})

describe('unanswered questions', () => {
  test('Business Enquiries: an unanswered question becomes an FAQ entry, and the chatbot then answers it', async () => {
    const id = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
    await chat(id, { visitor_id: 'v-1', message: BICYCLE })
    await chat(id, { visitor_id: 'v-2', message: 'can you fix my  BICYCLE?' })
    const page = await browser.get(`/dashboard/chatbots/${id}/unanswered/`)
    expect(page.status).toBe(200)
    expect(page.html).toMatch(/Can you fix my bicycle\?|can you fix my {2}BICYCLE\?/)
    expect(page.html).toContain('Answer as an FAQ')

    // A missing answer is shown next to its field, with what was typed kept.
    const refused = await browser.post(`/dashboard/chatbots/${id}/unanswered/faq/`, { _csrf: csrf, row: '0', question: BICYCLE, answer: ' ' })
    expect(refused.status).toBe(400)
    expect(refused.html).toContain(FAQ_ANSWER_REQUIRED)
    expect(refused.html).toContain('id="faq-0-answer-error"')
    expect(refused.html).toContain('aria-invalid="true"')

    const answer = 'Yes: our workshop repairs bicycles on Saturdays, from 9:00 to 12:00.'
    const added = await browser.post(`/dashboard/chatbots/${id}/unanswered/faq/`, { _csrf: csrfOf(refused.html), row: '0', question: BICYCLE, answer })
    expect(added.status).toBe(303)
    expect(added.location).toBe(`/dashboard/chatbots/${id}/unanswered/?notice=faq-added`)
    const after = await browser.get(added.location!)
    expect(after.html).toContain(NOTICES['faq-added'])
    expect(after.html).toContain('in FAQs')

    const settings = (await client(app.url, token).get(`/api/v1.0/chatbot-get/${id}/`)).body
    expect(settings.faqs.endsWith(`\n\n${faqEntry(BICYCLE, answer)}`)).toBe(true)
    const reply = await chat(id, { visitor_id: 'v-3', message: BICYCLE })
    expect(reply.body.answered).toBe(true)
    expect(reply.body.reply).toContain('repairs bicycles on Saturdays')
  })

  test('Knowledge Retrieval lists them without the FAQ form, and refuses an FAQ post', async () => {
    const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    await chat(id, { visitor_id: 'v-1', message: BICYCLE })
    const page = await browser.get(`/dashboard/chatbots/${id}/unanswered/`)
    expect(page.status).toBe(200)
    expect(page.html).toContain(BICYCLE)
    expect(page.html).not.toContain('Answer as an FAQ')
    const post = await browser.post(`/dashboard/chatbots/${id}/unanswered/faq/`, { _csrf: csrf, row: '0', question: BICYCLE, answer: 'No.' })
    expect(post.status).toBe(400)
    expect((await client(app.url, token).get(`/api/v1.0/chatbot-get/${id}/`)).body.faqs).toBeUndefined()
  })

  test('the tabs: every type has Conversations; only the answering types have Unanswered questions', async () => {
    const overview = await browser.get(`/dashboard/chatbots/${business}/`)
    expect(overview.html).toContain(`href="/dashboard/chatbots/${business}/conversations/"`)
    expect(overview.html).toContain(`href="/dashboard/chatbots/${business}/unanswered/"`)
    const form = (
      await client(app.url, token).post('/api/v1.0/api-data-collection/', {
        chatbot_name: 'Form',
        chatbot_greeting: 'Hi',
        business_industry: 'Events',
        data_collection: [{ title: 'Name', question: 'Your name?', type: 'text' }],
      })
    ).body.chatbot_id
    const formPage = await browser.get(`/dashboard/chatbots/${form}/`)
    expect(formPage.html).toContain(`href="/dashboard/chatbots/${form}/conversations/"`)
    expect(formPage.html).not.toContain(`href="/dashboard/chatbots/${form}/unanswered/"`)
    expect((await browser.get(`/dashboard/chatbots/${form}/unanswered/`)).status).toBe(400)
  })
})
