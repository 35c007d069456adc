import { Parser } from 'htmlparser2'
import { CODE_LINE_BREAK, isCode } from '../../lib/sentences'

export interface HtmlText {
  /** <title>, else the first <h1>, else null. */
  title: string | null
  /** Visible text; blocks separated by an empty line, <br> by a line break. */
  text: string
}

/**
 * Elements whose content a reader never sees as page text (chrome, code, embedded documents). A
 * button inside a heading is the heading (an accordion's question: `<h2><button>Do you ship…?`).
 */
const HIDDEN_ELEMENTS = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'nav',
  'aside',
  'form',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'select',
  'button',
  'dialog',
])

/**
 * Elements and class words that may be page chrome (a site's banner, a menu, a sidebar, a docs
 * theme's navigation) or may be content (`<section id="menu">` with the dishes and prices,
 * `<body class="wy-body-for-nav">`, a footer holding the shop's address). Which one is decided when
 * the element ends, by its links: chrome is mostly link text, content mostly is not.
 */
const PAGE_CHROME_ELEMENTS = new Set(['header', 'footer'])
/** A header or footer inside one of these is that part's own (`<article><header><h1>…`), never the page's (HTML-AAM's banner and contentinfo). */
const SECTIONING_ELEMENTS = new Set(['article', 'main', 'section'])

/** Class, id and role words that mark navigation and page chrome rather than content. */
const CHROME_WORDS = new Set([
  'nav',
  'navbar',
  'navigation',
  'navheader',
  'navfooter',
  'docnav',
  'breadcrumb',
  'breadcrumbs',
  'menu',
  'menubar',
  'sidebar',
  'toc',
  'pagination',
  'pager',
  'skip',
  'header',
  'footer',
  'banner',
  'contentinfo',
  'share',
  'sharing',
  'sharedaddy',
  'social',
  'related',
  'relatedposts',
])

/** Class words of a consent notice ("This website uses cookies… Accept"), dropped when its text asks for consent to cookies. */
const CONSENT_WORDS = /\b(?:cookie|cookies|consent|gdpr)\b/
const CONSENT_TEXT = /\bcookies?\b[\s\S]*\b(?:accept|agree|consent|settings|opt[- ]?out|privacy)\b|\b(?:accept|agree|consent)\b[\s\S]*\bcookies?\b/i

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

/** Elements a theme's class words never make chrome: the page itself, its main content, headings and inline text (`<a class="toc-backref">` holds a FAQ's question). */
const NEVER_CHROME = new Set(['html', 'body', 'main', 'article', ...HEADINGS, 'a', 'span', 'em', 'strong', 'b', 'i', 'code', 'small', 'abbr', 'cite', 'label'])

/** Text only screen readers get ("Skip to content", "(opens in a new tab)"); a visitor never sees it. */
const SCREEN_READER_CLASSES = new Set(['screen-reader-text', 'sr-only', 'visually-hidden', 'visually-hidden-focusable', 'visuallyhidden', 'screen-reader-only'])

/** Class, id and role words of an element (`class="wy-nav-content"` gives wy, nav, content). */
const attributeWords = (attributes: Record<string, string>) => `${attributes.class ?? ''} ${attributes.id ?? ''} ${attributes.role ?? ''}`.toLowerCase()

/** An element that a theme marks as navigation (`class="docnav"`, `id="table_of_contents"`, `role="navigation"`). */
function isPageChrome(attributes: Record<string, string>): boolean {
  const names = attributeWords(attributes)
  const words = names.split(/[^a-z]+/).filter(Boolean)
  return words.some((w) => CHROME_WORDS.has(w)) || /table[-_ ]?of[-_ ]?contents/.test(names)
}

/**
 * Hidden until the visitor opens it: a FAQ accordion's answer or a tab's panel (WAI-ARIA's
 * disclosure, accordion and tabs patterns: `<div id="a1" role="region" aria-labelledby="q1"
 * hidden>`, named by its button's `aria-controls`). The page holds it for the visitor to read, so
 * it is material; a region nothing opens stays hidden.
 */
const opensOnRequest = (attributes: Record<string, string>, controlled: ReadonlySet<string>) =>
  attributes.role === 'region' || attributes.role === 'tabpanel' || attributes['aria-labelledby'] !== undefined || (attributes.id !== undefined && controlled.has(attributes.id))

/** Hidden by the page's own markup (the attribute, ARIA or an inline style), not by what the element is. */
const hiddenByMarkup = (attributes: Record<string, string>) =>
  'hidden' in attributes || attributes['aria-hidden'] === 'true' || /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attributes.style ?? '')

