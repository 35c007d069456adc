/**
 * CSV exports (RFC 4180: CRLF rows, fields quoted when they hold a comma, quote or line break).
 * Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) get a leading
 * apostrophe, since visitors write some of these values (OWASP "CSV injection").
 */
export type Cell = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value)
  // Our own numbers (a negative total cannot occur, but a plain number is never a formula).
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * A header row and one row per record. `bom` puts a UTF-8 BOM first, so spreadsheet programs read
 * accents and symbols right (the dashboard's downloads); the API's answers are plain RFC 4180.
 */
export function toCsv(header: string[], rows: Cell[][], opts: { bom?: boolean } = {}): string {
  return (opts.bom ? '\uFEFF' : '') + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** A download named after the chatbot, with an ASCII fallback for old clients. */
export function csvResponse(csv: string, baseName: string): Response {
  const ascii = baseName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export'
  return new Response(csv, {
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(baseName)}.csv`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}

/**
 * A list endpoint's answer: CSV when asked, else its JSON. Two promises, not one of a union:
 * Elysia types a handler's answer as its declared model or a Response, one or the other.
 */
export function jsonOrCsv<A>(wantsCsv: boolean, json: () => Promise<A>, csv: () => Promise<Response>): Promise<A> | Promise<Response> {
  return wantsCsv ? csv() : json()
}
