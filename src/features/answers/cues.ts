// Cues in a question's wording that single words lose: a name made of parts ("from-git",
// "user.name", "~/.npmrc", "--save-exact") should be found whole, and "What is a trace?" is best
// answered by a sentence saying what a trace is ("A trace is simply a program path"); "Why …?" or
// "Is it …?" asks for a judgement, quoted with the reason its paragraph gives first.

/** Names joined by hyphens, dots, slashes or colons, and options or dot-files. */
const COMPOUND = /(?:--?|\.)?[\p{L}\p{N}]+(?:[-._/:@][\p{L}\p{N}]+)+|(?:--|\.)[\p{L}\p{N}]+/gu
/** A symbol standing alone between spaces or quotes. */
const LONE_SYMBOL = /(?<=^|[\s"'“‘(])[@#~$%&|\\^=+<>;*](?=$|[\s"'”’),?])/gu
/** "What is X", "who are X", "what does X do": answered by a sentence defining X. */
const DEFINITION_QUESTION =
  /^\s*(?:(?:what|who)\s+(?:is|are|was|were)\s+(?:a|an|the)?\s*([\p{L}\p{N}][\p{L}\p{N}-]*)|what\s+(?:does|do)\s+(?:a|an|the)?\s*([\p{L}\p{N}][\p{L}\p{N}-]*)\s+do\b)/iu

/** Regular-expression characters escaped (the unicode flag refuses an escaped '-' or '/'). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Patterns a sentence that answers the question is likely to match. */
export function questionCues(question: string): RegExp[] {
  const cues: RegExp[] = []
  for (const compound of new Set(question.match(COMPOUND) ?? [])) {
    if (compound.length >= 4) cues.push(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(compound)}(?![\\p{L}\\p{N}])`, 'iu'))
  }
  // A symbol the visitor typed on its own ("the @ before my scope", "what does ~ mean") is as
  // telling as a rare word, but the word index cannot hold it.
  for (const symbol of new Set(question.match(LONE_SYMBOL) ?? [])) cues.push(new RegExp(escapeRegExp(symbol.trim())))
  const definition = DEFINITION_QUESTION.exec(question)
  const subject = definition?.[1] ?? definition?.[2]
  // "X is …", or a list's entry "• X - this is …", "X: …", "X = …" (not the end of "git-X = …").
  if (subject) cues.push(new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(subject)}s?(?:\\s+(?:is|are|means|refers to|stands for)\\s|\\s*[-–—:=]\\s)`, 'iu'))
  return cues
}

/** How many of the cues a text matches. */
export const cuesIn = (text: string, cues: readonly RegExp[]) => cues.filter((cue) => cue.test(text)).length

/**
 * "Why …?", "Is it …?", "Can I …?": answered by a claim with its reason, and a paragraph often
 * gives the reason first ("Because an SQLite database requires no administration, it works well
 * in devices …"), where "How long …?" or "Which file …?" is answered by one sentence of fact.
 */
const JUDGEMENT_QUESTION = /^\s*(?:why|is|are|was|were|can|could|does|do|did|will|would|should|shall|may|must|has|have)\b/i

/** Whether a question asks for a judgement or a reason rather than a fact. */
export const asksForJudgement = (question: string) => JUDGEMENT_QUESTION.test(question)
