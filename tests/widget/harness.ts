// End-to-end harness for the embeddable widget: the real app (with an SMTP sink), one chatbot of
// each type created over the real API, a host site on another origin that pastes the embed code
// verbatim, and headless Chromium driven by playwright-core.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { MARKED_CDN_URL } from '../../src/features/chatbots/marked-pin'
import { client, startTestApp, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'
import { startSmtpSink } from '../support/smtp-sink'

export type Kind = 'knowledge' | 'business' | 'data' | 'quote' | 'appointment'
export const KINDS: Kind[] = ['knowledge', 'business', 'data', 'quote', 'appointment']

export const CREATION_PATH: Record<Kind, string> = {
  knowledge: '/api/v1.0/api-knowledge-retrieval/',
  business: '/api/v1.0/api-customer-support/',
  data: '/api/v1.0/api-data-collection/',
  quote: '/api/v1.0/api-quote-generation/',
  appointment: '/api/v1.0/api-appointment-calendar/',
}

export const ARTIFACTS = join(import.meta.dir, '..', '..', 'test-artifacts', 'widget')

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 860 }, locale: 'en-US', reducedMotion: 'reduce' }
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  reducedMotion: 'reduce',
}

/** The pinned marked the embed code names, as npm published it (the CDN is out of reach offline, so the wire serves this copy). */
export const MARKED_UMD = readFileSync(join(import.meta.dir, '..', '..', 'node_modules', 'marked', 'lib', 'marked.umd.js'))

interface Mail {
  subject?: string
  text?: string | false
}

export interface Suite {
  app: TestApp
  sink: Awaited<ReturnType<typeof startSmtpSink>>
  token: string
  /** The chatbot ids by kind, created over the API. */
  ids: Record<Kind, string>
  /** chatbot-get answers by kind (embed_code among them). */
  chatbots: Record<Kind, ChatbotGot>
  host: HostSite
  browser: Browser
  /** The owner's API client. */
  api: ReturnType<typeof client>
  /** Creates one more chatbot over the API and gives it a host page; returns its id. */
  addChatbot(kind: Kind, body: Record<string, unknown>): Promise<string>
  stop(): Promise<void>
}

export interface HostSite {
  url: string
  /** The host page of a chatbot, holding exactly its embed code; `embed: false` gives the same page without it. */
  pageUrl(id: string, opts?: { embed?: boolean }): string
  register(id: string, embedCode: string): void
  stop(): void
}

/** Host page markup: a little site of its own whose styles must survive the widget's stylesheet. */
export function hostPage(embedCode: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbour Bakery: host site</title>
<style>
  body { margin: 24px; font-family: Georgia, serif; font-size: 17px; color: rgb(40, 40, 40); background: rgb(250, 247, 240); }
  h1 { font-size: 28px; }
  /* Elements that share the widget's class names and tags: nothing of the widget's CSS may reach them. */
  .probe { padding: 3px; }
</style>
</head>
<body>
<h1 id="host-title">Harbour Bakery</h1>
<p id="host-text" class="probe cbw-bubble cbw-msg cbw-plain">Fresh bread every morning.</p>
<button id="host-button" class="probe cbw-btn cbw-btn-primary cbw-launcher" type="button">Host button</button>
<input id="host-input" class="probe cbw-input" value="host field">
<div id="host-hidden" class="probe cbw-window" hidden>hidden by the page</div>
<select id="host-select" class="probe"><option>one</option></select>
${embedCode}
</body>
</html>`
}

async function startHostSite(embeds: Map<string, string>): Promise<HostSite> {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      const match = /^\/site\/([^/]+)\/$/.exec(url.pathname)
      const embed = match && embeds.get(match[1])
      if (!embed) return new Response('not found', { status: 404 })
      const body = hostPage(url.searchParams.get('embed') === '0' ? '' : embed)
      return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
    },
  })
  // "localhost" rather than 127.0.0.1: a different host name as well as a different port from the app.
  const url = `http://localhost:${server.port}`
  return {
    url,
    pageUrl: (id, opts = {}) => `${url}/site/${id}/${opts.embed === false ? '?embed=0' : ''}`,
    register: (id, embedCode) => void embeds.set(id, embedCode),
    stop: () => server.stop(true),
  }
}

