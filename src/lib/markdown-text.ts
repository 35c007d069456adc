/**
 * Plain text to be shown as itself inside a Markdown reply (a manual's quoted sentences, a page's
 * title). Replies are rendered as Markdown (the widget, the dashboard's transcripts), where a
 * manual's "npm install <name>" lost "<name>" as an unknown HTML tag, "__init__" turned bold and a
 * line starting "# comment" became a heading. Only what Markdown would read as markup is escaped,
 * each by a backslash before it, so the raw reply keeps the quoted text's own words ("*.tar.gz"
 * alone opens no emphasis and stays as it is). Text set inside emphasis (`inside: '*'`) has every
 * star escaped: any one would close it.
 */
export function asMarkdownText(text: string, { inside }: { inside?: '*' } = {}): string {
  let out = text
    // A backslash before punctuation is an escape itself.
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    // An HTML tag, comment or autolink: "<name>", "</div>", "<!-- -->", "<https://…>".
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    // A link: "[text](…)"; a bracket alone ("[<name>]", "[]") is text already.
    .replace(/\](?=\()/g, '\\]')
    // An entity ("&lt;") would be decoded.
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    // A line's first mark: a heading, a quote, a list item ("- ", "2. "), a rule ("---").
    .replace(/^([ \t]*)([#>]|[-+](?=\s|$)|-(?=-))/gm, '$1\\$2')
    .replace(/^([ \t]*\d{1,9})([.)])(?=\s|$)/gm, '$1\\$2')
  // Every backslash before a mark is escaped by now, so each mark takes one of its own.
  for (const mark of ['*', '_', '~'] as const) if (mark === inside || mayPair(out, mark)) out = out.replaceAll(mark, `\\${mark}`)
  return out
}

/**
 * Whether emphasis ("*a*", "__init__") or a strikethrough ("~old~") could form: a mark that can
 * open (not followed by a space; for "_", not inside a word) before one that can close (not after a
 * space). "*.tar.gz or *.zip", "~/.npm" and "node_modules" cannot.
 */
function mayPair(text: string, mark: '*' | '_' | '~'): boolean {
  const inWord = (c: string) => mark === '_' && /[\p{L}\p{N}]/u.test(c)
  let opener = -1
  for (let i = text.indexOf(mark); i !== -1; i = text.indexOf(mark, i + 1)) {
    const before = text[i - 1] ?? ' '
    const after = text[i + 1] ?? ' '
    if (opener !== -1 && !/\s/.test(before) && !inWord(after)) return true
    if (opener === -1 && !/\s/.test(after) && !inWord(before)) opener = i
  }
  return false
}
