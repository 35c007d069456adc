// Which passage of the material answers a question, and which of its sentences do. The full-text
// index gives a deep candidate set (bm25 over stems); each candidate is then read sentence by
// sentence (split by sbd at ingestion), and the window of one to three sentences that covers the most of the question,
// each term weighted by its rarity in the chatbot's material, decides. A question's words also
// meet their WordNet relatives ("athletes" meets "footballers") at a part of their weight; wording
// cues and the kind of sentence the question's form asks for (cues.ts, answer-forms.ts) lift a window, a word a
// sentence leaves out ("but not its configuration files") counts little there, and what the
// passage's document holds of the question lifts a passage. How a passage is read (its sentences,
// paragraphs, sections) is passage-reading.ts; how the chosen sentences are quoted, excerpt.ts.
import type { AppContext } from '../../context'
import { isStopWord, materialWordsOf, namedWords, namesTopic, searchTerms, stemOf, wordsOf } from '../../lib/search-terms'
import { searchStems, termFrequencies, type Passage } from '../training/service'
import { answerTypeOf, askedInstanceOf, type ExpectedAnswer } from './answer-forms'
import { asksForJudgement, cuesIn, questionCues } from './cues'
import { answerOfSection, deniedStems, leadStart, type PassageReading, readPassage, sectionOf } from './passage-reading'
import { relatedWords, sameNames } from './wordnet'

/** Candidates read before choosing: the answer's passage is often not among the first three. */
export const CANDIDATES = 30
const MAX_WINDOW_SENTENCES = 3
/**
 * How much the engine's own rank (bm25: how often the passage uses the question's words, for its
 * length) and the densest sentence count beside the window's coverage. Calibrated on the answer
 * benchmark's three sets together: 0.25 and 0.45 sit inside a plateau (engine 0.24 to 0.3,
 * density 0.425 to 0.5 score alike), not on a peak.
 */
const ENGINE_SHARE = 0.25
const DENSITY_SHARE = 0.45
const TITLE_SHARE = 0.2
/**
 * What a section whose heading holds every word of the question adds: a FAQ's own question
 * echoing the visitor's ("Why is R named R?") answers it better than a passage that only uses its
 * words ("R ensures that the variable names are valid").
 */
const ECHO_SHARE = 0.5
/** How much the question's coverage by the passage's whole document (its candidate passages together) counts. */
const DOCUMENT_SHARE = 0.3
/**
 * The ranking counts a word's rarity raised to this power: a passage holding the question's one
 * rare name ("react", "CoffeeScript") outranks one holding three of its everyday words ("two",
 * "side", "different"), as BM25's sum over a whole chunk already did. Coverage, which the
 * refusal's thresholds read, stays on the plain weights: 1.3 and 1.5 answered one more question of
 * the first set and none fewer anywhere; 2 lost four.
 */
const RANK_RARITY_POWER = 1.3
/** A word of the question that a sentence denies counts this much. */
const DENIED_CREDIT = 0.25
/** A related word found instead of the visitor's own counts this much of the word's weight. */
const RELATED_CREDIT = 0.7
/** A word the material lacks counts this much less as unknown when a relative of it is found. */
const RELATED_RELIEF = 0.5
/**
 * Extra candidates fetched by related words only. 10 rather than 15: the same answers on SQLite,
 * one more on PostgreSQL (whose ts_rank lets more relative-only passages in); the 30 candidates of
 * the question's own words stay, as 15 lost 5 of 35 answers among 50,000 passages of other text
 * (scripts/eval-answers-scale.ts).
 */
const RELATED_CANDIDATES = 10
/** Relatives kept per word (nearest first), and searched in all: more cost time and bring noise. */
const RELATIVES_PER_WORD = 12
const RELATIVES_SEARCHED = 40

