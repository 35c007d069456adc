// Text noise removed before material is chunked and indexed: words hyphenated across a line end
// joined again, running page headers and footers (lines that repeat page after page, page
// numbers) and page navigation ("Prev", "Next", "Download the ebook") dropped, and a PDF's lines
// joined into paragraphs. Runs on the text the PDF extractor or the HTML parser produced.

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

/** A line with its digits blanked, so "Chapter 2 · page 17" and "Chapter 2 · page 18" compare equal. */
const shape = (line: string) => line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()

/** Running headers and footers are short and are not sentences. */
const mayBeRunning = (line: string) => line.length <= 120 && !(/[.!?]$/.test(line) && line.split(' ').length > 6)

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
    current = current ? `${current} ${line}` : line
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
  const kept = pages.map((lines) => lines.filter((l, i) => !(atEdge(i, lines.length) && (PAGE_NUMBER.test(l) || running.has(shape(l)))) && !isNavigationLine(l)))
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
