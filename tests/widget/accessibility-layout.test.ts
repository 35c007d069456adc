// The widget on a host site, in real Chromium: keyboard use, names and roles (with axe), style
// isolation in both directions, and the full-screen layout on a 375 px phone, for every type.
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { KINDS, MOBILE, newContext, openHostPage, pageErrors, say, screenshot, startSuite, widget, wire, type Kind, type Suite } from './harness'

/** Each browser step gives up after 10 s (see newContext); a whole test after this. */
const TIMEOUT = 45_000

let suite: Suite
let desktop: BrowserContext
let phone: BrowserContext

beforeAll(async () => {
  suite = await startSuite()
  desktop = await newContext(suite.browser)
  phone = await newContext(suite.browser, MOBILE)
}, 30_000)
afterAll(async () => {
  await suite?.stop()
})

/** Markdown on for some types, off for others, so both paths are laid out. */
const markdownFor = (kind: Kind) => kind === 'knowledge' || kind === 'quote'

/** Puts something typical of the type on screen once the window is open. */
async function showTypical(page: Page, kind: Kind): Promise<void> {
  const w = widget(page)
  if (kind === 'knowledge' || kind === 'business') await say(w, kind === 'business' ? 'What are your prices?' : 'Is there a manual?')
  else if (kind === 'data') {
    await w.quick.click()
    await w.bot.nth(1).waitFor()
  } else if (kind === 'quote') {
    await w.t('quote-open').click()
    await w.host.locator('[data-testid=quote-qty][data-name="Hosting"]').fill('2')
  } else {
    await w.t('booking-open').click()
    await w.t('booking-slots-status').filter({ hasNotText: 'Loading' }).waitFor()
  }
}

describe('keyboard', () => {
  test(
    'Tab reaches the launcher; Enter opens with focus in the input; Enter sends; Escape closes back to the launcher',
    async () => {
      const { page, w } = await openHostPage(desktop, suite, 'business', { markdown: false })
      // The launcher comes after the page's own controls in the tab order.
      await page.focus('#host-select')
      await page.keyboard.press('Tab')
      expect(await w.focused()).toBe('chatbot-launcher')

      await page.keyboard.press('Enter')
      await w.window.waitFor({ state: 'visible' })
      expect(await w.focused()).toBe('chatbot-input')
      expect(await w.launcher.getAttribute('aria-expanded')).toBe('true')

      await page.keyboard.type('When are you open?')
      await page.keyboard.press('Enter')
      await w.bot.nth(1).waitFor()
      expect(await w.t('chatbot-message-text').nth(1).textContent()).toBe('When are you open?')
      expect(await w.focused()).toBe('chatbot-input') // ready for the next question
      await page.keyboard.press('Tab')
      expect(await w.focused()).toBe('chatbot-send')

      await page.keyboard.press('Escape')
      await w.window.waitFor({ state: 'hidden' })
      expect(await w.focused()).toBe('chatbot-launcher')
      expect(await w.launcher.getAttribute('aria-expanded')).toBe('false')

      // Space opens it again (a real button), the conversation still there; the close button also returns focus.
      await page.keyboard.press('Space')
      await w.window.waitFor({ state: 'visible' })
      expect(await w.focused()).toBe('chatbot-input')
      expect(await w.bot.count()).toBe(2)
      await w.t('chatbot-close').click()
      await w.window.waitFor({ state: 'hidden' })
      expect(await w.focused()).toBe('chatbot-launcher')
      expect(pageErrors(page)).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )

  test(
    'a panel takes focus to its heading, Escape closes it, and reopening returns to the panel',
    async () => {
      const { page, w } = await openHostPage(desktop, suite, 'quote', { markdown: true })
      await w.launcher.focus()
      await page.keyboard.press('Enter')
      expect(await w.focused()).toBe('chatbot-input')
      await w.t('quote-open').focus()
      await page.keyboard.press('Enter')
      await w.t('quote-panel').waitFor({ state: 'visible' })
      const headingFocused = () => page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.activeElement?.textContent)
      expect(await headingFocused()).toBe('Get a quote')
      // Tab goes on into the form.
      await page.keyboard.press('Tab')
      expect(await w.focused()).toBe('quote-qty')

      await page.keyboard.press('Escape')
      await w.window.waitFor({ state: 'hidden' })
      expect(await w.focused()).toBe('chatbot-launcher')
      await page.keyboard.press('Enter')
      await w.t('quote-panel').waitFor({ state: 'visible' })
      expect(await headingFocused()).toBe('Get a quote')
      await w.t('quote-back').click()
      expect(await w.focused()).toBe('chatbot-input')
      await page.close()
    },
    TIMEOUT,
  )
})

