// Text noise removed before material is chunked and indexed: words hyphenated across a line end
// joined again, running page headers and footers (lines that repeat page after page, page
// numbers) and page navigation ("Prev", "Next", "Download the ebook") dropped, and a PDF's lines
// joined into paragraphs. Runs on the text the PDF extractor or the HTML parser produced.
import { isStopWord } from '../../lib/search-terms'

/** A line made only of these words (and punctuation such as "«", "|", "/") is page navigation, not material. */
const NAVIGATION_WORDS = new Set([
  'prev',
  'previous',
  'next',
  'up',
  'home',
  'top',
  'back',
  'contents',
  'index',
  'toc',
  'menu',
  'download',
  'the',
  'ebook',
  'e',
  'book',
  'pdf',
  'epub',
  'print',
  'skip',
  'to',
  'main',
  'content',
  'table',
  'of',
  'go',
  'search',
  'edit',
  'this',
  'page',
  'on',
  'github',
])
/** Navigation lines are short; a sentence that happens to use these words is kept. */
const MAX_NAVIGATION_WORDS = 8

export function isNavigationLine(line: string): boolean {
  if (/[.!?:;,]$/.test(line.trim())) return false
  const words = line.toLowerCase().match(/\p{L}+/gu) ?? []
  return words.length > 0 && words.length <= MAX_NAVIGATION_WORDS && words.every((w) => NAVIGATION_WORDS.has(w))
}

const PAGE_NUMBER = /^(?:page\s+)?\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?$/i

/**
 * A table of contents' entry: dot leaders running to a page number ("9.6 I have several machines;
 * … . . . . . 43"). The entry repeats a heading the body has, and as material it answered the
 * question it names with the list around it.
 */
const CONTENTS_ENTRY = /\.(?:\s?\.){2,}\s*(?:\d{1,4}|[ivxlc]{1,7})$/i
const LEADER_DOTS = /^(?:\.\s*)+$/

/**
 * Whether line `i` of a stored passage is what a contents entry left: the entry with its leader,
 * the leader's dots that sentence splitting set apart, or the page number right after them. A
 * number on its own elsewhere is material ("100" in a list of priorities).
 */
export const isContentsResidue = (lines: readonly string[], i: number): boolean => {
  const line = lines[i].trim()
  return CONTENTS_ENTRY.test(line) || LEADER_DOTS.test(line) || (/^\d{1,4}$/.test(line) && i > 0 && LEADER_DOTS.test(lines[i - 1].trim()))
}

/** The first line of an entry that wraps onto the next ("11.8 How does the package management system deal with packages that contain configuration"). */
const NUMBERED_LINE = /^\d{1,3}(?:\.\d{1,3})*\.?\s*\p{L}/u

/** Which of a page's lines belong to a table of contents. */
function contentsLines(lines: string[]): Set<number> {
  const entries = new Set<number>()
  lines.forEach((line, i) => {
    if (!CONTENTS_ENTRY.test(line)) return
    entries.add(i)
    const before = lines[i - 1]
    if (before !== undefined && NUMBERED_LINE.test(before) && !SENTENCE_END.test(before) && !entries.has(i - 1)) entries.add(i - 1)
  })
  return entries
}

/** A numbered section's heading at a line's start ("10.2 What tools does Debian provide…"): a new paragraph, whatever the line before. */
const NUMBERED_HEADING = /^\d{1,3}(?:\.\d{1,3})+\.?\s+\p{Lu}/u

/** A line with its digits blanked, so "Chapter 2 · page 17" and "Chapter 2 · page 18" compare equal. */
const shape = (line: string) => line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()

/** Running headers and footers are short and are not sentences. */
const mayBeRunning = (line: string) => line.length <= 120 && !(/[.!?]$/.test(line) && line.split(' ').length > 6)

/**
 * A running header that names the page's chapter and section, so no two sections' pages share it
 * ("CHAPTER 8. THE DEBIAN PACKAGE … 8.1. WHAT PROGRAMS DOES DEBIAN …"): capitals only, with a
 * chapter or section number or a title cut short.
 */
const SECTION_TITLE_LINE = (line: string) => !/\p{Ll}/u.test(line) && (line.match(/\p{L}+/gu) ?? []).length >= 3 && /\d+\.\d*|…/.test(line)

/** How many lines at the top and bottom of a page may belong to its running header or footer. */
const EDGE_LINES = 3

/**
 * Lines at the top or bottom of pages that recur (digits aside) on at least a quarter of the pages,
 * and at least twice: running headers and footers.
 */