const forScreenReaders = (attributes: Record<string, string>) =>
  (attributes.class ?? '')
    .toLowerCase()
    .split(/\s+/)
    .some((c) => SCREEN_READER_CLASSES.has(c))

/** Chrome is mostly links: a menu, a table of contents, a "Next: … Previous: … Up: …" line. */
const LINK_SHARE_OF_CHROME = 0.5

/** Visible characters up to which an element is read as a possible notice or footer (a cookie notice, a copyright line). */
const NOTICE_CHARS = 4_000

/** A line of a page's footer (or of an element named "copyright") that only claims its rights. */
const COPYRIGHT_LINE = /^(?:©|\(c\)\s|copyright\b)/i

/** Elements whose text can never be shown, even as a fallback title. */
const NON_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math'])

const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'blockquote',
  'caption',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  ...HEADINGS,
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
  'body',
  'html',
])

/** Table cells sit side by side: a space keeps their words apart without breaking the row. */
const CELL_ELEMENTS = new Set(['td', 'th'])

export function extractHtmlText(html: string): HtmlText {
  const parts: string[] = []
  let title = ''
  let firstH1 = ''
  let h1Done = false

  // One frame per open element, so hidden regions end exactly where their element ends.
  const openElements: { hidden: boolean; nonText: boolean; chrome: Candidate | null; link: number | null; href: boolean }[] = []
  // Visible characters and link characters so far (less what chrome dropped): an element's own
  // are the difference from its start, so nesting costs nothing per text.
  let textSeen = 0
  let linksSeen = 0
  let hiddenDepth = 0
  let sectioningDepth = 0
  let nonTextDepth = 0
  let inTitle = 0
  let inH1 = 0
  let inLink = 0
  let headingDepth = 0
  // A <pre>'s text keeps its lines: where it starts in parts, while one is open.
  const codeStarts: number[] = []
  // A page's own table of contents: list items that are nothing but links to the page's anchors
  // ("<li><a href="#q20">How can I recover it?</a>"). Each repeats a heading the page has, and as
  // material the list answered the questions it names with the questions around them.
  const items: { start: number; linked: boolean; plain: boolean }[] = []
  let inAnchorLink = 0
  // Ids of elements a control on the page opens (its `aria-controls`): the control comes first.
  const controlled = new Set<string>()

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hidden =
          (HIDDEN_ELEMENTS.has(name) && !(name === 'button' && headingDepth > 0)) ||
          forScreenReaders(attributes) ||
          (name === 'a' && /\bskip\b/.test(attributeWords(attributes))) ||
          (hiddenByMarkup(attributes) && !opensOnRequest(attributes, controlled))
        for (const target of (attributes['aria-controls'] ?? '').split(/\s+/)) if (target !== '') controlled.add(target)
        const words = attributeWords(attributes)
        const consent = CONSENT_WORDS.test(words)
        const mayBeChrome =
          !hidden && !NEVER_CHROME.has(name) && ((PAGE_CHROME_ELEMENTS.has(name) && sectioningDepth === 0) || isPageChrome(attributes) || consent || /\bcopyright\b/.test(words))
        const chrome = mayBeChrome ? { start: parts.length, text: textSeen, links: linksSeen, footer: name === 'footer' || /\bcopyright\b/.test(words), consent } : null
        const nonText = NON_TEXT_ELEMENTS.has(name)
        const href = name === 'a' && attributes.href !== undefined
        openElements.push({ hidden, nonText, chrome, link: name === 'a' ? parts.length : null, href })
        if (hidden) hiddenDepth++
        if (nonText) nonTextDepth++
        if (SECTIONING_ELEMENTS.has(name)) sectioningDepth++
        if (href) inLink++
        if (HEADINGS.has(name)) headingDepth++
        if (name === 'title' && nonTextDepth === 0) inTitle++
        if (name === 'h1' && !h1Done) inH1++
        if (name === 'li') items.push({ start: parts.length, linked: false, plain: false })
        if (name === 'a' && (inAnchorLink > 0 || (attributes.href ?? '').startsWith('#'))) inAnchorLink++
        if (name === 'br') parts.push(codeStarts.length > 0 ? CODE_LINE_BREAK : '\n')
        else if (BLOCK_ELEMENTS.has(name)) parts.push('\n\n')
        if (name === 'pre') codeStarts.push(parts.length)
        else if (CELL_ELEMENTS.has(name)) parts.push(' ')
      },
      ontext(text) {
        if (inTitle > 0) title += text
        if (inH1 > 0 && nonTextDepth === 0) firstH1 += text
        // Source line breaks are plain spaces in HTML; only block boundaries break lines.
        if (hiddenDepth === 0) {
          parts.push(codeStarts.length > 0 ? text.replace(/\r?\n|\r/g, CODE_LINE_BREAK).replace(/\t/g, '  ') : text.replace(/\s+/g, ' '))
          const length = text.replace(/\s+/g, '').length
          textSeen += length
          if (inLink > 0) linksSeen += length
        }
        if (text.trim() !== '') {
          for (const item of items) {
            if (inAnchorLink > 0) item.linked = true
            else item.plain = true
          }
        }
      },
      onclosetag(name) {
        const frame = openElements.pop()
        if (frame?.hidden) hiddenDepth--
        if (frame?.nonText) nonTextDepth--
        if (SECTIONING_ELEMENTS.has(name) && sectioningDepth > 0) sectioningDepth--
        if (frame?.href && inLink > 0) inLink--
        if (HEADINGS.has(name) && headingDepth > 0) headingDepth--
        // A link of signs only (a heading's "¶" permalink, "»") says nothing.
        if (frame?.link != null && !/[\p{L}\p{N}]/u.test(parts.slice(frame.link).join(''))) parts.length = frame.link
        if (name === 'a' && inAnchorLink > 0) inAnchorLink--
        if (name === 'li') {
          const item = items.pop()
          if (item?.linked && !item.plain) parts.length = item.start
        }
        if (frame?.chrome) {
          const { start, footer, consent } = frame.chrome
          const text = textSeen - frame.chrome.text
          const links = linksSeen - frame.chrome.links
          // Notices and footers are short; a long element is read for its links only, so nesting cannot make the reading quadratic.
          const short = text <= NOTICE_CHARS
          if (links >= text * LINK_SHARE_OF_CHROME || (consent && short && CONSENT_TEXT.test(parts.slice(start).join('')))) {
            parts.length = start
            // What is dropped no longer counts in the elements around it.
            textSeen -= text
            linksSeen -= links
          } else if (footer && short) parts.splice(start, parts.length - start, withoutCopyright(parts.slice(start).join('')))
        }
        if (name === 'pre' && codeStarts.length > 0) {
          const start = codeStarts.pop() ?? parts.length
          if (codeStarts.length === 0) parts.splice(start, parts.length - start, codeBlock(parts.slice(start).join('')))
        }
        if (name === 'title' && inTitle > 0) inTitle--
        if (name === 'h1' && inH1 > 0) {
          inH1--
          if (inH1 === 0 && collapseInline(firstH1) !== '') h1Done = true
        }
        if (BLOCK_ELEMENTS.has(name)) parts.push('\n\n')
        else if (CELL_ELEMENTS.has(name)) parts.push(' ')
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.write(html)
  parser.end()

  const chosenTitle = collapseInline(title) || collapseInline(firstH1)
  return { title: chosenTitle === '' ? null : chosenTitle, text: collapseBlocks(parts.join('')) }
}

