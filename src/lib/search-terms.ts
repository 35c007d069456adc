// The words of a text as the search index and the answer extraction see them: lower case, split
// into letters-and-digits tokens, reduced to their Snowball (Porter 2) stem so "died" meets "die"
// and "installs" meets "install"; an irregular verb's forms to its base first, so "wrote" and
// "written" meet "write" (wink-lexicon's list of English irregular verbs). Stop words come from
// the maintained `stopword` package's English list (108 function words). stopwords-iso was tried
// first: its English list (1,298 words, a union of many lists) holds country codes and content
// words ("ci", "opening", "number", "computer", "fix"), so "npm ci" and "opening hours" lost the
// very words they are about.
import snowball from 'snowball-stemmers'
import { eng } from 'stopword'
import irregularVerbs from 'wink-lexicon/src/irregular-verbs.js'

/**
 * The list lacks a few forms visitors' questions are full of (it has "do" and "how" but not "does"
 * or "why"), and the pieces our tokenizer leaves of contractions ("don't" gives "don" and "t").
 */
const QUESTION_FORMS = [
  'does',
  'doing',
  'done',
  'will',
  'shall',
  'when',
  'why',
  'whom',
  'whose',
  'not',
  'no',
  'yes',
  'please',
  'am',
  'cannot',
  'don',
  'doesn',
  'didn',
  'isn',
  'aren',
  'wasn',
  'weren',
  'won',
  'can',
  't',
  's',
  'll',
  've',
  're',
  'd',
  'm',
]
const STOP_WORDS: ReadonlySet<string> = new Set([...eng, ...QUESTION_FORMS])

export const MAX_SEARCH_TERMS = 16
const MAX_TERM_CHARS = 64
/** Stems of distinct words seen so far; the vocabulary of a chatbot's material is small. */
const STEM_CACHE_LIMIT = 50_000

/**
 * Forms of irregular verbs that are more often another word in the material a chatbot learns
 * from ("a bit", "the left column", "ground truth", "a saw"): left as they are.
 */
const HOMOGRAPHS: ReadonlySet<string> = new Set(['bit', 'bound', 'felt', 'fell', 'ground', 'lay', 'left', 'lit', 'mine', 'rose', 'rung', 'saw', 'shot', 'spoke', 'stole', 'wound'])

/** An irregular verb's form as its base ("wrote" → "write"); any other word as it is. */
const baseOf = (word: string): string => (HOMOGRAPHS.has(word) || STOP_WORDS.has(word) ? word : (irregularVerbs[word] ?? word))

/**
 * Letters and decimal digits: a superscript or subscript digit is a footnote's mark or an exponent,
 * not part of the word it sits on ("Makefile⁴", "the .zip⁶ archive").
 */
const WORD = /[\p{L}\p{Nd}]+/gu
const stemmer = snowball.newStemmer('english')
const cache = new Map<string, string>()

/** Lower-case letters-and-digits tokens, in order ("salsa.debian.org" gives salsa, debian, org). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? []
}

/** Letters-and-digits words joined by hyphens ("coffee-script", "side-by-side", "utf-8"). */
const HYPHENATED = /(?<![\p{L}\p{Nd}-])[\p{L}\p{Nd}]+(?:-[\p{L}\p{Nd}]+)+/gu

/**
 * The words of the material: a hyphenated compound also as one closed word, so a visitor who
 * writes "CoffeeScript", "email" or "login" meets "coffee-script", "e-mail" and "log-in". A
 * question's own compounds are not closed up: a closed form the material lacks would count as a
 * word it cannot answer.
 */
export function materialWordsOf(text: string): string[] {
  const lower = text.toLowerCase()
  const words: string[] = lower.match(WORD) ?? []
  if (!lower.includes('-')) return words
  for (const compound of lower.match(HYPHENATED) ?? []) {
    const closed = compound.replace(/-/g, '')
    if (/\p{L}/u.test(closed)) words.push(closed)
  }
  return words
}

export const isStopWord = (word: string) => STOP_WORDS.has(word)

function undoubled(stem: string): string {
  const single = stem.replace(/([bdfgmnprt])\1$/, '$1')
  return single !== stem && STOP_WORDS.has(single) ? stem : single
}

/** A word's stem; digits and mixed tokens ("v1", "2x") stay as they are. */
export function stemOf(word: string): string {
  const known = cache.get(word)
  if (known !== undefined) return known
  // Porter2 undoubles the end of "added" (ad) but not of "add": undouble every stem alike, unless
  // that makes a stop word of it ("off" is not "of", "inn" not "in").
  const stem = /^\p{L}+$/u.test(word) ? undoubled(stemmer.stem(baseOf(word))) : word
  if (cache.size >= STEM_CACHE_LIMIT) cache.clear()
  cache.set(word, stem)
  return stem
}

