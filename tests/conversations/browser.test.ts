/**
 * The conversations pages in real headless Chromium: the owner signs in with the code the SMTP
 * sink received, reads a transcript with its sources and the visitor's rating, and turns an
 * unanswered question into an FAQ entry, which the chatbot in the live preview then answers.
 * Every page is screenshotted under test-artifacts/dashboard/ and scanned with axe-core.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { NOTICES } from '../../src/features/dashboard/notices'
import { launchChromium } from '../support/browser'
import { client, lastCodeFor, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'
import { ANSWERING_BAKERY } from '../answers/support'
import { createChatbot } from '../support/chatbots'

const ARTIFACTS = join(import.meta.dir, '../../test-artifacts/dashboard')
const EMAIL = 'inbox-browser@example.com'
const BICYCLE = 'Can you fix my bicycle?'
const T = 30_000

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let site: ReturnType<typeof Bun.serve>
let browser: Browser
let page: Page
let chatbotId: string
let sessionId: string

/** Screenshot, then no serious or critical accessibility violation. */
async function check(name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `conversations-${name}.png`), fullPage: true })
  const result = await new AxeBuilder({ page }).analyze()
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true })
  // A stand-in for the markdown CDN the widget loads (the tests run offline).
  site = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('', { headers: { 'content-type': 'application/javascript' } }) })
  smtp = await startSmtpSink()
  app = await startTestApp({ SMTP_URL: smtp.url, MARKDOWN_CDN_URL: `http://127.0.0.1:${site.port}/marked.js` }, { mailbox: () => smtp.messages })
  const token = await subscribedToken(app, EMAIL)
  chatbotId = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
  // A visitor's conversation: one answered question, rated up, and one the material cannot answer, rated down.
  const visitor = client(app.url)
  const first = await visitor.post(`/api/v1.0/chat/${chatbotId}/`, { visitor_id: 'visitor-zoe', message: 'Do you bake gluten-free bread?' })
  sessionId = first.body.session_id
  app.clock.advance(30_000)
  const second = await visitor.post(`/api/v1.0/chat/${chatbotId}/`, { visitor_id: 'visitor-zoe', session_id: sessionId, message: BICYCLE })
  await visitor.post(`/api/v1.0/chat/${chatbotId}/feedback/`, { visitor_id: 'visitor-zoe', session_id: sessionId, message_id: first.body.message_id, rating: 'up' })
  await visitor.post(`/api/v1.0/chat/${chatbotId}/feedback/`, { visitor_id: 'visitor-zoe', session_id: sessionId, message_id: second.body.message_id, rating: 'down' })
  await visitor.post(`/api/v1.0/chat/${chatbotId}/`, { visitor_id: 'visitor-yan', message: 'can you fix my  BICYCLE?' })

  browser = await launchChromium()
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  context.setDefaultTimeout(10_000)
  page = await context.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  site?.stop(true)
  await app?.stop()
  await smtp?.stop()
})

