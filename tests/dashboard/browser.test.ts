/**
 * The dashboard in real headless Chromium: sign-in by e-mail code, a Knowledge Retrieval chatbot
 * trained with a PDF and a local web page, the embed code copied, leads, submissions and
 * appointments made through the public chat API, a CSV export, a token revoked. Every page is
 * screenshotted under test-artifacts/dashboard/ and scanned with axe-core.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { client, lastCodeFor, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES, PRICE_LIST } from '../support/chatbots'
import { startSmtpSink } from '../support/smtp-sink'

const ARTIFACTS = join(import.meta.dir, '../../test-artifacts/dashboard')
const EMAIL = 'owner@example.com'

let app: TestApp
let token: string
let site: ReturnType<typeof Bun.serve>
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let browser: Browser
let context: BrowserContext
let page: Page
let shot = 0

/** A small site to train on, and a stand-in for the markdown CDN (the tests run offline). */
function startSite() {
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const path = new URL(request.url).pathname
      if (path === '/marked.js') return new Response('', { headers: { 'content-type': 'application/javascript' } })
      return new Response(
        '<!doctype html><html><head><title>Delivery times</title></head><body><main><h1>Delivery times</h1><p>We deliver within three working days across the whole country. Express delivery arrives the next morning.</p></main></body></html>',
        { headers: { 'content-type': 'text/html; charset=utf-8' } },
      )
    },
  })
}

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.setTitle('Opening hours guide')
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage().drawText('Our shop opens at nine in the morning and closes at six in the evening, Monday to Saturday.', { x: 40, y: 700, size: 11, font })
  return Buffer.from(await doc.save())
}

