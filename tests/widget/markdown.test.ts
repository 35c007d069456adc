// Replies never show Markdown syntax or live markup (contract 4), in real Chromium, three ways:
// the CDN out of reach (the built-in renderer), the pinned marked served locally with its right
// hash (marked renders, the sanitiser cleans), and the same file under a wrong hash (the browser
// refuses it and the built-in renderer takes over). The replies come from an OpenAI-compatible
// peer (LLM_BASE_URL) that answers with the Markdown each test needs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { MARKED_VERSION } from '../../src/features/chatbots/marked-pin'
import { asMarkdownText } from '../../src/lib/markdown-text'
import { client, startTestApp, subscribedToken } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'
import { DESKTOP, hostPage, MARKED_UMD, newContext, pageErrors, screenshot, widget, wire } from './harness'

const FORMATTED = [
  '**Opening hours** of the *bakery*:',
  '',
  '- Monday to Friday: 7:00 to 18:00',
  '- Saturday: 8:00 to 13:00',
  '',
  'Order with the `SOURDOUGH` code at [our shop](https://bakery.example/shop).',
  '',
  'Bread &amp; cakes, 7 days a week.',
].join('\n')

const HOSTILE = [
  'Hello <img src=x onerror="window.__pwned=1"> there.',
  '',
  'Try [click me](javascript:window.__pwned=2) or <a href="javascript:window.__pwned=3">this link</a>.<script>window.__pwned=4</script>',
].join('\n')

/** A manual's sentence as an extractive answer quotes it (lib/markdown-text.ts): escaped only where Markdown would read markup. */
const QUOTED = 'Run npm install <name>@<tag>, type &lt; for a less-than sign, and keep __init__ in *.mod files.'

/** The LLM peer: the visitor's question picks the reply. */
function llmPeer() {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const body = (await request.json()) as { messages: { role: string; content: string }[] }
      const question = body.messages.find((m) => m.role === 'user')?.content ?? ''
      const content = question.includes('hostile') ? HOSTILE : question.includes('manual') ? asMarkdownText(QUOTED) : FORMATTED
      return Response.json({ choices: [{ message: { role: 'assistant', content } }] })
    },
  })
}

/** A mirror of the CDN: the pinned file under its jsDelivr path, CORS open as jsDelivr answers. */
function markedMirror() {
  const hits: string[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname
      hits.push(path)
      if (path !== `/npm/marked@${MARKED_VERSION}/lib/marked.umd.js`) return new Response('not found', { status: 404 })
      return new Response(MARKED_UMD, { headers: { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*' } })
    },
  })
  return { server, hits, url: `http://127.0.0.1:${server.port}/npm/marked@${MARKED_VERSION}/lib/marked.umd.js` }
}

/** A CDN that never answers until `arrive()`: then the pinned file comes (a hang that ends, as a slow region's). */
function hangingCdn() {
  let arrive!: () => void
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch() {
      await arrived
      return new Response(MARKED_UMD, { headers: { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*' } })
    },
  })
  return { server, arrive, url: `http://127.0.0.1:${server.port}/npm/marked@${MARKED_VERSION}/lib/marked.umd.js` }
}

/** An app with one Business Enquiries chatbot, and a host page on another origin carrying its embed code. */
async function startSite(env: Record<string, string>) {
  const app = await startTestApp(env)
  const api = client(app.url, await subscribedToken(app, 'owner@bakery.example'))
  const created = await api.post('/api/v1.0/api-customer-support/', CREATION_BODIES['/api/v1.0/api-customer-support/'])
  if (created.status !== 200) throw new Error(JSON.stringify(created.body))
  const embed: string = (await api.get(`/api/v1.0/chatbot-get/${created.body.chatbot_id}/`)).body.embed_code
  const host = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(hostPage(embed), { headers: { 'content-type': 'text/html; charset=utf-8' } }) })
  return {
    app,
    embed,
    pageUrl: `http://localhost:${host.port}/`,
    stop: async () => {
      host.stop(true)
      await app.stop()
    },
  }
}

type Site = Awaited<ReturnType<typeof startSite>>
type PageGlobals = Window & { marked?: { parse?: unknown }; __pwned?: unknown }

let llm: ReturnType<typeof llmPeer>
let mirror: ReturnType<typeof markedMirror>
let browser: Browser
const sites: Site[] = []

beforeAll(async () => {
  llm = llmPeer()
  mirror = markedMirror()
  browser = await launchChromium()
}, 30_000)
afterAll(async () => {
  await browser?.close()
  for (const site of sites) await site.stop()
  llm?.stop(true)
  mirror?.server.stop(true)
})

async function siteWith(env: Record<string, string> = {}): Promise<Site> {
  const site = await startSite({ LLM_BASE_URL: `http://127.0.0.1:${llm.port}/v1`, ...env })
  sites.push(site)
  return site
}

async function ask(page: Page, question: string) {
  const w = widget(page)
  const before = await w.bot.count()
  await w.input.fill(question)
  await w.input.press('Enter')
  const reply = w.bot.nth(before)
  await reply.waitFor()
  return reply.getByTestId('chatbot-message-text')
}

