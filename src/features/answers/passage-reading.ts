// A passage as the answer ranking reads it for one question: its sentences (one a line, as the
// chunker stored them), where the question's stems and their relatives are, what a sentence leaves out ("but not …"), its
// paragraphs and the headings or FAQ questions that name its sections; and, for the window of
// sentences the ranking chose, which section it is in and where its quote starts.
import { stemOf, wordsOf, isStopWord, materialWordsOf } from '../../lib/search-terms'
import { isCode, isTableRow } from '../../lib/sentences'
import { countWords } from '../../lib/words'

/** What ranking reads of a passage: its sentences, their lengths, its headings, where the stems it looks for are. */
export interface PassageReading {
  sentences: string[]
  words: number[]
  headings: Map<number, string>
  /** Each stem looked for that the passage holds, with the sentences holding it, in order: one map, not a set per sentence. */
  where: Map<string, number[]>
  /** Stems looked for that a sentence denies ("but not its configuration files"), with the sentences denying them. */
  denied: Map<string, number[]>
  /** Indexes of the sentences that start a paragraph. */
  paragraphStarts: Set<number>
}

/**
 * An exclusion and the words it reaches, up to three with no punctuation between. Only what is
 * left out of what a sentence says ("but not", "without", "except"): a sentence that says something
 * is not so ("some vulnerabilities cannot be fixed automatically") may be the very answer.
 */
const EXCLUSION = /\b(?:but not|and not|or not|not including|except(?: for)?|excluding|without|other than)\s+((?:[\p{L}\p{N}_-]+\s+){0,2}[\p{L}\p{N}_-]+)/giu

/** Every exclusion holds one of these: a sentence without any has none, and is not searched for one. */
const MAY_EXCLUDE = /not|except|excluding|without|other than/i

/** The stems a text's exclusions reach: "Remove a package (but not its configuration files)" denies configuration and files. */
export function deniedStems(text: string): string[] {
  const stems: string[] = []
  if (!MAY_EXCLUDE.test(text)) return stems
  for (const match of text.matchAll(EXCLUSION)) for (const word of wordsOf(match[1])) if (!isStopWord(word)) stems.push(stemOf(word))
  return stems
}

/**
 * Read once per question, never kept across questions: a cache of 500 readings served a server of
 * many chatbots few hits, and every reading it dropped was old garbage only a full collection
 * frees: 450 questions over 100 chatbots left 110 MiB more resident. Only the stems `wanted` (the
 * question's and their relatives) are placed: a passage's other hundred stems cost an array each.
 */
export function readPassage(text: string, wanted: ReadonlySet<string>): PassageReading {
  const { sentences, paragraphStarts } = linesOf(text)
  const cited = referenceEntries(sentences, paragraphStarts)
  const where = new Map<string, number[]>()
  const denied = new Map<string, number[]>()
  for (const [j, sentence] of sentences.entries()) {
    if (cited.has(j)) continue
    for (const word of materialWordsOf(sentence)) {
      const stem = stemOf(word)
      if (!wanted.has(stem)) continue
      const at = where.get(stem)
      if (at === undefined) where.set(stem, [j])
      else if (at[at.length - 1] !== j) at.push(j)
    }
    for (const stem of deniedStems(sentence)) if (wanted.has(stem)) denied.set(stem, [...(denied.get(stem) ?? []), j])
  }
  const words = sentences.map(countWords)
  return { sentences, words, where, denied, paragraphStarts, headings: headingsOf(sentences, words, paragraphStarts) }
}

/**
 * A passage's sentences (one a line, as the chunker stored them) and those that
 * start a paragraph (after an empty line), in one pass over its lines.
 */
function linesOf(text: string): { sentences: string[]; paragraphStarts: Set<number> } {
  const sentences: string[] = []
  const paragraphStarts = new Set<number>()
  let afterEmpty = true
  for (const line of text.split('\n')) {
    const sentence = line.trim()
    if (sentence === '') {
      afterEmpty = true
      continue
    }
    if (afterEmpty) paragraphStarts.add(sentences.length)
    afterEmpty = false
    sentences.push(sentence)
  }
  return { sentences, paragraphStarts }
}

/**
 * The start of a reference list's entry, numbered as papers number them: "[7] V. Bala, E.
 * Duesterwald, and S. Banerjia." or "17. Yamamoto K., Kondo T, …" (a number, then an author's
 * initials and name in either order).
 */
const ENTRY_START = /^(?:\[\d{1,3}\]|\d{1,3}\.)\s+(?:(?:\p{Lu}\.\s?){1,3}\s*\p{Lu}[\p{L}'’-]+|\p{Lu}[\p{L}'’-]+,?\s+(?:\p{Lu}\.?\s?){1,3}[,.])/u
const YEAR = /\b(?:1[89]|20)\d\d\b/
/**
 * What a citation holds besides its authors: pages or a report's number, a venue ("In PEPM"), a
 * publisher, or the year that closes it ("…, 2006.").
 */
const CITED_IN =
  /\d+\s*[–-]\s*\d+|\bpp?\.\s*\d|\b(?:[Pp]roceedings|Proc|[Pp]ress|[Jj]ournal|J|[Cc]onference|[Ss]ymposium|[Tt]ransactions|[Tt]hesis|[Vv]ol)\b|\bet al\b|(?:^|\. )In \p{Lu}|\b(?:1[89]|20)\d\d[a-z]?\.(?:\s|$)/u