export interface WeightedTerms {
  /** Each term with its weight: rare terms weigh more; a term the material lacks weighs most. What coverage and the unknown share count. */
  weights: Map<string, number>
  total: number
  /** The weights raised to RANK_RARITY_POWER: what the ranking of passages counts. */
  rankWeights: Map<string, number>
  rankTotal: number
  /** Share of the total weight held by terms that no passage of the material holds (0..1). */
  unknown: number
  /** Stems of WordNet relatives of each term, found in the material in its stead. */
  related: Map<string, string[]>
  /** Terms no passage holds. */
  missing: Set<string>
  /** How many passages hold each term. */
  holding: ReadonlyMap<string, number>
  /** Wording cues (questionCues): a sentence matching one ranks as if it held one more rare term. */
  cues: RegExp[]
  /** The kind of sentence the question's form asks for (answerTypeOf), or null. */
  answerType: ExpectedAnswer | null
  /** The question's term for the kind of thing it asks for ("file"), met by a sentence showing one ("package-lock.json"); or null. */
  instance: { term: string; pattern: RegExp } | null
  /** Stems the question itself denies ("without recommends"): a sentence denying them agrees. */
  denied: Set<string>
  /** The question asks for a judgement or a reason (asksForJudgement): the paragraph's opening sentences are quoted with the answer. */
  judgement: boolean
}

export interface RankedPassage {
  title: string
  url: string | null
  sourceId: string
  text: string
  /** The sentence the first answering sentence leans on ("This means…", "For example, …"), if any. */
  before: string[]
  /** The heading or FAQ question of the section the answer is in, when the passage names it. */
  section: string | null
  /** The answering sentences, whole, in their order. */
  answer: string[]
  /** Sentences that follow them in the same passage, for context. */
  after: string[]
  /** Index in the passage of the first sentence of `before` (of `answer` when there is none). */
  first: number
  /** Indexes of the passage's sentences that start a paragraph: the excerpt keeps its paragraphs (a command apart from the prose around it). */
  paragraphStarts: ReadonlySet<number>
  /** Share of the question's weight found in the answering sentences and the title (0..1). */
  coverage: number
  /** How many of the question's terms the answering sentences and the title hold (a relative counting for its word). */
  matched: number
  /** Whether the passage or its title holds a word of the question itself, not only a WordNet relative of one. */
  ownWords: boolean
  score: number
}

/**
 * BM25's inverse document frequency plus one: a term in no passage gets the highest weight there
 * can be, and a term found everywhere still counts (a small chatbot's few passages would otherwise
 * make every word they hold nearly weightless).
 */
export function rarity(passages: number, holding: number): number {
  return 1 + Math.log(1 + (passages - holding + 0.5) / (holding + 0.5))
}

export async function weighTerms(ctx: AppContext, chatbotId: string, terms: string[]): Promise<WeightedTerms> {
  const { passages, holding } = await termFrequencies(ctx, chatbotId, terms)
  const weights = new Map(terms.map((t) => [t, rarity(passages, holding.get(t) ?? 0)]))
  const rankWeights = new Map(terms.map((t) => [t, (weights.get(t) ?? 0) ** RANK_RARITY_POWER]))
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0)
  const total = sum(weights.values())
  const missing = new Set(terms.filter((t) => !holding.get(t)))
  const missingWeight = sum([...missing].map((t) => weights.get(t) ?? 0))
  return {
    weights,
    total,
    rankWeights,
    rankTotal: sum(rankWeights.values()),
    unknown: total > 0 ? missingWeight / total : 1,
    related: new Map(),
    missing,
    holding,
    cues: [],
    answerType: null,
    instance: null,
    denied: new Set(),
    judgement: false,
  }
}

/** Words after which a question's next word is a verb ("how can I check", "do you ship", "to install"). */
const VERB_BEFORE = new Set([
  'i',
  'you',
  'we',
  'they',
  'to',
  'can',
  'could',
  'should',
  'would',
  'will',
  'shall',
  'may',
  'might',
  'must',
  'do',
  'does',
  'did',
  'please',
  'not',
  'never',
])

/** Each content word's WordNet relatives, as stems other than the question's own. */
async function relatedStems(question: string, terms: string[]): Promise<Map<string, string[]>> {
  const related = new Map<string, string[]>()
  const own = new Set(terms)
  const words = wordsOf(question)
  for (const [i, word] of words.entries()) {
    const term = stemOf(word)
    if (!own.has(term) || isStopWord(word) || related.has(term)) continue
    const stems = (await relatedWords(word, i > 0 && VERB_BEFORE.has(words[i - 1]))).filter((w) => !/[^\p{L}]/u.test(w) && !isStopWord(w)).map(stemOf)
    related.set(term, [...new Set(stems)].filter((s) => !own.has(s)).slice(0, RELATIVES_PER_WORD))
  }
  return related
}

