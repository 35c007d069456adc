// wink-lexicon ships no types; only its list of irregular verbs is read (each form to its base).
declare module 'wink-lexicon/src/irregular-verbs.js' {
  const irregularVerbs: Readonly<Record<string, string | undefined>>
  export default irregularVerbs
}
