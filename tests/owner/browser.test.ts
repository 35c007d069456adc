/**
 * Contract 10 in real Chromium: the owner changes a price in the dashboard and a visitor's quote
 * in the widget uses it; cancels an appointment and the client's mailbox gets METHOD:CANCEL;
 * submits a creation form with three mistakes and sees all three. The owner's browser is in
 * Tokyo: times are shown there (an appointment's with its calendar's New York time beside it).
 * Every new page is screenshotted under test-artifacts/dashboard/ and scanned with axe-core
 * (the conversations pages in tests/conversations/browser.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { client } from '../support/app'
import { newContext, openHostPage, startSuite, type Suite } from '../widget/harness'

const ARTIFACTS = join(import.meta.dir, '../../test-artifacts/dashboard')
const OWNER = 'owner@bakery.example'
const OWNER_ZONE = 'Asia/Tokyo'
const T = 60_000

let suite: Suite
let dashboard: BrowserContext
let page: Page

async function check(name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `owner-${name}.png`), fullPage: true })
  const result = await new AxeBuilder({ page }).analyze()
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true })
  suite = await startSuite()
  // The owner works from Tokyo; the bakery's calendar keeps New York hours.
  dashboard = await suite.browser.newContext({
    baseURL: suite.app.url,
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: OWNER_ZONE,
    locale: 'en-GB',
  })
  dashboard.setDefaultTimeout(10_000)
  page = await dashboard.newPage()
  // Sign in with the e-mailed code (a code may have gone out in the last minute: move past the resend wait).
  suite.app.clock.advance(61_000)
  const before = suite.sink.messages.length
  await page.goto('/dashboard/login/')
  await page.getByLabel('E-mail address').fill(OWNER)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await page.waitForURL(/\/dashboard\/login\/code\//)
  const mail = await suite.sink.waitFor(OWNER, (m) => m.subject === 'Your login code' && suite.sink.messages.indexOf(m) >= before)
  await page.getByLabel('Login code').fill(/\b(\d{6})\b/.exec(mail.text || '')![1])
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/dashboard\/chatbots\//)
}, T)
afterAll(async () => {
  await suite?.stop()
})

describe('an owner runs the chatbots day to day', () => {
  test(
    'changes a price in the dashboard; the next quote in the widget uses it',
    async () => {
      const id = suite.ids.quote
      await page.goto(`/dashboard/chatbots/${id}/edit/`)
      await check('edit-quote-chatbot')
      const nameInput = page.locator('input[value="Website audit"]')
      const row = (await nameInput.getAttribute('id'))!.replace(/-name$/, '')
      await page.locator(`#${row}-excl`).fill('150')
      await page.locator(`#${row}-incl`).fill('180')
      // Enter in a field saves (the form's default button), it does not add or remove a row.
      await page.locator(`#${row}-incl`).press('Enter')
      await page.waitForURL(new RegExp(`/dashboard/chatbots/${id}/\\?notice=settings-saved`))

      const visitor = await newContext(suite.browser)
      const { w } = await openHostPage(visitor, suite, 'quote', { markdown: false })
      await w.launcher.click()
      await w.t('quote-open').click()
      await w.host.locator('[data-testid=quote-qty][data-name="Website audit"]').fill('1')
      await w.t('quote-name').fill('Grace Hopper')
      await w.t('quote-email').fill('grace@client.example')
      await w.t('quote-submit').click()
      const excl = w.t('quote-total-excl')
      await excl.waitFor({ state: 'visible' })
      expect(await excl.getAttribute('data-value')).toBe('150.00')
      expect(await w.t('quote-total-incl').getAttribute('data-value')).toBe('180.00')
      await visitor.close()

      // The lead is on the leads page, received at a time shown in the owner's zone.
      await page.goto(`/dashboard/chatbots/${id}/leads/`)
      const lead = page.getByRole('row', { name: /Grace Hopper/ })
      expect(await lead.textContent()).toContain('180.00')
      const received = lead.locator('time[data-local]')
      const at = new Date((await received.getAttribute('datetime'))!)
      expect(await received.textContent()).toBe(`${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: OWNER_ZONE }).format(at)} (${OWNER_ZONE})`)
      await check('leads')
      await page.goto(`/dashboard/chatbots/${suite.ids.data}/submissions/`)
      await check('submissions')
    },
    T,
  )

  test(
    'cancels an appointment from its page; the client receives METHOD:CANCEL',
    async () => {
      const id = suite.ids.appointment
      const calendarId = (await client(suite.app.url).get(`/api/v1.0/widget/${id}/`)).body.calendars[0].calendar_id
      let booked: { status: number; body: { appointment_id: string } } | undefined
      for (let days = 2; days < 10 && booked?.status !== 200; days++) {
        const date = new Date(suite.app.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10)
        const slots = (await client(suite.app.url).get(`/api/v1.0/chat/${id}/slots/?calendar_id=${calendarId}&duration=30&date=${date}`)).body.slots ?? []
        if (!slots.length) continue
        booked = await client(suite.app.url).post(`/api/v1.0/chat/${id}/book/`, {
          visitor_id: 'v-cancel',
          calendar_id: calendarId,
          duration: 30,
          start: slots[0].start,
          client_name: 'Ada Lovelace',
          client_email: 'ada@client.example',
          answers: [{ title: 'Name', value: 'Ada' }],
        })
      }
      expect(booked?.status).toBe(200)
      await page.goto(`/dashboard/chatbots/${id}/appointments/`)
      await check('appointments')
      // Times in the owner's zone, the calendar's own time beside them.
      const start = (await page.locator('th time[data-zone]').first().getAttribute('datetime'))!
      const inTokyo = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: OWNER_ZONE }).format(new Date(start))
      const inNewYork = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' }).format(new Date(start))
      const time = page.locator('th time[data-zone]').first()
      // The rendered text (Playwright innerText) is checked, the calendar time on a line of its own
      expect(await time.innerText()).toBe(`${inTokyo} (${OWNER_ZONE})\nCalendar time: ${inNewYork} (America/New_York)`)
      await page.getByRole('button', { name: /^Cancel the appointment of Ada Lovelace/ }).click()
      await page.waitForURL(/notice=appointment-cancelled/)
      expect(await page.locator('[data-status="cancelled"]').count()).toBeGreaterThan(0)
      await check('appointment-cancelled')
      const mail = await suite.sink.waitFor('ada@client.example', (m) => m.attachments.some((a) => a.content.toString('utf8').includes('METHOD:CANCEL')))
      expect(mail.subject).toStartWith('Appointment cancelled')

      // The calendar's edit page is whole and accessible too; a new calendar starts in the owner's zone.
      await page.goto(`/dashboard/chatbots/${id}/calendars/`)
      expect(await page.locator('#calendar-0-local_timezone').inputValue()).toBe(OWNER_ZONE)
      await page
        .getByRole('link', { name: /^Edit calendar/ })
        .first()
        .click()
      expect(await page.locator('input[type="time"]').count()).toBe(2)
      await check('calendar-edit')
    },
    T,
  )

  test(
    'a creation form with three mistakes shows all three, each next to its field',
    async () => {
      await page.goto('/dashboard/chatbots/new/business-enquiries/')
      await page.getByLabel('Greeting').fill('Hello!')
      await page.getByLabel('Instructions for visitors').fill('Ask about our bread.')
      await page.getByLabel('Industry').fill('Bakery')
      await page.getByLabel('Website').fill('bakery dot example')
      await page.locator('#plan-0-name').fill('Sourdough loaf')
      await page.locator('#plan-0-excl').fill('cheap')
      await page.locator('#plan-0-incl').fill('4.86')
      await page.getByRole('button', { name: 'Create chatbot' }).click()
      await page.locator('.error-summary').waitFor()
      expect(await page.locator('#f-chatbot_name-error').textContent()).toContain('Chatbot name is required')
      expect(await page.locator('#f-business_website-error').textContent()).toContain('must be an absolute http or https URL')
      expect(await page.locator('#plan-0-excl-error').textContent()).toContain('must be a price such as 12.50')
      const all = await page.locator('main').textContent()
      expect(all).not.toMatch(/Expected string|must match|%PDF-|endpoint/)
      // What was typed is still there.
      expect(await page.locator('#plan-0-name').inputValue()).toBe('Sourdough loaf')
      await check('creation-three-mistakes')
    },
    T,
  )
})