/** A title's or heading's stems, read as the index reads the material (closed compounds too). */
const stemsOf = (text: string) => new Set(materialWordsOf(text).map(stemOf))

/** Which of the question's terms a text holds, each with its credit: 1 for the word, less for a relative. */
type Credits = Map<string, number>

function creditsOf(found: Set<string>, terms: WeightedTerms): Credits {
  const credits: Credits = new Map()
  for (const term of terms.weights.keys()) {
    if (found.has(term)) credits.set(term, 1)
    else if (terms.related.get(term)?.some((r) => found.has(r))) credits.set(term, RELATED_CREDIT)
  }
  return credits
}

/** creditsOf for each sentence of a passage, from where its stems are. */
function sentenceCreditsOf(reading: PassageReading, terms: WeightedTerms): Credits[] {
  const credits = reading.sentences.map((): Credits => new Map())
  for (const term of terms.weights.keys()) {
    // A sentence that denies what the question asks for ("but not its configuration files") answers it less.
    const denied = terms.denied.has(term) ? [] : (reading.denied.get(term) ?? [])
    for (const j of reading.where.get(term) ?? []) credits[j].set(term, denied.includes(j) ? DENIED_CREDIT : 1)
    for (const relative of terms.related.get(term) ?? []) {
      for (const j of reading.where.get(relative) ?? []) if (!credits[j].has(term)) credits[j].set(term, RELATED_CREDIT)
    }
  }
  // A sentence that shows what the question asks for ("package-lock.json" for "which file") holds its noun.
  const instance = terms.instance
  if (instance) {
    reading.sentences.forEach((s, j) => {
      if (credits[j].size > 0 && instance.pattern.test(s)) credits[j].set(instance.term, 1)
    })
  }
  return credits
}

/** Credits of two texts read together: each term at its better credit. */
function joined(a: Credits, b: Credits): Credits {
  const out = new Map(a)
  for (const [term, credit] of b) if ((out.get(term) ?? 0) < credit) out.set(term, credit)
  return out
}

/** The weight credits hold, each term at its weight in `weights` times its credit. */
function weightOf(credits: Credits, weights: ReadonlyMap<string, number>): number {
  let mass = 0
  for (const [term, credit] of credits) mass += (weights.get(term) ?? 0) * credit
  return mass
}

/** What the ranking counts of credits. */
const massOfCredits = (credits: Credits, terms: WeightedTerms) => weightOf(credits, terms.rankWeights)

/** The share of the question's plain weight that credits hold: a passage's coverage, which the refusal's thresholds read. */
const coverageOf = (credits: Credits, terms: WeightedTerms) => (terms.total > 0 ? weightOf(credits, terms.weights) / terms.total : 0)

/** Words past which a sentence's matches count for less: a long run-on (a code listing, a table) matches by chance. */
const PLAIN_SENTENCE_WORDS = 30
const brevity = (words: number) => Math.min(1, Math.sqrt(PLAIN_SENTENCE_WORDS / Math.max(1, words)))

/** What a cue adds to a sentence's or window's mass for ranking (never to its coverage). */
const cueMass = (text: string, terms: WeightedTerms) => (terms.cues.length ? cuesIn(text, terms.cues) * Math.max(0, ...terms.rankWeights.values()) : 0)

/**
 * What a sentence of the kind the question asks for adds to a window's rank, as a share of the
 * rarest term's weight: less than a word of the question, since many sentences hold a number or
 * an option, enough to choose between windows that echo the question alike.
 */
const ANSWER_TYPE_SHARE = 0.5
/** A measure in the units asked for, or a default, is rarer, and worth a word of the question. */
const TELLING_SHARE = 1

