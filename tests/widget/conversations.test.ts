// The widget on a host site, in real Chromium: conversations with Knowledge Retrieval (Markdown
// through the pinned marked), Business Enquiries (marked unreachable: the built-in renderer, and a
// Retry after a network failure) and Data Collection (quick replies, a re-asked number, uploads).
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { BrowserContext, Locator } from 'playwright-core'
import { client } from '../support/app'
import { CREATION_BODIES, PNG_1x1, QUESTIONS } from '../support/chatbots'
import { NOTHING_FOUND } from '../../src/features/answers/texts'
import { FORM_COMPLETE } from '../../src/features/chat/texts'
import { NETWORK_ERROR } from '../../src/features/widget/client/api'
import { bubbleText, MOBILE, newContext, openHostPage, pageErrors, say, screenshot, startSuite, type Suite } from './harness'

/** What the host page may hold: the markdown library, and the marker a hostile reply would set if it ran. */
type PageGlobals = Window & { marked?: { parse?: unknown }; __pwned?: unknown }

const SENTENCE = 'The lighthouse keeper polishes the brass lantern every Thursday at dawn.'
const DATA_QUESTIONS = [...QUESTIONS, { title: 'Photo', question: 'Please upload a photo of the venue.', type: 'image' }]

async function manualPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle('Lighthouse Manual')
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([595, 842])
  const lines = ['Chapter one covers the tower and its stairs.', SENTENCE, 'Visitors may climb the tower on Sundays.']
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font })
  return doc.save()
}

