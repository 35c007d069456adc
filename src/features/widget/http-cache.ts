/** Conditional GET and content negotiation for the widget's answers (contract 8: caching). */

/** A strong validator: the first 128 bits of the SHA-256 of the bytes. */
export function strongEtag(bytes: string | Uint8Array, suffix = ''): string {
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('base64url').slice(0, 22)
  return `"${hash}${suffix}"`
}

/** If-None-Match holds this validator or `*` (weak comparison, as RFC 9110 has it for this header). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}

export type Coding = 'br' | 'gzip' | 'identity'

/** The best coding the request's Accept-Encoding allows (q-values honoured, br before gzip). */
export function chooseCoding(acceptEncoding: string | null): Coding {
  const q = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean)
    q.set(name.trim(), weight ? Number(weight[1]) : 1)
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return 'identity'
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (at most 256 kept). */
const codingsSeen = new Map<string, Coding>()

export function codingFor(acceptEncoding: string | null): Coding {
  const key = acceptEncoding ?? ''
  let coding = codingsSeen.get(key)
  if (coding === undefined) {
    coding = chooseCoding(acceptEncoding)
    if (codingsSeen.size >= 256) codingsSeen.clear()
    codingsSeen.set(key, coding)
  }
  return coding
}