/** Every word's stem, stop words included: what the index holds, so any query term can match. */
export function indexTerms(text: string): string {
  return materialWordsOf(text)
    .map((w) => stemOf(w).slice(0, MAX_TERM_CHARS))
    .join(' ')
}

/** Stems of a text's content words (stop words, words stemmed to one, and lone letters left out), each once. */
export function contentStems(text: string): Set<string> {
  const stems = new Set<string>()
  for (const word of wordsOf(text)) {
    if (isStopWord(word) || isLoneLetter(word)) continue
    const stem = stemOf(word)
    if (!isStopWord(stem)) stems.add(stem)
  }
  return stems
}

const isLoneLetter = (word: string) => word.length === 1 && !/\p{N}/u.test(word)

/**
 * "How long", "how many", "how old": with "how" before them these words ask for a measure; they
 * name no topic. Likewise "stand" in "what does LIR stand for" asks for an expansion.
 */
const MEASURE_WORDS = new Set(['long', 'much', 'many', 'often', 'far', 'old', 'big', 'large', 'soon', 'early', 'late', 'fast', 'high', 'tall'])

/**
 * Words any question may use without naming what it is about: pro-verbs ("do", "get", "make",
 * "use", "work"), placeholders ("thing", "something", "stuff") and the frame of a request ("help",
 * "know", "need", "want", "best way", "possible", "happen", "mean"). A question made only of these
 * and stop words ("how does it work", "what is the best way to get it") names no topic.
 */
const GENERIC_WORDS: ReadonlySet<string> = new Set(
  [
    'do',
    'get',
    'got',
    'make',
    'made',
    'use',
    'work',
    'help',
    'know',
    'need',
    'want',
    'like',
    'find',
    'found',
    'go',
    'tell',
    'explain',
    'mean',
    'show',
    'happen',
    'way',
    'thing',
    'something',
    'anything',
    'everything',
    'nothing',
    'stuff',
    'best',
    'good',
    'better',
    'right',
    'possible',
    'able',
    'ok',
    'okay',
    'sure',
    'question',
    'answer',
    'info',
    'information',
  ].map(stemOf),
)

/** Whether a question names something to look up: a word that is neither a stop word, a lone letter nor a generic word. */
export function namesTopic(query: string): boolean {
  const named = namedLetters(query)
  return wordsOf(query).some((w) => !isStopWord(w) && !(isLoneLetter(w) && !named.has(w)) && !GENERIC_WORDS.has(stemOf(w)))
}

/**
 * The words a question writes as names, in lower case: capitalised inside a sentence ("Do you ship
 * to Australia?"), or with a capital after their first letter wherever they stand ("PostgreSQL",
 * "macOS"). "I" and "I'm" are no names; nor is a word in capitals only at a sentence's start.
 */
export function namedWords(query: string): string[] {
  const names: string[] = []
  for (const match of query.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const word = match[0]
    let before = match.index - 1
    while (before >= 0 && /\s/.test(query[before])) before--
    const opensSentence = before < 0 || /[.!?:"“(]/.test(query[before])
    const capitalised = /^\p{Lu}/u.test(word) && !opensSentence && !/^I(?:['’]\p{Ll}+)?$/u.test(word)
    const innerCapital = /^.+\p{Lu}/u.test(word) && !/^\p{Lu}+$/u.test(word)
    if (capitalised || innerCapital) names.push(word.toLowerCase())
  }
  return names
}

/**
 * Capital letters written alone, as names ("Why is R named R?", "vitamin C", "plan B"), lower
 * case: "I" and "A" are words, and a lone small letter is usually a variable or an option.
 */
function namedLetters(query: string): Set<string> {
  return new Set((query.match(/(?<![\p{L}\p{N}'’.-])[B-HJ-Z](?![\p{L}\p{N}-])/gu) ?? []).map((letter) => letter.toLowerCase()))
}

/**
 * The terms to search for: stems of the question's content words, each once, at most 16. A
 * question made of stop words only keeps all its words instead; the index's rarity weighting
 * then tells them apart.
 */
export function searchTerms(query: string): string[] {
  const all = wordsOf(query)
  const named = namedLetters(query)
  const words = all.filter((w, i) => !(isLoneLetter(w) && !named.has(w)) && !(i > 0 && all[i - 1] === 'how' && MEASURE_WORDS.has(w)) && !(w === 'stand' && all[i + 1] === 'for'))
  // A word whose stem is a stop word ("its" is "it") would match every passage holding that stop word.
  const content = words.filter((w) => !isStopWord(w) && !isStopWord(stemOf(w)))
  const chosen = content.length > 0 ? content : words
  return [...new Set(chosen.map((w) => stemOf(w).slice(0, MAX_TERM_CHARS)))].slice(0, MAX_SEARCH_TERMS)
}
