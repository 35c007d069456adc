/**
 * /swagger in a real Chromium, offline: every request other than the service's own is refused,
 * the page renders under its CSP with no violation, and "Try it out" works after pasting the bare
 * token into "Authorize".
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'

let app: TestApp
let token: string
let browser: Browser

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'docs-reader@example.com')
  browser = await launchChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await app.stop()
})

test('the page loads only its own pinned assets, under a CSP, and "Try it out" takes the bare token', async () => {
  const context = await browser.newContext({ baseURL: app.url })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const foreign: string[] = []
  const problems: string[] = []
  // Offline: anything that is not the service itself is refused (and recorded).
  await page.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(app.url) || url.startsWith('data:')) return route.continue()
    foreign.push(url)
    return route.abort()
  })
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))

  const response = await page.goto('/swagger')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(await page.locator('.information-container h1.title').textContent()).toContain('Chatbot Service API')

  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click()
  await page.locator('.auth-container input').first().fill(token)
  await page.locator('.auth-btn-wrapper button.authorize').click()
  await page.locator('.auth-btn-wrapper button.btn-done').click()

  const operation = page.locator('#operations-Chatbots-listChatbots')
  await operation.locator('.opblock-summary').click()
  await operation.getByRole('button', { name: 'Try it out' }).click()
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1.0/chatbot-list/'))
  await operation.getByRole('button', { name: 'Execute' }).click()
  const listed = await answer
  expect(listed.request().headers().authorization).toBe(`Bearer ${token}`)
  expect(listed.status()).toBe(200)
  expect(await operation.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('200')

  expect(foreign).toEqual([])
  expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([])
  await context.close()
}, 60_000)

test("the page's files are served with an ETag, and a name that is none of them is a 404", async () => {
  const script = await fetch(`${app.url}/swagger/swagger-ui-bundle.js`)
  expect(script.status).toBe(200)
  expect(script.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
  expect(await script.text()).toContain('SwaggerUIBundle')
  const etag = script.headers.get('etag')
  expect(etag).toMatch(/^"[\w-]{22}"$/)
  const again = await fetch(`${app.url}/swagger/swagger-ui-bundle.js`, { headers: { 'if-none-match': etag ?? '' } })
  expect(again.status).toBe(304)
  const missing = await fetch(`${app.url}/swagger/swagger-ui-bundle.js.map`)
  expect(missing.status).toBe(404)
  expect(await missing.json()).toMatchObject({ code: 'not_found' })
})
