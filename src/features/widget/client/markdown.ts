/**
 * Replies are Markdown. They become DOM nodes in one of two ways, and are safe either way:
 * - marked, when the embed code's pinned copy loaded (window.marked): its HTML is parsed inert by
 *   DOMParser and rebuilt node by node from a small allow-list (sanitise);
 * - else this file's own renderer (blocked CDN, offline page, strict content policy): paragraphs,
 *   line breaks, headings, bold, italic, strikethrough, lists, quotes, links, inline code and code
 *   blocks, built as nodes with text in text nodes, so nothing in a reply can become markup.
 * Links go only to http(s) and mailto addresses, and open in a new tab without an opener.
 */

import { BETWEEN_BLOCKS, DROPPED_ELEMENTS, HEADINGS, KEPT_ELEMENTS, safeHref } from '../../../lib/reply-markup'

export { safeHref }

export type Renderer = 'marked' | 'built-in'

interface MarkedLike {
  parse(markdown: string, options: { gfm: boolean; breaks: boolean; async: false }): unknown
}

function markedOnPage(): MarkedLike | null {
  const candidate = (window as Window & { marked?: unknown }).marked
  return candidate !== null && typeof candidate === 'object' && typeof (candidate as MarkedLike).parse === 'function' ? (candidate as MarkedLike) : null
}

/** Renders a reply into `target`; says which renderer did it. */
export function renderMarkdown(target: HTMLElement, markdown: string): Renderer {
  const marked = markedOnPage()
  if (marked) {
    try {
      const html = marked.parse(markdown, { gfm: true, breaks: true, async: false })
      if (typeof html === 'string') {
        target.appendChild(sanitise(html))
        return 'marked'
      }
    } catch {
      // a broken copy of the library: the built-in renderer still answers
    }
  }
  target.appendChild(renderBuiltIn(markdown))
  return 'built-in'
}

// ---- links ---------------------------------------------------------------------------------------

function link(href: string, children: Node[], title?: string): HTMLAnchorElement {
  const a = document.createElement('a')
  a.href = href
  a.target = '_blank'
  a.rel = 'noopener noreferrer nofollow ugc'
  if (title) a.title = title
  for (const child of children) a.appendChild(child)
  return a
}

// ---- sanitising marked's HTML --------------------------------------------------------------------

/** The shared allow-list; the widget keeps a reply's headings (the transcript turns them into bold text). */
const KEPT: Record<string, readonly string[]> = { ...KEPT_ELEMENTS, ...Object.fromEntries([...HEADINGS].map((h) => [h, []])) }

const BLOCK_CONTAINERS = new Set(['#document-fragment', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr'])

function copyKept(from: Node, to: Node, depth: number): void {
  if (depth > 40) return
  for (let node = from.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.nodeValue ?? ''
      // marked puts a line break between block elements; as text it would only add blank space.
      if (!(BETWEEN_BLOCKS.test(text) && BLOCK_CONTAINERS.has(to.nodeName.toLowerCase()))) to.appendChild(document.createTextNode(text))
      continue
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue // comments, processing instructions
    const source = node as Element
    const tag = source.localName
    if (DROPPED_ELEMENTS.has(tag)) continue
    const allowed = KEPT[tag]
    if (!allowed) {
      copyKept(source, to, depth + 1)
      continue
    }
    if (tag === 'a') {
      const href = safeHref(source.getAttribute('href') ?? '')
      const inner = document.createDocumentFragment()
      copyKept(source, inner, depth + 1)
      to.appendChild(href ? link(href, [inner], source.getAttribute('title') ?? undefined) : inner)
      continue
    }
    const copy = document.createElement(tag)
    for (const name of allowed) {
      const value = source.getAttribute(name)
      if (value === null) continue
      if (name === 'start' && /^\d{1,6}$/.test(value)) copy.setAttribute(name, value)
      if (name === 'align' && /^(left|right|center)$/i.test(value)) copy.setAttribute(name, value)
    }
    copyKept(source, copy, depth + 1)
    to.appendChild(copy)
  }
}

/** Untrusted HTML to an allow-listed fragment. DOMParser's document is inert: nothing in it runs or loads. */
export function sanitise(html: string): DocumentFragment {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  const fragment = document.createDocumentFragment()
  copyKept(parsed.body, fragment, 0)
  return fragment
}

// ---- the built-in renderer: blocks ---------------------------------------------------------------

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const QUOTE = /^ {0,3}> ?/
const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/

const isBlank = (line: string) => line.trim() === ''
const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line)
const leadingSpaces = (line: string) => line.length - line.trimStart().length

function el(tag: string, children: Node[]): HTMLElement {
  const node = document.createElement(tag)
  for (const child of children) node.appendChild(child)
  return node
}

function renderBuiltIn(markdown: string): DocumentFragment {
  const fragment = document.createDocumentFragment()
  for (const node of blocks(markdown.replace(/\r\n?/g, '\n').split('\n'), 0)) fragment.appendChild(node)
  return fragment
}

function blocks(lines: string[], depth: number): Node[] {
  const out: Node[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    if (isBlank(line)) {
      i++
      continue
    }
    const fence = FENCE.exec(line)
    if (fence) {
      const body: string[] = []
      i++
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) body.push(lines[i++])
      i++
      out.push(el('pre', [el('code', [document.createTextNode(body.join('\n'))])]))
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      out.push(el('p', [el('strong', inline(heading[2]))]))
      i++
      continue
    }
    if (RULE.test(line)) {
      out.push(document.createElement('hr'))
      i++
      continue
    }
    if (QUOTE.test(line) && depth < 8) {
      const quoted: string[] = []
      while (i < lines.length && QUOTE.test(lines[i])) quoted.push(lines[i++].replace(QUOTE, ''))
      out.push(el('blockquote', blocks(quoted, depth + 1)))
      continue
    }
    if (ITEM.test(line) && depth < 8) {
      i = list(lines, i, depth, out)
      continue
    }
    const paragraph: string[] = [line.trim()]
    i++
    while (i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i])) paragraph.push(lines[i++].trim())
    out.push(el('p', inline(paragraph.join('\n'))))
  }
  return out
}

