// Cues in a question's wording that single words lose: a name made of parts ("from-git",
// "user.name", "~/.npmrc", "--save-exact") should be found whole, and "What is a trace?" is best
// answered by a sentence saying what a trace is ("A trace is simply a program path").

/** Names joined by hyphens, dots, slashes or colons, and options or dot-files. */
const COMPOUND = /(?:--?|\.)?[\p{L}\p{N}]+(?:[-._/:@][\p{L}\p{N}]+)+|(?:--|\.)[\p{L}\p{N}]+/gu
const DEFINITION_QUESTION = /^\s*(?:what|who)\s+(?:is|are|was|were)\s+(?:a|an|the)?\s*([\p{L}\p{N}][\p{L}\p{N}-]*)/iu

/** Regular-expression characters escaped (the unicode flag refuses an escaped '-' or '/'). */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Patterns a sentence that answers the question is likely to match. */
export function questionCues(question: string): RegExp[] {
  const cues: RegExp[] = []
  for (const compound of new Set(question.match(COMPOUND) ?? [])) {
    if (compound.length >= 4) cues.push(new RegExp(`(?<![\\p{L}\\p{N}])${escape(compound)}(?![\\p{L}\\p{N}])`, 'iu'))
  }
  const subject = DEFINITION_QUESTION.exec(question)?.[1]
  if (subject) cues.push(new RegExp(`(?<![\\p{L}\\p{N}])${escape(subject)}s?\\s+(?:is|are|means|refers to|stands for)\\s`, 'iu'))
  return cues
}

/** How many of the cues a text matches. */
export const cuesIn = (text: string, cues: readonly RegExp[]) => cues.filter((cue) => cue.test(text)).length
