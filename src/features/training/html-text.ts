import { Parser } from 'htmlparser2'

export interface HtmlText {
  /** <title>, else the first <h1>, else null. */
  title: string | null
  /** Visible text; blocks separated by an empty line, <br> by a line break. */
  text: string
}

/** Elements whose content a reader never sees as page text (chrome, code, embedded documents). */
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
 * A page's banner and footer (logo, slogan, copyright) are chrome; a header or footer inside an
 * article, main or section is that part's own, its heading and byline (`<article><header><h1>Our
 * services</h1>`, as WordPress themes write every post), as HTML-AAM maps only the page's own to
 * the banner and contentinfo roles.
 */
const PAGE_CHROME_ELEMENTS = new Set(['header', 'footer'])
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
  'footer',
  'banner',
  'contentinfo',
])

/** An element that a theme marks as navigation (`class="docnav"`, `id="table_of_contents"`, `role="navigation"`). */
function isPageChrome(attributes: Record<string, string>): boolean {
  const names = `${attributes.class ?? ''} ${attributes.id ?? ''} ${attributes.role ?? ''}`.toLowerCase()
  const words = names.split(/[^a-z]+/).filter(Boolean)
  return words.some((w) => CHROME_WORDS.has(w)) || /table[-_ ]?of[-_ ]?contents/.test(names)
}

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
  'footer',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
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
  const openElements: { hidden: boolean; nonText: boolean }[] = []
  let hiddenDepth = 0
  let sectioningDepth = 0
  let nonTextDepth = 0
  let inTitle = 0
  let inH1 = 0
  // A page's own table of contents: list items that are nothing but links to the page's anchors
  // ("<li><a href="#q20">How can I recover it?</a>"). Each repeats a heading the page has, and as
  // material the list answered the questions it names with the questions around them.
  const items: { start: number; linked: boolean; plain: boolean }[] = []
  let inAnchorLink = 0

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hidden =
          HIDDEN_ELEMENTS.has(name) ||
          (PAGE_CHROME_ELEMENTS.has(name) && sectioningDepth === 0) ||
          isPageChrome(attributes) ||
          'hidden' in attributes ||
          attributes['aria-hidden'] === 'true' ||
          /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attributes.style ?? '')
        const nonText = NON_TEXT_ELEMENTS.has(name)
        openElements.push({ hidden, nonText })
        if (hidden) hiddenDepth++
        if (nonText) nonTextDepth++
        if (SECTIONING_ELEMENTS.has(name)) sectioningDepth++
        if (name === 'title' && nonTextDepth === 0) inTitle++
        if (name === 'h1' && !h1Done) inH1++
        if (name === 'li') items.push({ start: parts.length, linked: false, plain: false })
        if (name === 'a' && (inAnchorLink > 0 || (attributes.href ?? '').startsWith('#'))) inAnchorLink++
        if (name === 'br') parts.push('\n')
        else if (BLOCK_ELEMENTS.has(name)) parts.push('\n\n')
        else if (CELL_ELEMENTS.has(name)) parts.push(' ')
      },
      ontext(text) {
        if (inTitle > 0) title += text
        if (inH1 > 0 && nonTextDepth === 0) firstH1 += text
        // Source line breaks are plain spaces in HTML; only block boundaries break lines.
        if (hiddenDepth === 0) parts.push(text.replace(/\s+/g, ' '))
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
        if (name === 'a' && inAnchorLink > 0) inAnchorLink--
        if (name === 'li') {
          const item = items.pop()
          if (item?.linked && !item.plain) parts.length = item.start
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

function collapseInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** HTML whitespace is insignificant except for the breaks we inserted. */
function collapseBlocks(text: string): string {
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