/** One list from lines[start]; appends it to `out` and returns the index after it. */
function list(lines: string[], start: number, depth: number, out: Node[]): number {
  const first = ITEM.exec(lines[start]) as RegExpExecArray
  const ordered = /\d/.test(first[2])
  const listEl = document.createElement(ordered ? 'ol' : 'ul')
  if (ordered && Number.parseInt(first[2], 10) !== 1) listEl.setAttribute('start', String(Number.parseInt(first[2], 10)))
  let i = start
  while (i < lines.length) {
    const item = ITEM.exec(lines[i])
    if (!item || /\d/.test(item[2]) !== ordered || item[1].length > leadingSpaces(lines[start]) + 1) break
    const contentIndent = item[0].length
    const body = [lines[i].slice(contentIndent)]
    let loose = false
    i++
    while (i < lines.length) {
      const line = lines[i]
      if (isBlank(line)) {
        const next = lines.slice(i + 1).find((l) => !isBlank(l))
        if (next === undefined || leadingSpaces(next) < contentIndent) break
        loose = true
        body.push('')
        i++
        continue
      }
      if (leadingSpaces(line) >= contentIndent) body.push(line.slice(contentIndent))
      else if (!startsBlock(line) && !isBlank(body[body.length - 1]))
        body.push(line.trim()) // a lazy continuation line
      else break
      i++
    }
    const children = blocks(body, depth + 1)
    const li = document.createElement('li')
    // A tight item holds its text directly, not in a paragraph.
    if (!loose && children[0] instanceof HTMLParagraphElement) {
      const p = children.shift() as HTMLParagraphElement
      while (p.firstChild) li.appendChild(p.firstChild)
    }
    for (const child of children) li.appendChild(child)
    listEl.appendChild(li)
    while (
      i < lines.length &&
      isBlank(lines[i]) &&
      lines
        .slice(i)
        .find((l) => !isBlank(l))
        ?.match(ITEM)
    )
      i++
  }
  out.push(listEl)
  return i
}

// ---- the built-in renderer: inline ---------------------------------------------------------------