/** The text CSS draws around a source (its title and its list item): the ↗ of a link, or nothing. */
const arrowOf = (source: Locator) =>
  source.evaluate((el) =>
    [el.closest('li') ?? el, el]
      .flatMap((node) => ['::before', '::after'].map((p) => getComputedStyle(node, p).content))
      .map((c) => c.replace(/^(none|normal)$/, '').replace(/"/g, ''))
      .join(''),
  )

/** Each browser step gives up after 10 s (see newContext); a whole test after this. */
const TIMEOUT = 30_000

let suite: Suite
let markdown: BrowserContext
let plain: BrowserContext
let documentUrl: string

beforeAll(async () => {
  suite = await startSuite({
    bodies: { data: { ...CREATION_BODIES['/api/v1.0/api-data-collection/'], data_collection: DATA_QUESTIONS } },
    // The PDF goes through the real document-add endpoint before the page is opened.
    async before({ api, ids }) {
      const form = new FormData()
      form.append('documents', new Blob([(await manualPdf()) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'lighthouse.pdf')
      const added = await api.form(`/api/v1.0/chatbot-document-add/${ids.knowledge}/`, form)
      if (added.status !== 200) throw new Error(`document-add: ${JSON.stringify(added.body)}`)
      const view = await api.get(`/api/v1.0/chatbot-document-view/${ids.knowledge}/`)
      documentUrl = view.body.documents[0].file
    },
  })
  markdown = await newContext(suite.browser)
  plain = await newContext(suite.browser)
}, 30_000)
afterAll(async () => {
  await suite?.stop()
})

describe('Knowledge Retrieval', () => {
  test(
    'answers from the uploaded PDF with its sentence and its source, rendered as Markdown',
    async () => {
      const { page, w, net } = await openHostPage(markdown, suite, 'knowledge', { markdown: true })
      expect(await page.evaluate(() => typeof (window as PageGlobals).marked?.parse)).toBe('function')
      // The embed code is the only thing the host page carries: the widget found its chatbot from it.
      expect(await w.host.getAttribute('data-chatbot-id')).toBe(suite.ids.knowledge)

      await w.launcher.click()
      await w.window.waitFor()
      expect(await w.launcher.getAttribute('aria-expanded')).toBe('true')
      expect(await w.t('chatbot-title').textContent()).toBe('Helper')
      expect(await w.t('chatbot-instructions').textContent()).toBe('Ask about our manuals.')
      expect(await w.bot.count()).toBe(1)
      expect(await bubbleText(w.bot.first())).toBe('Hello! How can I help?')

      // The typing indicator shows while the reply is on its way, and goes when it arrives.
      const held = net.hold(`/api/v1.0/chat/${suite.ids.knowledge}/`)
      await w.input.fill('When does the keeper polish the brass lantern?')
      await w.input.press('Enter')
      await w.typing.waitFor({ state: 'visible' })
      expect(await bubbleText(w.user.last())).toBe('When does the keeper polish the brass lantern?')
      expect(await w.input.inputValue()).toBe('')
      expect(await w.bot.count()).toBe(1)
      held.release()
      const reply = w.bot.nth(1)
      await reply.waitFor()
      await w.typing.waitFor({ state: 'detached' })

      // Markdown went through the pinned marked and the sanitiser: a paragraph with the sentence,
      // then the emphasised source: the document's title, linking nowhere (its PDF is the owner's).
      const bubble = reply.getByTestId('chatbot-message-text')
      expect(await bubble.getAttribute('class')).toContain('cbw-md')
      expect(await bubble.getAttribute('data-renderer')).toBe('marked')
      const paragraphs = bubble.locator('p')
      expect(await paragraphs.count()).toBe(2)
      // The reply leads with the answering sentence; the sentence after it follows for context.
      expect(await paragraphs.first().textContent()).toStartWith(SENTENCE)
      expect(await paragraphs.nth(1).textContent()).toBe('Source: Lighthouse Manual')
      expect(await paragraphs.nth(1).locator('em').count()).toBe(1)
      expect(await bubble.locator('a').count()).toBe(0)

      const sources = reply.getByTestId('chatbot-source')
      expect(await sources.count()).toBe(1)
      expect(await sources.textContent()).toBe('Lighthouse Manual')
      expect(await sources.getAttribute('href')).toBeNull()
      // Its snippet is shown beside the title, and nothing marks it as a link.
      expect(await reply.getByTestId('chatbot-source-snippet').textContent()).toContain(SENTENCE)
      expect(await arrowOf(sources)).toBe('')
      // The PDF is its owner's: the visitor's browser is not served it, the owner's token is.
      expect((await fetch(documentUrl)).status).toBe(404)
      const pdf = await fetch(documentUrl, { headers: { authorization: `Token ${suite.token}` } })
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get('content-type')).toStartWith('application/pdf')
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

      // The page lives on another origin: the app answered the chat preflight itself.
      const chatPreflight = net.preflights.find((p) => p.url.endsWith(`/api/v1.0/chat/${suite.ids.knowledge}/`))
      expect(chatPreflight).toMatchObject({ method: 'POST', allowOrigin: '*' })
      expect(chatPreflight!.status).toBeGreaterThanOrEqual(200)
      expect(chatPreflight!.status).toBeLessThan(300)
      expect(chatPreflight!.allowHeaders?.toLowerCase()).toContain('content-type')

      // Links in a bot bubble sit on its tinted background and must still read at 4.5:1.
      const contrast = await new AxeBuilder({ page }).include('chatbot-widget').withRules(['color-contrast']).analyze()
      expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([])

      await screenshot(page, 'knowledge-desktop')
      expect(pageErrors(page)).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )

  test(
    'says so plainly when the material holds nothing on the question',
    async () => {
      const { page, w } = await openHostPage(markdown, suite, 'knowledge', { markdown: true })
      await w.launcher.click()
      // A new tab starts a new conversation (the session lives in sessionStorage).
      expect(await w.messages.count()).toBe(1)
      const reply = await say(w, 'Which submarine cable lands near Reykjavik?')
      expect(await reply.getByTestId('chatbot-source').count()).toBe(0)
      const api = await client(suite.app.url).post(`/api/v1.0/chat/${suite.ids.knowledge}/`, { message: 'Which submarine cable lands near Reykjavik?', visitor_id: 'probe' })
      expect(api.body.reply).toBe(NOTHING_FOUND)
      expect(await reply.getByTestId('chatbot-message-text').locator('p').textContent()).toBe(NOTHING_FOUND)
      expect(api.body.sources).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )
})

describe('Business Enquiries', () => {
  test(
    'without marked the built-in renderer formats the replies carrying the prices and the opening hours',
    async () => {
      const { page, w, net } = await openHostPage(plain, suite, 'business', { markdown: false })
      expect(await page.evaluate(() => typeof (window as PageGlobals).marked)).toBe('undefined')
      await w.launcher.click()

      // The price list panel.
      await w.t('prices-open').click()
      const items = w.t('prices-item')
      expect(await items.count()).toBe(2)
      expect(await items.first().getAttribute('data-name')).toBe('Website audit')
      expect(await items.first().textContent()).toContain('A full review')
      expect(await items.first().textContent()).toContain('100')
      expect(await items.first().textContent()).toContain('120')
      expect(await items.nth(1).getAttribute('data-name')).toBe('Hosting')
      expect(await items.nth(1).textContent()).toContain('9.99')
      await w.t('prices-back').click()
      await w.input.waitFor({ state: 'visible' })

      const api = client(suite.app.url)
      const prices = await say(w, 'What are your prices?')
      const priceBubble = prices.getByTestId('chatbot-message-text')
      // marked is out of reach: the built-in renderer formats the reply; no Markdown syntax is left to read.
      expect(await priceBubble.getAttribute('class')).toContain('cbw-md')
      expect(await priceBubble.getAttribute('data-renderer')).toBe('built-in')
      const expected = await api.post(`/api/v1.0/chat/${suite.ids.business}/`, { message: 'What are your prices?', visitor_id: 'probe' })
      const shown = await priceBubble.innerText()
      for (const fact of ['Website audit', '100', '120', 'Hosting', '9.99', '11.99']) {
        expect(expected.body.reply).toContain(fact)
        expect(shown).toContain(fact)
      }
      for (const syntax of ['**', '](', '`']) expect(shown).not.toContain(syntax)
      expect(shown).not.toMatch(/^\s*[-*+] /m)
      if (/^\s*[-*] /m.test(expected.body.reply)) expect(await priceBubble.locator('li').count()).toBeGreaterThan(1)
      if (expected.body.reply.includes('**')) expect(await priceBubble.locator('strong').count()).toBeGreaterThan(0)
      const priceSources = prices.getByTestId('chatbot-source')
      expect(await priceSources.first().textContent()).toBe('Price list')
      // The price list is no page of the website: its source names the section, without a link to the home page.
      expect(await priceSources.first().getAttribute('href')).toBeNull()

      const hours = await say(w, 'When are you open?', 'enter')
      const hoursText = await hours.getByTestId('chatbot-message-text').innerText()
      expect(hoursText).toContain('Mon-Fri 9-17')
      expect((await api.post(`/api/v1.0/chat/${suite.ids.business}/`, { message: 'When are you open?', visitor_id: 'probe' })).body.reply).toContain('Mon-Fri 9-17')
      expect(await hours.getByTestId('chatbot-source').first().textContent()).toBe('Opening hours')

      // What the visitor types is shown as text, never as markup.
      await say(w, '<img src=x onerror="window.__pwned=1"><b>FAQ</b> do you ship abroad?')
      expect(await bubbleText(w.user.last())).toBe('<img src=x onerror="window.__pwned=1"><b>FAQ</b> do you ship abroad?')
      expect(await w.user.last().locator('img, b').count()).toBe(0)
      expect(await page.evaluate(() => (window as PageGlobals).__pwned)).toBeUndefined()

      expect(net.preflights.some((p) => p.url.includes(`/api/v1.0/chat/${suite.ids.business}/`) && p.allowOrigin === '*')).toBe(true)
      await screenshot(page, 'business-desktop')
      expect(pageErrors(page)).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )
  test(
    'after a network failure the visitor gets Retry, and what they typed is kept',
    async () => {
      const { page, w, net } = await openHostPage(plain, suite, 'business', { markdown: false })
      await w.launcher.click()
      net.failNext(`/api/v1.0/chat/${suite.ids.business}/`)
      await w.input.fill('When are you open?')
      await w.input.press('Enter')
      const retry = w.t('chatbot-retry')
      await retry.waitFor()
      const notice = w.host.locator('[data-testid=chatbot-message][data-error=true]')
      expect(await notice.getByTestId('chatbot-message-text').textContent()).toBe(NETWORK_ERROR)
      expect(await w.input.inputValue()).toBe('When are you open?')
      expect(await bubbleText(w.user.last())).toBe('When are you open?')

      await retry.click()
      const answer = w.host.locator('[data-testid=chatbot-message][data-role=bot]:not([data-error])').nth(1)
      await answer.waitFor()
      expect(await answer.getByTestId('chatbot-message-text').innerText()).toContain('Mon-Fri 9-17')
      expect(await notice.count()).toBe(0)
      expect(await retry.count()).toBe(0)
      expect(await w.input.inputValue()).toBe('')
      expect(await w.user.count()).toBe(1)

      // The conversation kept is the one that happened: one question, one answer.
      await page.reload()
      await w.launcher.click()
      expect(await w.user.count()).toBe(1)
      expect(await w.bot.count()).toBe(2)
      expect(pageErrors(page)).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )
})

describe('Data Collection', () => {
  test(
    'asks every question: a bad number is re-asked, Yes by quick reply, the photo through the file input',
    async () => {
      const { page, w } = await openHostPage(markdown, suite, 'data', { markdown: true })
      await w.launcher.click()
      expect(await bubbleText(w.bot.first())).toBe('Hello! How can I help?')
      expect(await w.quick.count()).toBe(1)
      expect(await w.quick.getAttribute('data-value')).toBe("Let's start")
      expect(await w.t('chatbot-upload').isHidden()).toBe(true)

      const botReply = async (n: number) => {
        const reply = w.bot.nth(n)
        await reply.waitFor()
        return reply
      }

      await w.quick.click()
      expect(await bubbleText(w.user.last())).toBe("Let's start")
      expect(await bubbleText(await botReply(1))).toBe('What is your name?')
      await w.quick.waitFor({ state: 'detached' })

      expect(await bubbleText(await say(w, 'Ada Lovelace', 'enter'))).toBe('How old are you?')
      expect(await w.input.getAttribute('inputmode')).toBe('decimal')

      // A bad number: the reason, then the same question again.
      const reask = await say(w, 'thirty-six')
      const reaskText = (await bubbleText(reask))!
      expect(reaskText).toContain('number')
      expect(reaskText.trim().endsWith('How old are you?')).toBe(true)
      expect(await w.input.getAttribute('inputmode')).toBe('decimal')

      expect(await bubbleText(await say(w, '36'))).toBe('Join our newsletter?')
      // Yes / No as quick replies.
      const yes = w.host.locator('[data-testid=chatbot-quick-reply][data-value=yes]')
      await yes.waitFor()
      expect(await w.quick.count()).toBe(2)
      expect(await w.host.locator('[data-testid=chatbot-quick-reply][data-value=no]').textContent()).toBe('No')
      await yes.click()
      expect(await bubbleText(w.user.last())).toBe('Yes')
      expect(await bubbleText(await botReply(5))).toBe('Please upload a photo of the venue.')

      // The image question: the file input appears and takes images.
      const fileInput = w.t('chatbot-file-input')
      await w.t('chatbot-upload').waitFor({ state: 'visible' })
      expect(await fileInput.getAttribute('accept')).toBe('image/*')
      expect(await w.quick.count()).toBe(0)

      // A PDF for the image question is uploaded but refused as the answer, and the question comes again.
      await fileInput.setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await manualPdf()) })
      const refused = (await bubbleText(await botReply(6)))!
      expect(refused).toContain('image')
      expect(refused.trim().endsWith('Please upload a photo of the venue.')).toBe(true)
      expect(await bubbleText(w.user.nth(5))).toBe('Uploaded: plan.pdf')
      expect(await w.t('chatbot-upload').isVisible()).toBe(true)

      await fileInput.setInputFiles({ name: 'venue.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1x1) })
      expect(await bubbleText(await botReply(7))).toBe(FORM_COMPLETE)
      expect(await bubbleText(w.user.nth(6))).toBe('Uploaded: venue.png')
      await w.t('chatbot-done').waitFor({ state: 'visible' })
      expect(await w.t('chatbot-upload').isHidden()).toBe(true)
      expect(await w.input.isDisabled()).toBe(true)
      expect(await w.send.isDisabled()).toBe(true)
      await screenshot(page, 'data-desktop')

      // The owner's submissions hold the answers, the photo as a URL serving the uploaded bytes.
      const submissions = await suite.api.get(`/api/v1.0/chatbot-submissions/${suite.ids.data}/`)
      expect(submissions.status).toBe(200)
      expect(submissions.body.submissions).toHaveLength(1)
      const answers = submissions.body.submissions[0].answers
      expect(answers.slice(0, 3)).toEqual([
        { title: 'Name', type: 'text', value: 'Ada Lovelace' },
        { title: 'Age', type: 'number', value: 36 },
        { title: 'Subscribe', type: 'boolean', value: true },
      ])
      expect(answers[3]).toMatchObject({ title: 'Photo', type: 'image' })
      expect(answers[3].value).toStartWith(`${suite.app.url}/`)
      const photo = await fetch(answers[3].value, { headers: { authorization: `Token ${suite.token}` } })
      expect(photo.status).toBe(200)
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG_1x1)

      // A reload keeps the finished conversation (sessionStorage); "Start over" begins a new one.
      const messagesBefore = await w.messages.count()
      await page.reload()
      await w.launcher.click()
      await w.t('chatbot-done').waitFor({ state: 'visible' })
      expect(await w.messages.count()).toBe(messagesBefore)
      await w.t('chatbot-restart').click()
      expect(await w.messages.count()).toBe(1)
      expect(await w.quick.getAttribute('data-value')).toBe("Let's start")
      expect(await w.input.isDisabled()).toBe(false)
      expect(pageErrors(page)).toEqual([])
      await page.close()
    },
    TIMEOUT,
  )
})

describe('sources on a phone', () => {
  test(
    'each source once with its snippet; only a web page is a link, and only a link has the arrow',
    async () => {
      const phone = await newContext(suite.browser, MOBILE)
      const { page, w } = await openHostPage(phone, suite, 'business', { markdown: false })
      await w.launcher.click()
      const about = await say(w, 'Who is the company behind the website?')
      const aboutSource = about.locator('[data-testid=chatbot-source]', { hasText: 'About us' })
      // The business's own website is a web page: a link that opens apart, with the arrow.
      expect(await aboutSource.getAttribute('href')).toBe('https://acme.example')
      expect(await aboutSource.getAttribute('target')).toBe('_blank')
      expect(await arrowOf(aboutSource)).toBe(' ↗')

      const hours = await say(w, 'When are you open?')
      const sources = hours.getByTestId('chatbot-source')
      const titles = await sources.allTextContents()
      expect(new Set(titles).size).toBe(titles.length)
      const hoursSource = hours.locator('[data-testid=chatbot-source]', { hasText: 'Opening hours' })
      // A section of the business details is no page: named, not linked, no arrow, its words shown.
      expect(await hoursSource.evaluate((el) => el.tagName)).toBe('SPAN')
      expect(await arrowOf(hoursSource)).toBe('')
      const snippet = hours.getByTestId('chatbot-source-snippet').first()
      expect(await snippet.textContent()).toContain('Mon-Fri 9-17')
      expect(await snippet.isVisible()).toBe(true)
      // The list fits the phone's width.
      const box = (await hours.getByTestId('chatbot-sources').boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(375)
      await screenshot(page, 'sources-phone')
      expect(pageErrors(page)).toEqual([])
      await phone.close()
    },
    TIMEOUT,
  )
})
