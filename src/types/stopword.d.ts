// stopword ships no types; this is the part of its API we use (one array of words per language).
declare module 'stopword' {
  export const eng: string[]
}