/** Onboarding over HTTP, reading the codes from the SMTP sink. */
async function ownerToken(app: TestApp, sink: Suite['sink'], email: string): Promise<string> {
  const api = client(app.url)
  const returnUrl = 'https://shop.example/after-payment'
  const codeFrom = async (subject: string) => {
    const mail = (await sink.waitFor(email, (m: Mail) => m.subject === subject)) as Mail
    const code = /\b(\d{5,6})\b/.exec(mail.text || '')
    if (!code) throw new Error(`no code in "${subject}"`)
    return code[1]
  }
  const started = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: returnUrl })
  if (started.status !== 200) throw new Error(`create-subscription: ${JSON.stringify(started.body)}`)
  const verified = await api.post('/api/v1.0/verification-code/', { email_address: email, code: Number(await codeFrom('Your verification code')), return_url: returnUrl })
  if (verified.status !== 200) throw new Error(`verification-code: ${JSON.stringify(verified.body)}`)
  const paid = await fetch(verified.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  if (paid.status !== 303) throw new Error(`checkout: ${paid.status}`)
  await api.post('/api/v1.0/login/', { email_address: email })
  const login = await api.post('/api/v1.0/login/', { email_address: email, code: await codeFrom('Your login code') })
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`)
  return login.body.token
}

/**
 * Starts everything one test file needs. `bodies` overrides creation bodies per kind; `before`
 * runs after creation and before the embed codes are read (e.g. to upload training material).
 */
export async function startSuite(
  opts: { bodies?: Partial<Record<Kind, Record<string, unknown>>>; before?: (s: Pick<Suite, 'app' | 'api' | 'ids'>) => Promise<void> } = {},
): Promise<Suite> {
  mkdirSync(ARTIFACTS, { recursive: true })
  const sink = await startSmtpSink()
  const app = await startTestApp({ SMTP_URL: sink.url })
  const browserPromise = launchChromium()
  try {
    const token = await ownerToken(app, sink, 'owner@bakery.example')
    const api = client(app.url, token)
    const ids = {} as Record<Kind, string>
    for (const kind of KINDS) {
      const body = opts.bodies?.[kind] ?? CREATION_BODIES[CREATION_PATH[kind]]
      const created = await api.post(CREATION_PATH[kind], body)
      if (created.status !== 200) throw new Error(`creation of ${kind}: ${JSON.stringify(created.body)}`)
      ids[kind] = created.body.chatbot_id
    }
    await opts.before?.({ app, api, ids })
    const chatbots = {} as Record<Kind, ChatbotGot>
    const embeds = new Map<string, string>()
    for (const kind of KINDS) {
      const got = await api.get(`/api/v1.0/chatbot-get/${ids[kind]}/`)
      if (got.status !== 200 || typeof got.body.embed_code !== 'string') throw new Error(`chatbot-get of ${kind}: ${JSON.stringify(got.body)}`)
      chatbots[kind] = got.body
      embeds.set(ids[kind], got.body.embed_code)
    }
    const host = await startHostSite(embeds)
    const browser = await browserPromise
    return {
      app,
      sink,
      token,
      ids,
      chatbots,
      host,
      browser,
      api,
      async addChatbot(kind, body) {
        const created = await api.post(CREATION_PATH[kind], body)
        if (created.status !== 200) throw new Error(`creation of ${kind}: ${JSON.stringify(created.body)}`)
        const got = await api.get(`/api/v1.0/chatbot-get/${created.body.chatbot_id}/`)
        host.register(created.body.chatbot_id, got.body.embed_code)
        return created.body.chatbot_id
      },
      async stop() {
        await browser.close()
        host.stop()
        await app.stop()
        await sink.stop()
      },
    }
  } catch (error) {
    await (await browserPromise).close()
    await app.stop()
    await sink.stop()
    throw error
  }
}

/** A browser context for host pages; every wait in it gives up after 10 s so a failure names its step. */
export async function newContext(browser: Browser, device: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext(device)
  context.setDefaultTimeout(10_000)
  return context
}

export interface Wire {
  /** The next POST to a URL ending in `suffix` waits until `release()` is called. */
  hold(suffix: string): { release(): void }
  /** The next POST to a URL ending in `suffix` fails as if the network were down. */
  failNext(suffix: string): void
  /** CORS preflights the page sent to the app, with the app's answer. */
  preflights: { url: string; method: string; status: number; allowOrigin: string | undefined; allowHeaders: string | undefined }[]
}

/**
 * Intercepts, through the DevTools protocol, only what the test must control: the marked CDN
 * (answered with the pinned file from node_modules when `markdown`, else failed as offline) and held chat requests.
 * Playwright's own page.route is not used for this: while any route is active Playwright answers
 * every CORS preflight itself, and the point of the separate host origin is that the app answers them.
 */
/** The fields of chatbot-get the widget tests read. */
type ChatbotGot = { embed_code: string; logo_url: string | null }

export async function wire(page: Page, appUrl: string, opts: { markdown: boolean }): Promise<Wire> {
  const cdp = await page.context().newCDPSession(page)
  const holds: { suffix: string; released: Promise<void> }[] = []
  const failures: string[] = []
  const preflights: Wire['preflights'] = []
  const pending = new Map<string, { url: string; method: string }>()
  cdp.on('Fetch.requestPaused', async (e) => {
    const { url, method } = e.request
    try {
      if (url.startsWith('https://cdn.jsdelivr.net/')) {
        if (url === MARKED_CDN_URL && opts.markdown) {
          // As jsDelivr answers: CORS open, since the embed code asks for it with crossorigin and integrity.
          await cdp.send('Fetch.fulfillRequest', {
            requestId: e.requestId,
            responseCode: 200,
            responseHeaders: [
              { name: 'Content-Type', value: 'application/javascript; charset=utf-8' },
              { name: 'Access-Control-Allow-Origin', value: '*' },
            ],
            body: MARKED_UMD.toString('base64'),
          })
        } else {
          await cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'InternetDisconnected' })
        }
        return
      }
      const failing = method === 'POST' ? failures.findIndex((suffix) => url.endsWith(suffix)) : -1
      if (failing !== -1) {
        failures.splice(failing, 1)
        await cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'InternetDisconnected' })
        return
      }
      const at = method === 'POST' ? holds.findIndex((h) => url.endsWith(h.suffix)) : -1
      if (at !== -1) await holds.splice(at, 1)[0].released
      await cdp.send('Fetch.continueRequest', { requestId: e.requestId })
    } catch {
      // the page went away meanwhile
    }
  })
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.method === 'OPTIONS') pending.set(e.requestId, { url: e.request.url, method: e.request.headers['Access-Control-Request-Method'] ?? '' })
  })
  cdp.on('Network.responseReceived', (e) => {
    const sent = pending.get(e.requestId)
    if (!sent) return
    const header = (name: string) => Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === name)?.[1]
    preflights.push({ ...sent, status: e.response.status, allowOrigin: header('access-control-allow-origin'), allowHeaders: header('access-control-allow-headers') })
  })
  await cdp.send('Network.enable')
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: 'https://cdn.jsdelivr.net/*' }, { urlPattern: `${appUrl}/api/v1.0/chat/*` }] })
  return {
    preflights,
    failNext: (suffix) => void failures.push(suffix),
    hold(suffix) {
      let release!: () => void
      holds.push({ suffix, released: new Promise<void>((resolve) => (release = resolve)) })
      return { release: () => release() }
    },
  }
}

/** The widget of one page, through its open shadow root (Playwright's CSS engine pierces it). */
export function widget(page: Page) {
  const host = page.getByTestId('chatbot-host')
  const t = (id: string) => host.getByTestId(id)
  return {
    host,
    t,
    launcher: t('chatbot-launcher'),
    window: t('chatbot-window'),
    input: t('chatbot-input'),
    send: t('chatbot-send'),
    messages: t('chatbot-message'),
    bot: host.locator('[data-testid=chatbot-message][data-role=bot]'),
    user: host.locator('[data-testid=chatbot-message][data-role=user]'),
    typing: t('chatbot-typing'),
    quick: t('chatbot-quick-reply'),
    /** data-testid of the element focused inside the shadow root (null when focus is elsewhere). */
    focused: () => page.evaluate(() => document.querySelector('chatbot-widget')?.shadowRoot?.activeElement?.getAttribute('data-testid') ?? null),
  }
}

const errorsByPage = new WeakMap<Page, string[]>()

/** Opens the host page of one of the suite's chatbots (or of one added later, by id) once the widget is ready to click. */
export async function openHostPage(context: BrowserContext, suite: Suite, chatbot: Kind | { id: string }, opts: { markdown: boolean }) {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  errorsByPage.set(page, errors)
  const net = await wire(page, suite.app.url, opts)
  await page.goto(suite.host.pageUrl(typeof chatbot === 'string' ? suite.ids[chatbot] : chatbot.id))
  const w = widget(page)
  await w.launcher.waitFor({ state: 'visible' })
  return { page, w, net }
}

/** Script errors a page raised (collected since openHostPage). */
export const pageErrors = (page: Page): string[] => errorsByPage.get(page) ?? []

/** Sends one message through the composer and waits for the bot's answer to it. */
export async function say(w: ReturnType<typeof widget>, text: string, how: 'click' | 'enter' = 'click'): Promise<Locator> {
  const botsBefore = await w.bot.count()
  await w.input.fill(text)
  if (how === 'enter') await w.input.press('Enter')
  else await w.send.click()
  const reply = w.bot.nth(botsBefore)
  await reply.waitFor()
  return reply
}

/** The exact text of a message bubble. */
export const bubbleText = (message: Locator) => message.getByTestId('chatbot-message-text').textContent()

export const screenshot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })

/** Today's date (YYYY-MM-DD) in an IANA zone at an instant. */
export function dateIn(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at)
  const get = (t: string) => parts.find((p) => p.type === t)!.value
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** Waits until the widget's shadow root holds exactly `n` elements matching `selector`. */
export async function waitForCount(page: Page, selector: string, n: number): Promise<void> {
  await page.waitForFunction(([sel, count]) => document.querySelector('chatbot-widget')?.shadowRoot?.querySelectorAll(sel as string).length === count, [selector, n] as const, {
    timeout: 10_000,
  })
}

/** The calendar date `days` after `ymd`. */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}
