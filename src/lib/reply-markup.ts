/**
 * What of a reply's Markdown may become markup, for the widget (in the browser) and the owner's
 * transcripts (on the server), so both keep the same elements and the same links. Dependency-free:
 * the widget's bundle includes it.
 */

/** Kept elements and the attributes each may keep (each renderer checks the values). */
export const KEPT_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  del: [],
  s: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
}

export const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

/** Dropped with everything inside them; any other element not kept is unwrapped (its text stays). */
export const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'noscript',
  'textarea',
  'select',
  'option',
  'button',
  'input',
  'form',
  'title',
  'head',
  'img',
  'video',
  'audio',
  'picture',
  'source',
  'link',
  'meta',
  'base',
])

/** marked puts a line break between blocks; as text it is only blank space. */
export const BETWEEN_BLOCKS = /^\s*\n\s*$/

/** The URL when it is absolute http(s) or mailto, else null (javascript:, data:, relative, ...). */
export function safeHref(raw: string): string | null {
  const url = raw.trim()
  // Browsers ignore control characters and blanks inside a scheme ("java\tscript:"): such a URL is refused whole.
  if (/[\u0000-\u0020\u007f-\u009f]/.test(url) || !/^(https?:\/\/|mailto:)/i.test(url)) return null
  return URL.canParse(url) ? url : null
}