describe('conversations in the dashboard, in Chromium', () => {
  test(
    'sign in with the e-mailed code',
    async () => {
      app.clock.advance(61_000)
      await page.goto(`/dashboard/chatbots/${chatbotId}/conversations/`)
      await page.getByLabel('E-mail address').fill(EMAIL)
      await page.getByRole('button', { name: 'Send me a code' }).click()
      await page.waitForURL(/\/dashboard\/login\/code\//)
      await page.getByLabel('Login code').fill(await lastCodeFor(app, EMAIL))
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL(/\/conversations\/$/)
    },
    T,
  )

  test(
    'the owner reads a transcript with its sources and the ratings',
    async () => {
      const rows = page.getByRole('region', { name: 'Conversations' }).getByRole('row')
      expect(await rows.count()).toBe(3) // the heading row and two conversations
      const zoe = page.getByRole('row', { name: /visitor-zoe/ })
      expect(await zoe.getByRole('cell').nth(2).textContent()).toBe('4')
      expect(await zoe.textContent()).toContain('1 not answered')
      await check('inbox')

      await zoe.getByRole('link').click()
      await page.waitForURL(new RegExp(`/conversations/${sessionId}/$`))
      const messages = page.getByRole('list', { name: 'Messages' }).locator(':scope > li')
      expect(await messages.count()).toBe(4)
      expect(await messages.nth(0).textContent()).toContain('Do you bake gluten-free bread?')
      const answered = messages.nth(1)
      expect(await answered.textContent()).toContain('Yes, every Tuesday and Friday.')
      // The reply's Markdown is rendered: its source line in italics, no asterisks.
      expect(await answered.locator('.markdown em').first().textContent()).toStartWith('Source: ')
      expect(await answered.locator('.markdown').textContent()).not.toContain('*')
      expect(await answered.textContent()).toContain('rated this reply helpful')
      await answered.getByText('Sources (1)').click()
      expect(await answered.locator('blockquote').first().isVisible()).toBe(true)
      expect(await answered.locator('blockquote').first().textContent()).toContain('gluten-free')
      const refused = messages.nth(3)
      expect(await refused.textContent()).toContain('not answered')
      expect(await refused.textContent()).toContain('rated this reply not helpful')
      await check('transcript')
    },
    T,
  )

  test(
    'an unanswered question becomes an FAQ entry, and the chatbot then answers it',
    async () => {
      await page.getByRole('link', { name: 'Unanswered questions' }).click()
      await page.waitForURL(/\/unanswered\/$/)
      const row = page.getByRole('row', { name: /bicycle/i })
      expect(await row.getByRole('cell').first().textContent()).toBe('2')
      await check('unanswered')

      await row.getByText('Answer as an FAQ').click()
      await row.getByRole('button', { name: 'Add to FAQs' }).click()
      // The browser's own check stops an empty answer first; the server would refuse it too.
      expect(page.url()).toMatch(/\/unanswered\/$/)
      const answer = 'Yes: our workshop repairs bicycles on Saturdays, from 9:00 to 12:00.'
      await row.getByLabel('Answer').fill(answer)
      await row.getByRole('button', { name: 'Add to FAQs' }).click()
      await page.waitForURL(/notice=faq-added/)
      expect(await page.locator('.notice').first().textContent()).toContain(NOTICES['faq-added'])
      expect(await page.getByRole('row', { name: /bicycle/i }).textContent()).toContain('in FAQs')
      await check('unanswered-faq-added')

      // A visitor asks in the live preview of the widget, and gets the new answer.
      await page.getByRole('link', { name: 'Settings and embed code' }).click()
      await page.locator('iframe.preview-frame').scrollIntoViewIfNeeded()
      const widget = page.frameLocator('iframe.preview-frame')
      await widget.getByTestId('chatbot-launcher').click()
      await widget.getByTestId('chatbot-input').fill(BICYCLE)
      await widget.getByTestId('chatbot-send').click()
      const reply = widget.locator('[data-testid="chatbot-message"][data-role="bot"]:not([data-greeting])').last()
      await reply.waitFor()
      expect(await reply.textContent()).toContain('repairs bicycles on Saturdays')

      // The visitor rates the reply in the widget; the owner's transcript shows it.
      const helpful = reply.getByRole('button', { name: 'Helpful', exact: true })
      expect(await helpful.getAttribute('aria-pressed')).toBe('false')
      await helpful.click()
      await reply.locator('[data-testid="chatbot-rate-up"][aria-pressed="true"]').waitFor()
      expect(await reply.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('false')
      await page.screenshot({ path: join(ARTIFACTS, 'conversations-faq-answered-in-widget.png'), fullPage: true })

      // The rating stays with the conversation the widget keeps across a reload.
      await page.reload()
      await page.locator('iframe.preview-frame').scrollIntoViewIfNeeded()
      await widget.getByTestId('chatbot-launcher').click()
      const kept = widget.locator('[data-testid="chatbot-message"][data-role="bot"]:not([data-greeting])').last()
      await kept.locator('[data-testid="chatbot-rate-up"][aria-pressed="true"]').waitFor()

      await page.getByRole('link', { name: 'Conversations' }).click()
      await page.waitForURL(/\/conversations\/$/)
      const rows = page.getByRole('region', { name: 'Conversations' }).getByRole('row')
      expect(await rows.count()).toBe(4)
      // The newest conversation is the widget's, first in the list.
      await rows.nth(1).getByRole('link').click()
      await page.waitForURL(/\/conversations\/[^/]+\/$/)
      const messages = page.getByRole('list', { name: 'Messages' }).locator(':scope > li')
      expect(await messages.nth(0).textContent()).toContain(BICYCLE)
      expect(await messages.nth(1).textContent()).toContain('repairs bicycles on Saturdays')
      expect(await messages.nth(1).textContent()).toContain('rated this reply helpful')
    },
    T,
  )
})