/** Screenshot, then no serious or critical accessibility violation. */
async function check(name: string) {
  shot += 1
  await page.screenshot({ path: join(ARTIFACTS, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true })
  const result = await new AxeBuilder({ page }).analyze()
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/** playwright-core has no test-runner expect: wait for a locator, then assert on what it shows. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > deadline) return value
    await Bun.sleep(100)
  }
}
const textOf = async (locator: Locator) => {
  await locator.first().waitFor()
  return until(
    () => locator.first().innerText(),
    (t) => t.trim() !== '',
  )
}
async function expectText(locator: Locator, text: string, ms?: number) {
  await locator.first().waitFor({ timeout: ms })
  expect(
    await until(
      () => locator.first().innerText(),
      (t) => t.includes(text),
      ms,
    ),
  ).toContain(text)
}
const visible = (locator: Locator, ms?: number) => locator.first().waitFor({ state: 'visible', timeout: ms })

const chatbotIdFromUrl = () => /\/dashboard\/chatbots\/([0-9a-f-]{36})\//.exec(page.url())![1]

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true })
  site = startSite()
  // Codes travel as real e-mail: the app sends over SMTP to a local sink and the test reads them there.
  smtp = await startSmtpSink()
  app = await startTestApp({ MARKDOWN_CDN_URL: `http://127.0.0.1:${site.port}/marked.js`, SMTP_URL: smtp.url }, { mailbox: () => smtp.messages })
  token = await subscribedToken(app, EMAIL)
  browser = await launchChromium()
  context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url })
  context.setDefaultTimeout(10_000)
  page = await context.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  site?.stop(true)
  await app?.stop()
  await smtp?.stop()
})

describe('the owner dashboard in Chromium', () => {
  let knowledgeId: string
  const T = 30_000

  test(
    'sign in with the e-mailed code',
    async () => {
      app.clock.advance(61_000)
      await page.goto('/dashboard/chatbots/')
      expect(page.url()).toContain('/dashboard/login/')
      await check('sign-in')
      await page.getByLabel('E-mail address').fill(EMAIL)
      await page.getByRole('button', { name: 'Send me a code' }).click()
      await page.waitForURL(/\/dashboard\/login\/code\//)
      await page.getByLabel('Login code').fill('000000')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expectText(page.getByRole('alert'), 'Invalid or expired login code.')
      // The summary takes focus so a screen reader announces it.
      expect(
        await until(
          () => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false),
          (v) => v,
        ),
      ).toBe(true)
      await check('sign-in-code-error')
      await page.getByLabel('Login code').fill(await lastCodeFor(app, EMAIL))
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL(/\/dashboard\/chatbots\/$/)
      expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Your chatbots')
      await check('chatbots-empty')
    },
    T,
  )

  test(
    'create a Knowledge Retrieval chatbot, with a validation error first',
    async () => {
      await page.getByRole('link', { name: 'Create a chatbot' }).first().click()
      await check('choose-type')
      await page.getByRole('link', { name: /Knowledge Retrieval/ }).click()
      await page.getByLabel('Chatbot name').fill('Shop helper')
      await page.getByLabel('Greeting').fill('Hello! Ask me about the shop.')
      await page.getByLabel('Industry').fill('Retail')
      await page.getByRole('button', { name: 'Create chatbot' }).click()
      await expectText(page.locator('#f-chatbot_instructions-error'), 'is required')
      expect(await page.locator('#f-chatbot_instructions').getAttribute('aria-invalid')).toBe('true')
      await check('create-knowledge-error')
      await page.getByLabel('Instructions for visitors').fill('Ask about opening hours and delivery.')
      await page.getByRole('button', { name: 'Create chatbot' }).click()
      await page.waitForURL(/\/dashboard\/chatbots\/[0-9a-f-]{36}\/\?notice=chatbot-created/)
      knowledgeId = chatbotIdFromUrl()
      await expectText(page.locator('.notice'), 'Chatbot created.')
      expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Shop helper')
    },
    T,
  )

  test(
    'copy the embed code; the preview loads the widget',
    async () => {
      const embed = (await client(app.url, token).get(`/api/v1.0/chatbot-get/${knowledgeId}/`)).body.embed_code
      expect(await page.getByLabel('Embed code').inputValue()).toBe(embed)
      await page.getByRole('button', { name: 'Copy embed code' }).click()
      await expectText(page.locator('#copy-status'), 'Copied to the clipboard.')
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(embed)
      const blocked: string[] = []
      const onConsole = (message: { text(): string }) => {
        if (message.text().includes('Content Security Policy')) blocked.push(message.text())
      }
      page.on('console', onConsole)
      await page.reload()
      const preview = page.frameLocator('iframe.preview-frame')
      expect(await preview.locator(`script[data-chatbot-id="${knowledgeId}"]`).count()).toBe(1)
      await preview.locator('chatbot-widget').waitFor({ state: 'attached', timeout: 10_000 })
      // The preview's own CSP lets the widget load, style itself and reach the API.
      await page.locator('iframe.preview-frame').scrollIntoViewIfNeeded()
      await preview.getByTestId('chatbot-launcher').click()
      await preview.getByTestId('chatbot-message-text').first().waitFor({ timeout: 10_000 })
      expect(await preview.getByTestId('chatbot-window').evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
      await preview.getByTestId('chatbot-close').click()
      page.off('console', onConsole)
      expect(blocked).toEqual([])
      await check('chatbot-overview')
    },
    T,
  )

  test(
    'upload a PDF and add a page that reaches "added"',
    async () => {
      await page.getByRole('link', { name: 'Training material' }).click()
      await check('training-empty')
      await page.getByLabel('PDF documents').setInputFiles({ name: 'hours.pdf', mimeType: 'application/pdf', buffer: await pdfBytes() })
      await page.getByRole('button', { name: 'Upload documents' }).click()
      await expectText(page.locator('.notice'), 'Documents added.')
      await visible(page.getByRole('link', { name: 'Opening hours guide' }))

      const url = `http://127.0.0.1:${site.port}/delivery`
      await page.getByLabel('Web page addresses').fill(url)
      await page.getByRole('button', { name: 'Add pages' }).click()
      await expectText(page.locator('.notice'), 'Links queued.')
      // The status table refreshes itself (dashboard.js) while a job is queued.
      const status = page.locator('#link-jobs tbody tr').filter({ hasText: url }).locator('[data-status]')
      expect(
        await until(
          () => status.getAttribute('data-status'),
          (v) => v === 'added',
          20_000,
        ),
      ).toBe('added')
      await page.reload()
      await visible(page.getByRole('link', { name: 'Delivery times' }))
      await check('training-filled')
    },
    T,
  )

  test(
    'leads: a quote made in the widget (the live preview), its PDF link, a CSV export',
    async () => {
      const quoteBot = (await client(app.url, token).post('/api/v1.0/api-quote-generation/', { ...CREATION_BODIES['/api/v1.0/api-quote-generation/'], chatbot_name: 'Quotes' }))
        .body.chatbot_id
      await page.goto(`/dashboard/chatbots/${quoteBot}/`)
      // The widget's launcher is fixed to the preview's corner: bring the whole preview on screen.
      await page.locator('iframe.preview-frame').scrollIntoViewIfNeeded()
      const widget = page.frameLocator('iframe.preview-frame')
      await widget.getByTestId('chatbot-launcher').click()
      await widget.getByTestId('quote-open').click()
      await widget.locator(`[data-testid="quote-qty"][data-name="${PRICE_LIST[1]['Product/Service Name']}"]`).fill('3')
      await widget.getByTestId('quote-name').fill('Grace Hopper')
      await widget.getByTestId('quote-email').fill('grace@example.com')
      await widget.getByTestId('quote-submit').click()
      await widget.getByTestId('quote-download').waitFor({ timeout: 10_000 })
      const quoteUrl = await widget.getByTestId('quote-download').getAttribute('href')
      const lead = (await client(app.url, token).get(`/api/v1.0/chatbot-leads/${quoteBot}/`)).body.leads[0]
      expect(lead.quote_url).toBe(quoteUrl)
      const quote = { body: { quote_url: lead.quote_url, quote_id: lead.quote_id } }
      await page.goto(`/dashboard/chatbots/${quoteBot}/leads/`)
      await visible(page.getByRole('row', { name: /Grace Hopper/ }))
      expect(await page.getByRole('link', { name: 'Quote PDF for Grace Hopper' }).getAttribute('href')).toBe(quote.body.quote_url)
      await check('leads')
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export leads as CSV' }).click()])
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
      expect(download.suggestedFilename()).toMatch(/^Quotes leads \d{4}-\d{2}-\d{2}\.csv$/)
      expect(csv).toContain(`Grace Hopper,grace@example.com,€,29.97,35.97,${quote.body.quote_id}`)
    },
    T,
  )

  test(
    'appointments: booked in the widget (the live preview), listed per calendar',
    async () => {
      const bot = (
        await client(app.url, token).post('/api/v1.0/api-appointment-calendar/', { ...CREATION_BODIES['/api/v1.0/api-appointment-calendar/'], chatbot_name: 'Bookings' })
      ).body.chatbot_id
      await page.goto(`/dashboard/chatbots/${bot}/`)
      // The widget's launcher is fixed to the preview's corner: bring the whole preview on screen.
      await page.locator('iframe.preview-frame').scrollIntoViewIfNeeded()
      const widget = page.frameLocator('iframe.preview-frame')
      await widget.getByTestId('chatbot-launcher').click()
      await widget.getByTestId('booking-open').click()
      await widget.getByTestId('booking-duration').selectOption('30')
      // Walk forward from today (in the calendar's zone) to the first day with a free slot.
      const status = widget.getByTestId('booking-slots-status')
      const settled = () =>
        until(
          async () => (await status.textContent()) ?? '',
          (t) => /available|No available/.test(t),
        )
      for (let day = 0; day < 10 && !/times? available/.test(await settled()); day++) await widget.getByTestId('booking-next-day').click()
      await widget.getByTestId('booking-slot').first().click()
      await widget.getByTestId('booking-name').fill('Alan Turing')
      await widget.getByTestId('booking-email').fill('alan@example.com')
      await widget.locator('[data-testid="booking-answer"][data-title="Name"]').fill('Alan')
      await widget.getByTestId('booking-submit').click()
      await widget.getByTestId('booking-confirmation').waitFor({ timeout: 10_000 })
      const booked = (await client(app.url, token).get(`/api/v1.0/chatbot-appointments/${bot}/`)).body.appointments
      expect(booked.map((a: { client_name: string }) => a.client_name)).toEqual(['Alan Turing'])
      await page.goto(`/dashboard/chatbots/${bot}/appointments/`)
      await visible(page.getByRole('heading', { name: 'Consultations' }))
      await expectText(page.getByRole('region', { name: 'Upcoming appointments in Consultations' }), 'Alan Turing')
      await check('appointments')
      await page.getByRole('link', { name: 'Calendars', exact: true }).click()
      await page.waitForURL(/\/calendars\/$/)
      await check('calendars')
    },
    T,
  )

  test(
    'submissions of a Data Collection chatbot',
    async () => {
      const bot = (await client(app.url, token).post('/api/v1.0/api-data-collection/', { ...CREATION_BODIES['/api/v1.0/api-data-collection/'], chatbot_name: 'Survey' })).body
        .chatbot_id
      let session: string | undefined
      for (const message of ['hi', 'Ada', '36', 'no']) {
        session = (await client(app.url).post(`/api/v1.0/chat/${bot}/`, { visitor_id: 'visitor-3', message, ...(session ? { session_id: session } : {}) })).body.session_id
      }
      await page.goto(`/dashboard/chatbots/${bot}/submissions/`)
      await visible(page.getByRole('cell', { name: 'Ada' }))
      await check('submissions')
    },
    T,
  )

  test(
    'account: create a token, see it once, revoke it',
    async () => {
      await page.getByRole('link', { name: 'Account' }).click()
      await visible(page.getByRole('heading', { name: 'Training words per chatbot' }))
      await page.getByLabel('Name', { exact: true }).fill('Website backend')
      await page.getByRole('button', { name: 'Create token' }).click()
      const created = await page.locator('#new-token').inputValue()
      expect((await client(app.url, created).get('/api/v1.0/chatbot-list/')).status).toBe(200)
      await check('account-new-token')
      await page.getByRole('button', { name: 'Revoke token Website backend' }).click()
      await expectText(page.locator('.notice'), 'Token revoked.')
      await expectText(page.getByRole('row', { name: /Website backend/ }), 'revoked')
      expect((await client(app.url, created).get('/api/v1.0/chatbot-list/')).status).toBe(401)
      await check('account')
    },
    T,
  )

  test(
    'on a phone',
    async () => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`/dashboard/chatbots/${knowledgeId}/training/`)
      // Nothing overflows sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await check('phone-training')
      await page.goto('/dashboard/chatbots/')
      await check('phone-chatbots')
      await page.setViewportSize({ width: 1280, height: 900 })
    },
    T,
  )

  test(
    'sign out',
    async () => {
      await page.getByRole('button', { name: 'Sign out' }).click()
      await expectText(page.locator('.notice'), 'You are signed out.')
      await page.goto('/dashboard/account/')
      expect(page.url()).toContain('/dashboard/login/')
    },
    T,
  )
})