/**
 * The sentences of a passage that are a reference list's entries: from a paragraph's first entry
 * to its end, when what follows holds a year and a venue, pages or publisher. The titles a paper
 * cites are dense in the words of any question on their topic ("Python", "virtual environments")
 * and never answer one, so ranking reads no stems in them.
 */
function referenceEntries(sentences: string[], paragraphStarts: Set<number>): Set<number> {
  const cited = new Set<number>()
  const starts = [...paragraphStarts, sentences.length]
  for (let p = 0; p + 1 < starts.length; p++) {
    let first = starts[p]
    while (first < starts[p + 1] && !ENTRY_START.test(sentences[first])) first++
    if (first === starts[p + 1]) continue
    const entries = sentences.slice(first, starts[p + 1]).join(' ')
    if (YEAR.test(entries) && CITED_IN.test(entries)) for (let j = first; j < starts[p + 1]; j++) cited.add(j)
  }
  return cited
}

/** Sentences that lean on the one before them ("This means…", "For example, …", "However, …"). */
const LEANS_BACK =
  /^(?:for example|for instance|e\.g\.|this|that|these|those|it|its|they|such|however|also|otherwise|in this case|in that case|then|thus|therefore|instead|similarly|likewise|as a result|but)\b/i
/** A paragraph that is a heading (short, no end mark) or a FAQ's question. */
const HEADING_WORDS = 12
const QUESTION_WORDS = 30

/**
 * The headings and FAQ questions of a passage's paragraphs, by sentence index, each with its whole
 * heading: a paragraph of one short line of prose (no code, no "Type: Boolean" field), or a FAQ's
 * question (its last sentence asks; "I deleted some data. How can I recover it?").
 */
function headingsOf(sentences: string[], words: number[], paragraphStarts: Set<number>): Map<number, string> {
  const headings = new Map<number, string>()
  const starts = [...paragraphStarts, sentences.length]
  let introduced = false
  let unended = false
  for (let p = 0; p + 1 < starts.length; p++) {
    const own = sentences.slice(starts[p], starts[p + 1])
    const whole = own.join(' ')
    let count = 0
    for (let j = starts[p]; j < starts[p + 1]; j++) count += words[j]
    const prose = !isCode(whole) && /^[\p{L}\p{N}(]/u.test(whole) && !/[{}[\]<>=;"]|: /.test(whole) && !isTableRow(whole)
    const line = own.length === 1 && count <= HEADING_WORDS && !/[.!:;,]["'”’)\]]*$/.test(whole)
    const question = whole.endsWith('?') && count <= QUESTION_WORDS
    // What a sentence ending in a colon introduces ("run the command:") is its continuation, and so
    // is a line in lower case after one that stops without an end mark ("run the command" and
    // "systemctl get-default"), as the chunker reads them (training/chunk.ts).
    const continues = introduced || (unended && /^\p{Ll}/u.test(whole))
    if (!continues && prose && (line || question)) for (let j = starts[p]; j < starts[p + 1]; j++) headings.set(j, whole)
    introduced = own[own.length - 1].endsWith(':')
    unended = !/[.!?;)"”’\]]$/.test(whole)
  }
  return headings
}

/**
 * The section the answering sentences are in, as the passage names it: the nearest heading or FAQ
 * question before them (a FAQ's answer makes sense with its question, a manual's step with its
 * section); null when the passage names none before them.
 */
export function sectionOf(headings: Map<number, string>, start: number): string | null {
  for (let i = start - 1; i >= 0; i--) if (headings.has(i)) return headings.get(i) ?? null
  return null
}

/** The answering sentences: the window less the headings that lead it, or the first sentence under them when the window is only headings. */
export function answerOfSection(window: { start: number; end: number }, sentences: string[], headings: Map<number, string>): { start: number; end: number } {
  // A question never answers a question: a FAQ's question that echoes the visitor's leads to its answer.
  const leads = (i: number) => headings.has(i) || sentences[i].endsWith('?')
  let start = window.start
  while (start < window.end && leads(start)) start++
  // Headings that lead the window name its section (the source line says so); the reply leads with the sentences.
  if (start < window.end) return { start, end: window.end }
  // Only headings: the section's first sentence answers (past any sub-heading right under it).
  while (start < sentences.length && leads(start)) start++
  return start < sentences.length ? { start, end: start + 1 } : window
}

/**
 * Sentences of a paragraph that may come before the answering ones and be quoted with them, for a
 * question asking for a judgement: the claim's reason often opens the paragraph, in words the
 * question does not use ("Is it a good fit for gadgets nobody looks after?" over "Because it
 * requires no administration, it works well in devices … It is a good fit for cellphones, …").
 */
const PARAGRAPH_LEAD = 2

/**
 * Where the excerpt starts: for a question asking for a judgement, at the opening of the answer's
 * paragraph when that is at most PARAGRAPH_LEAD sentences before it and no heading is between;
 * otherwise one sentence earlier when the first answering sentence leans back on it.
 */
export function leadStart({ sentences, headings, paragraphStarts }: PassageReading, start: number, judgement: boolean): number {
  if (judgement) {
    let opening = start
    while (opening > 0 && !paragraphStarts.has(opening)) opening--
    let headed = false
    for (let k = opening; k < start; k++) headed ||= headings.has(k)
    if (opening < start && start - opening <= PARAGRAPH_LEAD && !headed) return opening
  }
  return start > 0 && LEANS_BACK.test(sentences[start]) && !headings.has(start - 1) ? start - 1 : start
}