/** The formatted reply: every construct as its element, and none of its syntax left on screen. */
async function expectFormatted(page: Page, renderer: 'marked' | 'built-in') {
  const bubble = await ask(page, 'When are you open?')
  expect(await bubble.getAttribute('data-renderer')).toBe(renderer)
  expect(await bubble.locator('strong').first().textContent()).toBe('Opening hours')
  expect(await bubble.locator('em').first().textContent()).toBe('bakery')
  expect(await bubble.locator('ul > li').allTextContents()).toEqual(['Monday to Friday: 7:00 to 18:00', 'Saturday: 8:00 to 13:00'])
  expect(await bubble.locator('code').textContent()).toBe('SOURDOUGH')
  const shop = bubble.locator('a')
  expect(await shop.textContent()).toBe('our shop')
  expect(await shop.getAttribute('href')).toBe('https://bakery.example/shop')
  expect(await shop.getAttribute('target')).toBe('_blank')
  expect(await shop.getAttribute('rel')).toContain('noopener')
  const shown = await bubble.innerText()
  for (const syntax of ['*', '](', '`']) expect(shown).not.toContain(syntax)
  expect(shown).toContain('Order with the SOURDOUGH code at our shop.')
  expect(shown).toContain('Bread & cakes, 7 days a week.')
}

/** The hostile reply: its text is there, its markup is gone, nothing ran and nothing links to javascript:. */
async function expectInert(page: Page) {
  const bubble = await ask(page, 'Show me the hostile reply, when are you open?')
  const shown = await bubble.innerText()
  expect(shown).toContain('Hello')
  expect(shown).toContain('click me')
  expect(shown).toContain('this link')
  for (const markup of ['<img', 'onerror', '<script', '__pwned', '<a ', 'javascript:', '](']) expect(shown).not.toContain(markup)
  expect(await bubble.locator('img, script, iframe').count()).toBe(0)
  for (const href of await bubble.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^(https?:|mailto:)/)
  await bubble.getByText('click me').click()
  await bubble.getByText('this link').click()
  expect(await page.evaluate(() => (window as PageGlobals).__pwned)).toBeUndefined()
}

/** Quoted material reads as itself: no tag swallowed, nothing bold, no escape left on screen. */
async function expectQuoted(page: Page) {
  const bubble = await ask(page, 'What does the manual say about modules?')
  expect((await bubble.textContent())?.trim()).toBe(QUOTED)
  expect(await bubble.locator('strong, em').count()).toBe(0)
}

describe('replies never show Markdown or live markup', () => {
  test('with the CDN unreachable the built-in renderer formats them', async () => {
    const site = await siteWith()
    expect(site.embed).toContain(`https://cdn.jsdelivr.net/npm/marked@${MARKED_VERSION}/lib/marked.umd.js`)
    const context = await newContext(browser, DESKTOP)
    const page = await context.newPage()
    await wire(page, site.app.url, { markdown: false }) // cdn.jsdelivr.net fails as offline
    await page.goto(site.pageUrl)
    await widget(page).launcher.click()
    expect(await page.evaluate(() => typeof (window as PageGlobals).marked)).toBe('undefined')
    await expectFormatted(page, 'built-in')
    await expectInert(page)
    await expectQuoted(page)
    await screenshot(page, 'markdown-built-in-desktop')
    expect(pageErrors(page)).toEqual([])
    await context.close()
  }, 45_000)

  test('the pinned marked, served under its path with the right hash, is used', async () => {
    const site = await siteWith({ MARKDOWN_CDN_URL: mirror.url })
    expect(site.embed.split('\n')[2]).toContain(`src="${mirror.url}" integrity="sha384-${createHash('sha384').update(MARKED_UMD).digest('base64')}"`)
    const context = await newContext(browser, DESKTOP)
    const page = await context.newPage()
    await page.goto(site.pageUrl)
    await widget(page).launcher.click()
    await page.waitForFunction(() => typeof (window as PageGlobals).marked?.parse === 'function')
    await expectFormatted(page, 'marked')
    await expectInert(page)
    await expectQuoted(page)
    await context.close()
  }, 45_000)

  test('under a wrong hash the browser refuses the file and the built-in renderer takes over', async () => {
    const wrong = `sha384-${createHash('sha384').update('some other build').digest('base64')}`
    const site = await siteWith({ MARKDOWN_CDN_URL: mirror.url, MARKDOWN_CDN_INTEGRITY: wrong })
    const context = await newContext(browser, DESKTOP)
    const page = await context.newPage()
    const refusals: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('integrity')) refusals.push(message.text())
    })
    const fetched = mirror.hits.length
    await page.goto(site.pageUrl)
    await widget(page).launcher.click()
    // The browser did fetch the file, and would not run it (the async script may finish after the launcher shows).
    await page.waitForLoadState('load')
    expect(mirror.hits.length).toBeGreaterThan(fetched)
    expect(refusals.length).toBeGreaterThan(0)
    expect(await page.evaluate(() => typeof (window as PageGlobals).marked)).toBe('undefined')
    await expectFormatted(page, 'built-in')
    await expectInert(page)
    await context.close()
  }, 45_000)

  test('a CDN that hangs holds neither the widget nor the page; marked is used once it arrives', async () => {
    const cdn = hangingCdn()
    try {
      const site = await siteWith({ MARKDOWN_CDN_URL: cdn.url })
      const context = await newContext(browser, DESKTOP)
      const page = await context.newPage()
      const started = Date.now()
      await page.goto(site.pageUrl, { waitUntil: 'domcontentloaded', timeout: 2_000 })
      const w = widget(page)
      await w.launcher.waitFor({ state: 'visible', timeout: 2_000 - (Date.now() - started) })
      await w.launcher.click()
      const early = await ask(page, 'When are you open?')
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(await early.getAttribute('data-renderer')).toBe('built-in')
      expect(await page.evaluate(() => typeof (window as PageGlobals).marked)).toBe('undefined')
      cdn.arrive()
      await page.waitForFunction(() => typeof (window as PageGlobals).marked?.parse === 'function')
      await expectFormatted(page, 'marked')
      expect(pageErrors(page)).toEqual([])
      await context.close()
    } finally {
      cdn.server.stop(true)
    }
  }, 45_000)
})
