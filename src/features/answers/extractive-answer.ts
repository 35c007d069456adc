// The answer without a language model (contract section 8): the sentences that answer the
// question, whole and in the material's own words, with the sentences after them for context;
// business details quoted from their own section; each source once, most relevant first. When
// the best passage shares too little with the question, the plain refusal.
import type { ScoredFact } from './business-facts'
import type { Answer, Source } from './model'
import { excerptOf } from './excerpt'
import type { RankedPassage } from './ranking'
import { NOTHING_FOUND, sourceLine } from './texts'

/**
 * When the material answers (contract section 8: "the best passage shares too little with what
 * was asked" means it does not). The best passage must hold a fifth of the question's weight, and
 * at most a third of that weight may be in words the material never uses (their WordNet relatives
 * count half): a question whose rare words the material lacks is about something else. Calibrated
 * on the answer-quality benchmark (npm run eval:answers); business details answer from half.
 */
export const MIN_COVERAGE = 0.5
export const MIN_ANY_COVERAGE = 0.2
export const MAX_UNKNOWN_SHARE = 0.34

/** A second passage is quoted too when it scores this close to the first (a second view of the answer). */
const SECOND_PASSAGE = 0.7
/** Sources listed: the ones that scored this close to the best, at most MAX_SOURCES. */
const SOURCE_CUTOFF = 0.5
const MAX_SOURCES = 4
const SNIPPET_CHARS = 300

export interface AnswerContext {
  /** The business details chosen to answer from (chooseFacts), best first. */
  facts: ScoredFact[]
  /** The material's passages, ranked. */
  material: RankedPassage[]
  /** Share of the question's weight in words the material never uses (0..1). */
  unknownShare: number
  /** What a passage must hold to answer the question's form (a price question: a price), or null. */
  required: RegExp | null
}

export const REFUSAL: Answer = { reply: NOTHING_FOUND, sources: [], answered: false }

const clip = (value: string) => {
  const flat = value.replace(/\*\*/g, '').replace(/^- /, '').replace(/\s+/g, ' ').trim()
  return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…`
}

export const factsAnswer = (facts: readonly ScoredFact[]) => facts.length > 0 && facts[0].coverage >= MIN_COVERAGE
/** Whether the sentences quoted from a passage hold what the question's form requires ("How much does a support contract cost?": a price). */
const holdsRequired = (passage: RankedPassage, required: RegExp | null) =>
  required === null || [...passage.before, ...passage.answer, ...passage.after].some((s) => required.test(s))
const passageAnswers = (passage: RankedPassage, context: AnswerContext) =>
  passage.coverage >= MIN_ANY_COVERAGE && context.unknownShare <= MAX_UNKNOWN_SHARE && holdsRequired(passage, context.required)

export const materialAnswers = (context: AnswerContext) => context.material.length > 0 && passageAnswers(context.material[0], context)

/** The passages worth quoting: the best one, and a second one nearly as good. */
export function quotedPassages(context: AnswerContext): RankedPassage[] {
  if (!materialAnswers(context)) return []
  const [best, ...rest] = context.material
  // A second view says something else: the same sentences repeated in another document (a manual's
  // shared option text on several pages) would quote the first answer twice.
  const said = best.answer.join(' ')
  const second = rest.find((p) => passageAnswers(p, context) && p.score >= best.score * SECOND_PASSAGE && p.text !== best.text && p.answer.join(' ') !== said)
  return second ? [best, second] : [best]
}

/** The business details grouped by section, in the order of their best fact. */
function factSections(facts: readonly ScoredFact[]): { title: string; url: string | null; facts: ScoredFact[] }[] {
  const sections: { title: string; url: string | null; facts: ScoredFact[] }[] = []
  for (const fact of facts) {
    const section = sections.find((s) => s.title === fact.title)
    if (section) section.facts.push(fact)
    else sections.push({ title: fact.title, url: fact.url, facts: [fact] })
  }
  return sections
}

/** One source per document, link or business section, the best first, each with its best passage. */
export function sourcesOf(context: AnswerContext): Source[] {
  const sources: Source[] = []
  const useFacts = factsAnswer(context.facts)
  const factSources = useFacts ? factSections(context.facts).map((s) => ({ title: s.title, url: s.url, snippet: clip(s.facts[0].text) })) : []
  const best = context.material[0]
  const materialSources: Source[] = []
  const seen = new Set<string>()
  if (materialAnswers(context)) {
    for (const passage of context.material) {
      if (passage.score < best.score * SOURCE_CUTOFF || !passageAnswers(passage, context) || seen.has(passage.sourceId)) continue
      seen.add(passage.sourceId)
      materialSources.push({ title: passage.title, url: passage.url, snippet: clip(passage.answer.join(' ')) })
    }
  }
  const materialFirst = !useFacts || (materialAnswers(context) && best.coverage > context.facts[0].coverage)
  sources.push(...(materialFirst ? [...materialSources, ...factSources] : [...factSources, ...materialSources]))
  return sources.slice(0, MAX_SOURCES)
}

/** The extractive answer, or the refusal when neither the details nor the material answer. */
export function extractiveAnswer(context: AnswerContext): Answer {
  const useFacts = factsAnswer(context.facts)
  const passages = quotedPassages(context)
  if (!useFacts && passages.length === 0) return REFUSAL
  const factPart = useFacts
    ? factSections(context.facts)
        .map((s) => `${s.facts.map((f) => f.text).join('\n')}\n\n${sourceLine(s.title, s.url)}`)
        .join('\n\n')
    : ''
  const materialPart = passages.map((p) => `${excerptOf(p)}\n\n${sourceLine(p.title, p.url, p.section)}`).join('\n\n')
  const materialFirst = !useFacts || (passages.length > 0 && passages[0].coverage > context.facts[0].coverage)
  const reply = (materialFirst ? [materialPart, factPart] : [factPart, materialPart]).filter(Boolean).join('\n\n')
  return { reply, sources: sourcesOf(context), answered: true }
}
