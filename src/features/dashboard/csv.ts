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

/** A UTF-8 BOM first, so spreadsheet programs read accents and symbols right. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** A download named after the chatbot, with an ASCII fallback for old clients. */
export function csvResponse(csv: string, baseName: string): Response {
  const ascii = baseName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export'
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(baseName)}.csv`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