function runningLines(pages: string[][]): Set<string> {
  const counts = new Map<string, number>()
  for (const lines of pages) {
    const edges = new Set([...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)].filter(mayBeRunning).map(shape))
    for (const s of edges) counts.set(s, (counts.get(s) ?? 0) + 1)
  }
  // Books alternate even and odd headers, so each recurs on half the pages.
  const needed = Math.max(2, Math.ceil(pages.length / 4))
  return new Set([...counts].filter(([s, n]) => n >= needed && s !== '').map(([s]) => s))
}

/**
 * Rejoins words split by a hyphen at a line end ("com-\npile" → "compile"). A hyphenated form the
 * text uses elsewhere ("trace-based") keeps its hyphen; so does a word whose second half starts
 * with a capital or a digit ("Trace-\nMonkey" stays joined only when "TraceMonkey" occurs too).
 */
export function joinLineEndHyphens(text: string): string {
  const vocabulary = new Set(text.toLowerCase().match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? [])
  // Across a line end: always a hyphenation unless the text writes the word with its hyphen.
  let joined = text.replace(/(\p{L}+)-\n(\p{L}+)/gu, (_, left: string, right: string) => {
    const whole = `${left}${right}`.toLowerCase()
    const hyphenated = `${left}-${right}`.toLowerCase()
    if (vocabulary.has(hyphenated) && !vocabulary.has(whole)) return `${left}-${right}`
    if (/^\p{Lu}/u.test(right) && !vocabulary.has(whole)) return `${left}-${right}`
    return `${left}${right}`
  })
  // Within a line ("De- bian", left by extractors that flatten lines): only when the whole word
  // occurs elsewhere, so "pre- and post-processing" stays as written.
  joined = joined.replace(/(\p{L}+)- (\p{Ll}+)/gu, (match, left: string, right: string) => (vocabulary.has(`${left}${right}`.toLowerCase()) ? `${left}${right}` : match))
  return joined
}

const SENTENCE_END = /[.!?:;)"”’]$/
const BROKEN_LINK = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*\/$/i
/**
 * The next line goes on with the link its line ended with, unless it starts with a word of the
 * sentence ("… https://example.org/ is the site"). Only the last word is read: a paragraph grows
 * line by line.
 */
const continuesLink = (current: string, next: string) =>
  BROKEN_LINK.test(current.slice(current.lastIndexOf(' ') + 1)) && !isStopWord(next.match(/^\p{L}+/u)?.[0]?.toLowerCase() ?? '')

/**
 * A PDF's lines joined into paragraphs. A line that ends a sentence and is clearly shorter than
 * the page's usual line ends a paragraph; so does a short line without an end mark (a heading).
 */
function paragraphsOf(lines: string[]): string {
  const lengths = lines.map((l) => l.length).sort((a, b) => a - b)
  const usual = lengths[Math.floor(lengths.length * 0.75)] ?? 0
  const out: string[] = []
  let current = ''
  for (const line of lines) {
    if (current && NUMBERED_HEADING.test(line) && SENTENCE_END.test(current)) {
      out.push(current)
      current = ''
    }
    // A link the page's width broke after a slash ("https://www.debian.org/Bugs/" and "Reporting") is one link.
    current = current ? `${current}${continuesLink(current, line) ? '' : ' '}${line}` : line
    const short = line.length < usual * 0.7
    if (short && (SENTENCE_END.test(line) || line.split(' ').length <= 8)) {
      out.push(current)
      current = ''
    }
  }
  if (current) out.push(current)
  return out.join('\n\n')
}

/**
 * Text extracted from a PDF, lines separated by a line break and pages by a form feed or else an
 * empty line (as the extractor gives them today), made into clean paragraphs.
 */
export function cleanPdfText(text: string): string {
  const pageBreak = text.includes('\f') ? /\f/ : /\n{2,}/
  const pages = text.split(pageBreak).map((page) =>
    page
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  )
  const running = pages.length >= 3 ? runningLines(pages) : new Set<string>()
  const atEdge = (index: number, count: number) => index < EDGE_LINES || index >= count - EDGE_LINES
  const kept = pages.map((lines) => {
    const contents = contentsLines(lines)
    return lines.filter((l, i) => !(atEdge(i, lines.length) && (PAGE_NUMBER.test(l) || running.has(shape(l)) || SECTION_TITLE_LINE(l))) && !isNavigationLine(l) && !contents.has(i))
  })
  const dehyphenated = joinLineEndHyphens(kept.map((lines) => lines.join('\n')).join('\n\n'))
  return dehyphenated
    .split(/\n{2,}/)
    .map((page) => paragraphsOf(page.split('\n')))
    .filter(Boolean)
    .join('\n\n')
}

/** Text of an HTML page (blocks separated by empty lines): navigation blocks dropped, hyphens joined. */
export function cleanHtmlText(text: string): string {
  const blocks = text.split(/\n{2,}/).filter((block) => !block.split('\n').every(isNavigationLine))
  return joinLineEndHyphens(blocks.join('\n\n'))
}
