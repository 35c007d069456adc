// Text noise removed before material is chunked and indexed: words hyphenated across a line end
// joined again, running page headers and footers (lines that repeat page after page, page
// numbers) and page navigation ("Prev", "Next", "Download the ebook") dropped, and a PDF's lines
// joined into paragraphs. Runs on the text the PDF extractor or the HTML parser produced.
import { isStopWord } from '../../lib/search-terms'
import { CODE_LINE_BREAK } from '../../lib/sentences'

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
/** A front matter's page number in lower-case Roman numerals ("iii"), valid ones only. */
const ROMAN_PAGE_NUMBER = /^(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/

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

/**
 * A line with its numbers blanked, so "Chapter 2 · page 17" and "Chapter 2 · page 18" compare equal,
 * and so do a front matter's "Guide iii" and the body's "Guide 12".
 */
const shape = (line: string) => {
  const words = line.toLowerCase().replace(/\d+/g, '#').split(/\s+/).filter(Boolean)
  if (words.length > 1 && ROMAN_PAGE_NUMBER.test(words[words.length - 1])) words[words.length - 1] = '#'
  return words.join(' ')
}

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

const edgeLinesOf = (lines: string[]) => [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)]

/** The number at the start or end of a titled line ("Chapter 2: R Basics 9", "4 Introduction"): where a header prints its page's number. */
function printedNumber(line: string): { number: number; first: boolean } | null {
  if (!mayBeRunning(line) || !/\p{L}{2}/u.test(line)) return null
  const last = /\S\s+(\d{1,4})$/.exec(line)
  if (last) return { number: Number(last[1]), first: false }
  const first = /^(\d{1,4})\s+\S/.exec(line)
  return first ? { number: Number(first[1]), first: true } : null
}

/**
 * Page numbers printed beside a title that changes with the chapter ("Chapter 2: R Basics 9"), so no
 * line repeats on a quarter of the pages: the number is the page's own, its printed number minus the
 * page's position the same on many pages. Returns those differences (the front matter and each blank
 * page the extractor left out shift them), each found on at least three pages.
 */
function pageNumberOffsets(pages: string[][]): Set<number> {
  const counts = new Map<number, number>()
  pages.forEach((lines, position) => {
    const offsets = new Set(
      edgeLinesOf(lines)
        .flatMap((line) => printedNumber(line)?.number ?? [])
        .map((n) => n - position),
    )
    for (const offset of offsets) counts.set(offset, (counts.get(offset) ?? 0) + 1)
  })
  return new Set([...counts].filter(([, n]) => n >= 3).map(([offset]) => offset))
}

/**
 * Lines at the top or bottom of pages that recur (digits aside) on at least a quarter of the pages,
 * and at least twice: running headers and footers.
 */
function runningLines(edgeShapes: Map<string, number>, pageCount: number): Set<string> {
  // Books alternate even and odd headers, so each recurs on half the pages.
  const needed = Math.max(2, Math.ceil(pageCount / 4))
  return new Set([...edgeShapes].filter(([s, n]) => n >= needed && s !== '').map(([s]) => s))
}