describe('names and roles', () => {
  test(
    'every control has an accessible name, and axe finds no WCAG A/AA violation in any type',
    async () => {
      for (const kind of KINDS) {
        const { page, w } = await openHostPage(desktop, suite, kind, { markdown: markdownFor(kind) })
        const launcher = page.getByRole('button', { name: 'Open chat' })
        expect(await launcher.count()).toBe(1)
        expect(await launcher.getAttribute('aria-controls')).toBe(await w.window.getAttribute('id'))
        await launcher.click()
        const dialog = page.getByRole('dialog', { name: 'Helper' })
        await dialog.waitFor()
        expect(await dialog.getByRole('button', { name: 'Close chat' }).count()).toBe(1)
        expect(await dialog.getByRole('log', { name: 'Conversation' }).getAttribute('aria-live')).toBe('polite')
        expect(await dialog.getByRole('textbox', { name: 'Your message' }).count()).toBe(1)
        expect(await dialog.getByRole('button', { name: 'Send' }).count()).toBe(1)
        if (kind === 'data') expect(await dialog.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: "Let's start" }).count()).toBe(1)
        await showTypical(page, kind)
        if (kind === 'quote') {
          expect(await dialog.getByRole('spinbutton', { name: 'Quantity of Website audit' }).count()).toBe(1)
          expect(await dialog.getByRole('textbox', { name: 'Your name' }).count()).toBe(1)
          expect(await dialog.getByRole('textbox', { name: 'Your e-mail' }).count()).toBe(1)
        }
        if (kind === 'appointment') {
          expect(await dialog.getByRole('combobox', { name: 'Calendar' }).count()).toBe(1)
          expect(await dialog.getByRole('combobox', { name: 'Duration' }).count()).toBe(1)
          expect(await dialog.getByLabel('Date', { exact: true }).count()).toBe(1)
          expect(await dialog.getByRole('button', { name: 'Next day' }).count()).toBe(1)
        }
        if (kind === 'data') expect(await dialog.getByRole('log', { name: 'Conversation' }).getByText('What is your name?').count()).toBe(1)
        if (kind === 'business') expect(await dialog.getByRole('list', { name: 'Sources' }).count()).toBe(1)

        const result = await new AxeBuilder({ page }).include('chatbot-widget').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        const violations = result.violations.map((v) => `${kind}: ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`)
        expect(violations).toEqual([])
        await page.close()
      }
    },
    TIMEOUT,
  )
})

describe('style isolation', () => {
  const PROPS = [
    'color',
    'background-color',
    'font-family',
    'font-size',
    'font-weight',
    'line-height',
    'letter-spacing',
    'text-transform',
    'display',
    'position',
    'margin-top',
    'padding-top',
    'border-top-width',
    'border-radius',
    'width',
    'height',
    'box-sizing',
    'box-shadow',
    'opacity',
    'z-index',
    'animation-name',
  ]
  const PROBES = ['body', '#host-title', '#host-text', '#host-button', '#host-input', '#host-select', '#host-hidden']

  const stylesOf = (page: Page) =>
    page.evaluate(
      ([probes, props]) =>
        Object.fromEntries(
          (probes as string[]).map((sel) => {
            const cs = getComputedStyle(document.querySelector(sel)!)
            return [sel, Object.fromEntries((props as string[]).map((p) => [p, cs.getPropertyValue(p)]))]
          }),
        ),
      [PROBES, PROPS] as const,
    )

  test(
    "the widget's stylesheet, loaded on the page by the embed code, restyles nothing of the host page",
    async () => {
      const bare = await desktop.newPage()
      await wire(bare, suite.app.url, { markdown: false })
      await bare.goto(suite.host.pageUrl(suite.ids.business, { embed: false }))
      const before = await stylesOf(bare)
      await bare.close()

      const { page, w } = await openHostPage(desktop, suite, 'business', { markdown: false })
      await w.launcher.click()
      await w.window.waitFor()
      // The page did load chatbot.css itself (the embed code's <link>), so the comparison means something.
      // (Its one page-level rule, for the host element, is in effect: the element is a block of no size.)
      expect(await page.evaluate(() => [...document.styleSheets].some((s) => s.href?.endsWith('/widget/chatbot.css')))).toBe(true)
      expect(
        await page.evaluate(() => {
          const cs = getComputedStyle(document.querySelector('chatbot-widget')!)
          return [cs.display, cs.width, cs.height]
        }),
      ).toEqual(['block', '0px', '0px'])
      const after = await stylesOf(page)
      expect(after).toEqual(before)
      // The page's own hidden element stays hidden, and the host element takes no room.
      expect(await page.locator('#host-hidden').isHidden()).toBe(true)
      expect(await page.evaluate(() => document.querySelector('chatbot-widget')!.getBoundingClientRect().height)).toBe(0)
      await page.close()
    },
    TIMEOUT,
  )

  test(
    "the host page's inherited styles do not reach into the widget",
    async () => {
      const { page, w } = await openHostPage(desktop, suite, 'business', { markdown: false })
      await page.addStyleTag({ content: 'body { letter-spacing: 3px; text-transform: uppercase; line-height: 3; font-style: italic; text-align: right; }' })
      await w.launcher.click()
      const bubble = w.t('chatbot-message-text').first()
      const style = await bubble.evaluate((el) => {
        const cs = getComputedStyle(el)
        return { fontFamily: cs.fontFamily, letterSpacing: cs.letterSpacing, textTransform: cs.textTransform, fontStyle: cs.fontStyle, textAlign: cs.textAlign }
      })
      expect(style.fontFamily).not.toContain('Georgia')
      expect(style).toMatchObject({ letterSpacing: 'normal', textTransform: 'none', fontStyle: 'normal', textAlign: 'left' })
      expect(await bubble.textContent()).toBe('Hello! How can I help?')
      await page.close()
    },
    TIMEOUT,
  )
})

