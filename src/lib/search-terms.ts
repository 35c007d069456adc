/**
 * Words of a visitor's question worth searching for. Very common words match most passages and
 * make a full-text query slow and its ranking flat, so they are dropped.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves also may might must shall us get got please tell know ' +
    'don doesn didn isn aren wasn weren won t s ll ve re d m'
  ).split(' '),
)

export const MAX_SEARCH_TERMS = 16
const MAX_TERM_CHARS = 64

/** A word, possibly joined by inner hyphens, dots or apostrophes ("e-mail", "v1.2", "o'clock"). */
const TOKEN = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu
const PART = /[\p{L}\p{N}]+/gu

/**
 * Terms of a query, each made of letters and digits only (parts of a joined word separated by one
 * space, to be searched as a phrase), lower case, without stop words or repeats.
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = []
  for (const token of query.toLowerCase().match(TOKEN) ?? []) {
    const parts = token.match(PART) ?? []
    // A joined word keeps all its parts, or its phrase would no longer match ("state-of-the-art").
    if (parts.every((p) => STOP_WORDS.has(p))) continue
    // A lone letter carries no meaning for retrieval; a lone digit may ("room 7").
    if (parts.length === 1 && parts[0].length === 1 && !/\p{N}/u.test(parts[0])) continue
    const term = parts.join(' ').slice(0, MAX_TERM_CHARS).trim()
    if (!terms.includes(term)) terms.push(term)
    if (terms.length === MAX_SEARCH_TERMS) break
  }
  return terms
}