/** An element that may be chrome: where its text starts, and the counts seen when it opened. */
interface Candidate {
  start: number
  text: number
  links: number
  /** A page footer or copyright notice: its copyright lines go. */
  footer: boolean
  /** Named like a consent notice: it goes when its text asks to accept cookies. */
  consent: boolean
}

/** A page footer's text less the lines that only claim its rights ("© 2026 Harbour Bakery"). */
const withoutCopyright = (text: string) =>
  text
    .split(/\n\s*\n/)
    .filter((block) => !COPYRIGHT_LINE.test(block.trim()))
    .join('\n\n')

/**
 * A <pre>'s text as one code block: its lines joined by CODE_LINE_BREAK, with their indentation,
 * without empty lines (an empty line ends a paragraph in the text); a block of one line is a line
 * of text like any other.
 */
function codeBlock(text: string): string {
  const lines = text
    .split(CODE_LINE_BREAK)
    .map((line) => line.replace(/[^\S\u2028]+$/u, ''))
    .filter((line) => line.trim() !== '')
  return lines.length > 1 ? lines.join(CODE_LINE_BREAK) : (lines[0]?.trim() ?? '')
}

function collapseInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** HTML whitespace is insignificant except for the breaks we inserted and a code block's spacing. */
function collapseBlocks(text: string): string {
  return text
    .split('\n')
    .map((line) => (isCode(line) ? line.trimEnd() : line.replace(/\s+/g, ' ').trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