/** On how many pages each line shape (shape()) is found near the top or bottom. */
function edgeShapeCounts(pages: string[][]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const lines of pages) {
    const edges = new Set(edgeLinesOf(lines).filter(mayBeRunning).map(shape))
    for (const s of edges) counts.set(s, (counts.get(s) ?? 0) + 1)
  }
  return counts
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
/** A link or a file's path, perhaps opened by a bracket or quote ("(https://", "/usr/share/"). */
const LINK_START = /^[(<[“"'‘]?(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i
const PATH_START = /^[(<[“"'‘]?(?:~|\.{1,2})?\/[\w.-]/
/**
 * The next line goes on with the link or path its line ended with: cut after a slash ("(https://"
 * and "en.wikipedia.org/…", "/usr/share/" and "doc/git/"), unless the next line starts with a word
 * of the sentence ("… https://example.org/ is the site"); or cut after a dot of its host ("https://www."
 * and "gnu.org/…"), when the next line goes on in lower case. Only the last word is read: a
 * paragraph grows line by line.
 */
function continuesLink(current: string, next: string): boolean {
  const last = current.slice(current.lastIndexOf(' ') + 1)
  const link = LINK_START.test(last)
  if (!link && !PATH_START.test(last)) return false
  if (isStopWord(next.match(/^\p{L}+/u)?.[0]?.toLowerCase() ?? '')) return false
  if (last.endsWith('/')) return true
  return link && last.endsWith('.') && !last.slice(last.indexOf('//') + 2).includes('/') && /^[a-z0-9]/.test(next)
}

/** A line ending in a word's first part and its hyphen ("com-"). */
const LINE_END_HYPHEN = /\p{L}-$/u

/** A list item's mark at a line's start: the item starts a paragraph of its own. */
const BULLET = /^[•◦▪●○■□►▸‣⁃]\s/
/** A dash that may start an item, or a sentence's aside: an item only after a sentence's end. */
const DASH_ITEM = /^[–—-]\s/

/**
 * A PDF's lines joined into paragraphs. A line that ends a sentence and is clearly shorter than
 * the page's usual line ends a paragraph; so does a short line without an end mark (a heading).
 */
function paragraphsOf(lines: string[]): string {
  const lengths = lines.map((l) => l.length).sort((a, b) => a - b)
  const usual = lengths[Math.floor(lengths.length * 0.75)] ?? 0
  const out: string[] = []
  let current = ''
  for (const [i, line] of lines.entries()) {
    if (current && (BULLET.test(line) || ((NUMBERED_HEADING.test(line) || DASH_ITEM.test(line)) && SENTENCE_END.test(current)))) {
      out.push(current)
      current = ''
    }
    // A link the page's width broke after a slash ("https://www.debian.org/Bugs/" and "Reporting") is
    // one link; a word hyphenated at the line's end keeps its line break for joinLineEndHyphens.
    current = current ? `${current}${continuesLink(current, line) ? '' : LINE_END_HYPHEN.test(current) && /^\p{L}/u.test(line) ? '\n' : ' '}${line}` : line
    const short = line.length < usual * 0.7
    const next = lines[i + 1]
    // A word's first part and its hyphen ("De-") go on in the next line, whatever the line's length.
    const goesOn = next !== undefined && (continuesLink(current, next) || (LINE_END_HYPHEN.test(line) && /^\p{L}/u.test(next)))
    if (short && (SENTENCE_END.test(line) || line.split(' ').length <= 8) && !goesOn) {
      out.push(current)
      current = ''
    }
  }
  if (current) out.push(current)
  return out.join('\n\n')
}

/**
 * Pages as blocks of lines, a page joined to the one before when it goes on with that page's last
 * sentence: no end mark there, and this page starting in lower case ("… daily built and" and
 * "checked packages, mailing lists …"). A word hyphenated across the break is then joined too.
 */
function acrossPages(pages: string[][]): string[] {
  const blocks: string[][] = []
  for (const lines of pages) {
    const last = blocks.at(-1)?.at(-1)
    if (last !== undefined && lines.length > 0 && !SENTENCE_END.test(last) && /^\p{Ll}/u.test(lines[0])) blocks.at(-1)?.push(...lines)
    else if (lines.length > 0) blocks.push([...lines])
  }
  return blocks.map((lines) => lines.join('\n'))
}

/**
 * A footnote's mark glued to its first word at a line's start ("20These commands…", "⁵Do not
 * worry…", "1⁴The default…"): one or two digits, plain or superscript, before a capitalised word.
 */
const FOOTNOTE_MARK = /^[0-9⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}(?=\p{Lu}\p{Ll}+\b|[AI]\s)/u

/**
 * A page's footnotes as paragraphs of their own, without their marks: the mark means nothing once
 * the note stands apart, and glued to the word it hides that word from the search. Only in the
 * page's lower half, where footnotes are: a line higher up starting "3Com" is a name.
 */
const withoutFootnoteMarks = (lines: string[]): string[] =>
  lines.map((line, i) => (i > 0 && i >= lines.length / 2 && FOOTNOTE_MARK.test(line) ? `\n${line.replace(FOOTNOTE_MARK, '')}` : line))

/**
 * An opening quote TeX drew with the grave accent's glyph, which the PDF's text gives as a
 * combining grave with no letter under it (" ̀ stable’"): the quote it stands for.
 */
const restoreOpeningQuotes = (text: string): string => text.replace(/(^|[\s(])\u0300\s?(?=[\p{L}\p{N}])/gmu, '$1‘')

/** Spacing accents TeX's fonts draw before their letter ("Universit¨at"), as the combining marks they stand for. */
const COMBINING: Record<string, [mark: string, letters: RegExp]> = {
  '¨': ['\u0308', /[aeiouyAEIOU]/],
  '´': ['\u0301', /[aeiouyAEIOUY]/],
  ˆ: ['\u0302', /[aeiouAEIOU]/],
  '˜': ['\u0303', /[anoANO]/],
  '˚': ['\u030A', /[auAU]/],
}

/** "¨a" → "ä", only where the pair makes one accented letter. */
export const restoreAccents = (text: string): string =>
  text.replace(/([¨´ˆ˜˚])(\p{L})/gu, (pair, accent: string, letter: string) => {
    const [mark, letters] = COMBINING[accent]
    return letters.test(letter) ? `${letter}${mark}`.normalize('NFC') : pair
  })

/**
 * Text extracted from a PDF, lines separated by a line break and pages by a form feed or else an
 * empty line (as the extractor gives them today), made into clean paragraphs.
 */
export function cleanPdfText(pdfText: string): string {
  // The line separator joins a code block's lines (lib/sentences.ts): in a PDF's text it is a space.
  const text = pdfText.replaceAll(CODE_LINE_BREAK, ' ')
  const pageBreak = text.includes('\f') ? /\f/ : /\n{2,}/
  const pages = text.split(pageBreak).map((page) =>
    page
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  )
  const edgeShapes = pages.length >= 3 ? edgeShapeCounts(pages) : new Map<string, number>()
  const running = runningLines(edgeShapes, pages.length)
  const offsets = pages.length >= 3 ? pageNumberOffsets(pages) : new Set<number>()
  const atEdge = (index: number, count: number) => index < EDGE_LINES || index >= count - EDGE_LINES
  // A number first may be a chapter's own heading that happens to start on the page of its number
  // ("1 Introduction" on page 1): such a line counts when its title recurs on another page's edge.
  const printsPageNumber = (line: string, position: number) => {
    const printed = printedNumber(line)
    return printed !== null && offsets.has(printed.number - position) && (!printed.first || (edgeShapes.get(shape(line)) ?? 0) >= 2)
  }
  const pageMark = (line: string, position: number) =>
    PAGE_NUMBER.test(line) || ROMAN_PAGE_NUMBER.test(line) || running.has(shape(line)) || SECTION_TITLE_LINE(line) || printsPageNumber(line, position)
  const kept = pages.map((lines, position) => {
    const contents = contentsLines(lines)
    return withoutFootnoteMarks(lines.filter((l, i) => !(atEdge(i, lines.length) && pageMark(l, position)) && !isNavigationLine(l) && !contents.has(i)))
  })
  // Paragraphs are told by their lines' lengths before hyphenated words are joined: joined, a
  // paragraph's short last line ("pile the program.") would be lost in the line before it.
  const paragraphs = acrossPages(kept)
    .join('\n\n')
    .split(/\n{2,}/)
    .map((block) => paragraphsOf(block.split('\n')))
    .filter(Boolean)
    .join('\n\n')
  return restoreOpeningQuotes(restoreAccents(typedSigns(joinLineEndHyphens(paragraphs))))
}

/**
 * groff prints a manual's minus signs and tildes as typographic glyphs ("−−rcfile", "˜/.bashrc"):
 * a visitor who copies an option or a path from the reply needs the characters a shell reads. A
 * tilde inside a word is TeX's accent ("Espa˜na", left to restoreAccents); one that starts a word
 * or ends one is a path's ("˜alice/").
 */
export const typedSigns = (text: string) => text.replace(/\u2212/g, '-').replace(/(?<!\p{L})\u02DC|\u02DC(?!\p{L})/gu, '~')

/** Text of an HTML page (blocks separated by empty lines): navigation blocks dropped, hyphens joined. */
export function cleanHtmlText(text: string): string {
  const blocks = text.split(/\n{2,}/).filter((block) => !block.split('\n').every(isNavigationLine))
  return joinLineEndHyphens(blocks.join('\n\n'))
}