/** The window of sentences covering the most weight; among equals, the shortest, then the first. */
function bestWindow(sentenceCredits: Credits[], cued: number[], typed: boolean[], titleCredits: Credits, terms: WeightedTerms) {
  const typeMass = (terms.answerType?.telling ? TELLING_SHARE : ANSWER_TYPE_SHARE) * Math.max(0, ...terms.rankWeights.values())
  let best: { start: number; end: number; mass: number; rank: number; matched: number; credits: Credits } = { start: 0, end: 1, mass: 0, rank: -1, matched: 0, credits: new Map() }
  for (let start = 0; start < sentenceCredits.length; start++) {
    // An answer starts with a sentence that holds a term of the question.
    if (sentenceCredits[start].size === 0 && cued[start] === 0) continue
    let credits = titleCredits
    let cues = 0
    let answersType = false
    let before = -1
    for (let end = start + 1; end <= Math.min(sentenceCredits.length, start + MAX_WINDOW_SENTENCES); end++) {
      credits = joined(credits, sentenceCredits[end - 1])
      cues += cued[end - 1]
      // Counted once a window: a window does not answer better for holding three numbers.
      answersType ||= typed[end - 1]
      const typeBonus = answersType ? typeMass : 0
      const mass = massOfCredits(credits, terms)
      // A sentence that adds no term to the window is context, not answer.
      if (end > start + 1 && mass + cues + typeBonus === before) break
      before = mass + cues + typeBonus
      const rank = mass + cues + typeBonus
      const shorter = Math.abs(rank - best.rank) <= 1e-9 && end - start < best.end - best.start
      if (rank > best.rank + 1e-9 || shorter) best = { start, end, mass, rank, matched: credits.size, credits }
    }
  }
  return best
}

/**
 * How much of the question each document's candidate passages hold together. A passage's own
 * words are only part of the evidence: a question asked in other words than the answer's often
 * names the topic the answer's document is about elsewhere (passage retrieval with document-level
 * evidence, Callan 1994).
 */
function documentCredits(hits: Passage[], sentenceCredits: Credits[][], terms: WeightedTerms): Map<string, Credits> {
  const documents = new Map<string, Credits>()
  hits.forEach((hit, i) => {
    let credits = documents.get(hit.source.source_id) ?? creditsOf(stemsOf(hit.source.title), terms)
    for (const c of sentenceCredits[i]) credits = joined(credits, c)
    documents.set(hit.source.source_id, credits)
  })
  return documents
}

/** Passages with their answering sentences, best first. */
function rankPassages(hits: Passage[], read: PassageReading[], terms: WeightedTerms): RankedPassage[] {
  const topEngine = Math.max(...hits.map((h) => h.source.score), 1e-9)
  const share = (mass: number) => (terms.rankTotal > 0 ? mass / terms.rankTotal : 0)
  const allCredits = read.map((r) => sentenceCreditsOf(r, terms))
  const documents = documentCredits(hits, allCredits, terms)
  const ranked = hits.map((hit, i) => {
    const { sentences, words, headings, paragraphStarts } = read[i]
    const sentenceCredits = allCredits[i]
    const cued = sentences.map((s) => cueMass(s, terms))
    // Only a sentence that also holds a word of the question is of the kind asked for: every table row holds a number.
    const typed = sentences.map((s, j) => terms.answerType !== null && (sentenceCredits[j].size > 0 || terms.answerType.measure) && terms.answerType.pattern.test(s))
    const titleCredits = creditsOf(stemsOf(hit.source.title), terms)
    const window = bestWindow(sentenceCredits, cued, typed, titleCredits, terms)
    const coverage = coverageOf(window.credits, terms)
    // Between passages that cover the question alike, the one whose single sentence holds most of
    // it, and the one whose title names it ("npm-install" for a question about npm install), win.
    const densest = Math.max(0, ...sentences.map((_, j) => share(massOfCredits(sentenceCredits[j], terms) + cued[j]) * brevity(words[j])))
    const titled = share(massOfCredits(titleCredits, terms))
    // A question that names a section ("How do I configure the network?" over "Configuring the
    // network") is answered by the section's first sentences, the heading named as its section.
    const { start, end } = answerOfSection(window, sentences, headings)
    // Context ends where the next section starts: its heading and text answer something else.
    let sectionEnd = end
    while (sectionEnd < sentences.length && !headings.has(sectionEnd)) sectionEnd++
    const after = sentences.slice(end, sectionEnd)
    const heading = sectionOf(headings, start)
    const headingStems = heading === null ? null : stemsOf(heading)
    const echoed = headingStems !== null && [...terms.weights.keys()].every((t) => headingStems.has(t))
    const before = sentences.slice(leadStart(read[i], start, terms.judgement), start)
    return {
      title: hit.source.title,
      url: hit.source.url,
      sourceId: hit.source.source_id,
      text: hit.text,
      before,
      section: sectionOf(headings, start - before.length),
      answer: sentences.slice(start, end),
      after,
      first: start - before.length,
      paragraphStarts,
      coverage,
      matched: window.matched,
      ownWords: [...terms.weights.keys()].some((t) => read[i].where.has(t) || titleCredits.get(t) === 1),
      score:
        share(window.mass) +
        share(window.rank - window.mass) +
        DENSITY_SHARE * densest +
        TITLE_SHARE * titled +
        (echoed ? ECHO_SHARE : 0) +
        DOCUMENT_SHARE * share(massOfCredits(documents.get(hit.source.source_id) ?? new Map(), terms)) +
        (ENGINE_SHARE * hit.source.score) / topEngine,
    }
  })
  return ranked.sort((a, b) => b.score - a.score)
}

