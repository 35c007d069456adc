/**
 * The chatbot's replies are Markdown; the transcript shows them as the widget does, with the same
 * library (the pinned marked) and the same rule: marked's HTML is never trusted. It is read by
 * htmlparser2 and written again from a small allow-list, every text escaped, so nothing a visitor
 * or a reply holds (raw HTML, a `javascript:` link, an event attribute) reaches the page as markup.
 * Headings become bold paragraphs: a reply must not add headings to the page's outline.
 */
import { Parser } from 'htmlparser2'
import { Marked } from 'marked'
import { BETWEEN_BLOCKS, DROPPED_ELEMENTS, HEADINGS, KEPT_ELEMENTS, safeHref } from '../../lib/reply-markup'
import { text } from './html'

export { safeHref }

const marked = new Marked({ gfm: true, breaks: true, async: false })

const VOID = new Set(['br', 'hr'])
/** marked puts a line break between blocks; inside these (or at the top) it is only blank space. */
const BLOCK_CONTAINERS = new Set(['', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr'])

function keptAttributes(tag: string, attributes: Record<string, string>): string {
  let out = ''
  for (const name of KEPT_ELEMENTS[tag]) {
    const value = attributes[name]
    if (value === undefined) continue
    if (name === 'start' && /^\d{1,6}$/.test(value)) out += ` start="${value}"`
    if (name === 'align' && /^(left|right|center)$/i.test(value)) out += ` align="${value.toLowerCase()}"`
    if (name === 'title') out += ` title="${text(value)}"`
  }
  return out
}

/** Untrusted HTML written again from the allow-list; what is not kept leaves at most its text. */
export function sanitiseHtml(html: string): string {
  let out = ''
  let dropping = 0
  // What each open element became: its closing tag, '' when unwrapped, null when dropped.
  const closers: (string | null)[] = []
  // The kept elements now open, innermost last.
  const open: string[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0 || DROPPED_ELEMENTS.has(name)) {
          dropping++
          closers.push(null)
          return
        }
        if (HEADINGS.has(name)) {
          out += '<p><strong>'
          closers.push('</strong></p>')
          open.push('p')
          return
        }
        if (!(name in KEPT_ELEMENTS)) {
          closers.push('')
          return
        }
        if (name === 'a') {
          const href = safeHref(attributes.href ?? '')
          if (!href) {
            closers.push('')
            return
          }
          out += `<a href="${text(href)}"${keptAttributes('a', attributes)} rel="noopener noreferrer nofollow ugc" target="_blank">`
          closers.push('</a>')
          open.push('a')
          return
        }
        out += `<${name}${keptAttributes(name, attributes)}>`
        closers.push(VOID.has(name) ? '' : `</${name}>`)
        if (!VOID.has(name)) open.push(name)
      },
      ontext(chunk) {
        if (dropping > 0 || (BETWEEN_BLOCKS.test(chunk) && BLOCK_CONTAINERS.has(open.at(-1) ?? ''))) return
        out += text(chunk)
      },
      onclosetag() {
        const closer = closers.pop()
        if (closer === null) dropping--
        else if (closer) {
          out += closer
          open.pop()
        }
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  return out
}

/** A reply's Markdown as safe HTML for the transcript. */
export function replyHtml(markdown: string): string {
  return sanitiseHtml(String(marked.parse(markdown)))
}