describe('phone (375 px)', () => {
  test(
    'the open window fills the screen without sideways scrolling, for every type; screenshots are saved',
    async () => {
      for (const kind of KINDS) {
        const { page, w } = await openHostPage(phone, suite, kind, { markdown: markdownFor(kind) })
        await w.launcher.tap()
        await w.window.waitFor({ state: 'visible' })
        await showTypical(page, kind)
        const box = (await w.window.boundingBox())!
        expect({ kind, x: box.x, y: box.y, width: box.width, height: box.height }).toEqual({ kind, x: 0, y: 0, width: 375, height: 740 })
        expect(await w.launcher.isHidden()).toBe(true) // the full-screen window has its own close button
        const overflow = await w.window.evaluate((win) =>
          [...win.querySelectorAll('*')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
            .map((el) => el.className),
        )
        expect({ kind, overflow }).toEqual({ kind, overflow: [] })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await screenshot(page, `${kind}-mobile`)

        await w.t('chatbot-close').tap()
        await w.window.waitFor({ state: 'hidden' })
        await w.launcher.waitFor({ state: 'visible' })
        expect(await w.focused()).toBe('chatbot-launcher')
        expect(pageErrors(page)).toEqual([])
        await page.close()
      }
    },
    TIMEOUT,
  )
})

describe('placement', () => {
  test(
    'the launcher and the window sit bottom right, or bottom left when the script says data-position="left"',
    async () => {
      const embed = suite.chatbots.business.embed_code
      expect(embed).toContain(' data-chatbot-id=')
      suite.host.register('left', embed.replace(' data-chatbot-id=', ' data-position="left" data-chatbot-id='))
      const sides: Record<string, { launcher: string; window: string }> = {}
      for (const [name, id] of [
        ['default', suite.ids.business],
        ['left', 'left'],
      ] as const) {
        const { page, w } = await openHostPage(desktop, suite, { id }, { markdown: false })
        const side = async (box: { x: number; width: number } | null) => (box && box.x + box.width / 2 < 1280 / 2 ? 'left' : 'right')
        const launcher = await side(await w.launcher.boundingBox())
        await w.launcher.click()
        await w.window.waitFor({ state: 'visible' })
        sides[name] = { launcher, window: await side(await w.window.boundingBox()) }
        expect(pageErrors(page)).toEqual([])
        await page.close()
      }
      expect(sides).toEqual({ default: { launcher: 'right', window: 'right' }, left: { launcher: 'left', window: 'left' } })
    },
    TIMEOUT,
  )
})

describe('several widgets on one page', () => {
  test(
    'each embed code gets its own widget: own shadow root, own launcher, own conversation',
    async () => {
      suite.host.register('pair', `${suite.chatbots.business.embed_code}\n${suite.chatbots.data.embed_code}`)
      const page = await desktop.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(String(e)))
      await wire(page, suite.app.url, { markdown: false })
      await page.goto(suite.host.pageUrl('pair'))
      const hosts = page.getByTestId('chatbot-host')
      await page.waitForFunction(() => document.querySelectorAll('chatbot-widget').length === 2)
      expect(await hosts.evaluateAll((els) => els.map((el) => el.getAttribute('data-chatbot-id')).sort())).toEqual([suite.ids.business, suite.ids.data].sort())
      expect(await hosts.evaluateAll((els) => new Set(els.map((el) => el.shadowRoot).filter((root) => root !== null)).size)).toBe(2)

      const business = page.locator(`[data-testid=chatbot-host][data-chatbot-id="${suite.ids.business}"]`)
      const data = page.locator(`[data-testid=chatbot-host][data-chatbot-id="${suite.ids.data}"]`)
      const launcherBox = async (host: typeof business) => (await host.getByTestId('chatbot-launcher').boundingBox())!
      const [a, b] = [await launcherBox(business), await launcherBox(data)]
      // Stacked, not on top of each other.
      expect(a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true)

      await data.getByTestId('chatbot-launcher').click()
      await data.getByTestId('chatbot-quick-reply').click()
      await data.locator('[data-testid=chatbot-message][data-role=bot]').nth(1).waitFor()
      expect(await business.getByTestId('chatbot-window').isHidden()).toBe(true)
      await business.getByTestId('chatbot-launcher').click()
      expect(await business.getByTestId('chatbot-message').count()).toBe(1)
      expect(await business.getByTestId('chatbot-title').textContent()).toBe('Helper')
      expect(errors).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )
})