/** The material's passages for a question, ranked; empty when nothing matches. */
export async function rankMaterial(ctx: AppContext, chatbotId: string, question: string): Promise<{ terms: WeightedTerms; passages: RankedPassage[] }> {
  const stems = searchTerms(question)
  // The database's work and WordNet's run side by side: on PostgreSQL each query is a round trip.
  const [terms, related] = await Promise.all([weighTerms(ctx, chatbotId, stems), relatedStems(question, stems)])
  // "How does it work?" names nothing to look up: any passage would answer it by chance.
  if (stems.length === 0 || !namesTopic(question)) return { terms, passages: [] }
  terms.related = related
  terms.cues = questionCues(question)
  terms.answerType = answerTypeOf(question)
  const asked = askedInstanceOf(question)
  terms.instance = asked && terms.weights.has(stemOf(asked.noun)) ? { term: stemOf(asked.noun), pattern: asked.instance } : null
  terms.denied = new Set(deniedStems(question))
  terms.judgement = asksForJudgement(question)
  const allRelatives = [...related.values()].flat()
  const relatives = [...new Set(allRelatives)].slice(0, RELATIVES_SEARCHED)
  const [hits, relativeHits] = await Promise.all([
    searchStems(ctx, chatbotId, stems, CANDIDATES, { snippets: false, weights: terms.rankWeights, holding: terms.holding }),
    searchStems(ctx, chatbotId, relatives, RELATED_CANDIDATES, { snippets: false }),
  ])
  const seen = new Set(hits.map((h) => h.text))
  for (const hit of relativeHits) if (!seen.has(hit.text)) hits.push(hit)
  const wanted = new Set([...terms.weights.keys(), ...allRelatives])
  const read = hits.map((hit) => readPassage(hit.text, wanted))
  // A word the material lacks is half known when a relative of it is in the candidates.
  const inCandidates = (stem: string) => read.some((r) => r.where.has(stem))
  const unknownWeight = [...terms.missing].reduce((sum, t) => {
    const stand = terms.related.get(t)?.some(inCandidates) ? 1 - RELATED_RELIEF : 1
    return sum + (terms.weights.get(t) ?? 0) * stand
  }, 0)
  terms.unknown = terms.total > 0 ? unknownWeight / terms.total : 1
  // A name the material never writes is what the question is about: no passage on the rest of its
  // words answers "Do you ship to Australia?". Only a word naming the same thing stands in for it
  // ("USA" for "America"), not a broader one ("country").
  for (const name of namedWords(question)) {
    const stem = stemOf(name)
    if (!terms.missing.has(stem)) continue
    const same = new Set((await sameNames(name)).map(stemOf))
    if (!terms.related.get(stem)?.some((r) => same.has(r) && inCandidates(r))) terms.unknown = 1
  }
  return { terms, passages: withOwnWords(rankPassages(hits, read, terms), terms) }
}

/**
 * A relative stands in for a word the material lacks. When the material uses every word of the
 * question and the best passage still holds none of them (it matched through relatives alone:
 * "free to redistribute" for "How much does the printed edition cost?"), the question is about
 * something the material does not say; only a passage in the visitor's own words covering half
 * the question's weight may answer it then.
 */
const OWN_WORDS_COVERAGE = 0.5

function withOwnWords(ranked: RankedPassage[], terms: WeightedTerms): RankedPassage[] {
  if (terms.missing.size > 0 || ranked.length === 0 || ranked[0].ownWords) return ranked
  return ranked.filter((p) => p.ownWords && p.coverage >= OWN_WORDS_COVERAGE)
}