const ENTITY = /^&(amp|lt|gt|quot|apos|nbsp|#\d{1,7}|#x[0-9a-f]{1,6});/i
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
/** Any ASCII punctuation may be escaped (CommonMark), as marked reads it: a quoted manual's "\\&lt;" too. */
const ESCAPABLE = /[!-/:-@[-`{-~]/
const HTML_TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|^<!--[\s\S]*?-->/
const AUTOLINK = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i
const BARE_URL = /^https?:\/\/[^\s<>"]*[^\s<>".,:;'!?)\]]/i
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c)
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c)

/** The index of the `]` closing the `[` at `open`, brackets nested, or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '[') depth++
    else if (text[i] === ']' && --depth === 0) return i
  }
  return -1
}

/** `(destination "title")` after a link's text: its parts and where it ends, or null. */
function destination(text: string, open: number): { href: string; title?: string; end: number } | null {
  if (text[open] !== '(') return null
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) {
      const inside = text.slice(open + 1, i).trim()
      // <a destination with spaces> or a bare one, then an optional "title".
      const match = /^(?:<([^<>\n]*)>|([^\s<>]*))(?:\s+["'(](.*)["')])?$/.exec(inside)
      return match ? { href: match[1] === undefined ? match[2] : match[1].replace(/ /g, '%20'), title: match[3], end: i + 1 } : null
    }
  }
  return null
}

/** The closing run of `length` `marker`s for an opener ending at `from`, or -1. */
function closingRun(text: string, from: number, marker: string, length: number): number {
  let i = from
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2
      continue
    }
    if (text[i] === '`') {
      const run = /^`+/.exec(text.slice(i))![0]
      const close = text.indexOf(run, i + run.length)
      i = close === -1 ? i + run.length : close + run.length
      continue
    }
    if (text[i] !== marker) {
      i++
      continue
    }
    let end = i
    while (text[end] === marker) end++
    const fits = end - i === length && !isSpace(text[i - 1]) && (marker !== '_' || !isWordChar(text[end]))
    if (fits) return i
    i = end
  }
  return -1
}

function inline(text: string): Node[] {
  const out: Node[] = []
  let buffer = ''
  const flush = () => {
    if (buffer) out.push(document.createTextNode(buffer))
    buffer = ''
  }
  const push = (node: Node) => {
    flush()
    out.push(node)
  }
  let i = 0
  while (i < text.length) {
    const c = text[i]
    const rest = text.slice(i)
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      buffer += text[i + 1]
      i += 2
      continue
    }
    if (c === '&') {
      // The few character references a reply may carry, as marked would read them.
      const entity = ENTITY.exec(rest)
      if (entity) {
        const name = entity[1].toLowerCase()
        const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : name.startsWith('#') ? Number.parseInt(name.slice(1), 10) : null
        buffer += code === null ? NAMED_ENTITIES[name] : code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
        i += entity[0].length
        continue
      }
    }
    if (c === '\n') {
      push(document.createElement('br'))
      i++
      continue
    }
    if (c === '`') {
      const run = /^`+/.exec(rest)![0]
      const close = text.indexOf(run, i + run.length)
      if (close !== -1 && text[close + run.length] !== '`') {
        const code = text.slice(i + run.length, close).replace(/\n/g, ' ')
        push(el('code', [document.createTextNode(/^ .* $/.test(code) && code.trim() ? code.slice(1, -1) : code)]))
        i = close + run.length
      } else {
        buffer += run
        i += run.length
      }
      continue
    }
    if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const open = c === '!' ? i + 1 : i
      const close = closingBracket(text, open)
      const dest = close === -1 ? null : destination(text, close + 1)
      if (dest) {
        const label = inline(text.slice(open + 1, close))
        const href = safeHref(dest.href)
        if (href) push(link(href, label.length ? label : [document.createTextNode(href)], dest.title))
        else for (const node of label) push(node)
        i = dest.end
        continue
      }
    }
    if (c === '<') {
      const auto = AUTOLINK.exec(rest)
      const href = auto && safeHref(auto[1])
      if (auto && href) {
        push(link(href, [document.createTextNode(auto[1].replace(/^mailto:/i, ''))]))
        i += auto[0].length
        continue
      }
      // Raw HTML in a reply is not rendered, and its tags are not shown either (nor a script's or style's text).
      const tag = HTML_TAG.exec(rest)
      if (tag) {
        const hidden = /^<(script|style)\b/i.exec(tag[0])
        const close = hidden ? text.toLowerCase().indexOf(`</${hidden[1].toLowerCase()}`, i) : -1
        i = hidden ? (close === -1 ? text.length : close) : i + tag[0].length
        continue
      }
    }
    if ((c === 'h' || c === 'H') && !isWordChar(text[i - 1])) {
      const bare = BARE_URL.exec(rest)
      const href = bare && safeHref(bare[0])
      if (bare && href) {
        push(link(href, [document.createTextNode(bare[0])]))
        i += bare[0].length
        continue
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      let end = i
      while (text[end] === c) end++
      const length = end - i
      const opens = !isSpace(text[end]) && (c !== '_' || !isWordChar(text[i - 1])) && (c !== '~' || length === 2) && length <= 3
      const close = opens ? closingRun(text, end, c, length) : -1
      if (close > end) {
        const children = inline(text.slice(end, close))
        const node = c === '~' ? el('del', children) : length === 1 ? el('em', children) : length === 2 ? el('strong', children) : el('strong', [el('em', children)])
        push(node)
        i = close + length
        continue
      }
      buffer += text.slice(i, end)
      i = end
      continue
    }
    buffer += c
    i++
  }
  flush()
  return out
}
