/**
 * A strict RFC 4180 reader for the tests: CRLF between records, fields quoted when they hold a
 * comma, quote or line break, a quote inside a quoted field doubled. Anything else is an error,
 * so an export that breaks the format fails its test instead of being read leniently.
 */
export function parseRfc4180(text: string): string[][] {
  if (!text.endsWith('\r\n')) throw new Error('the last record must end with CRLF')
  const records: string[][] = []
  let record: string[] = []
  let i = 0
  while (i < text.length) {
    let field = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field')
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        field += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`)
        field += text[i++]
      }
    }
    record.push(field)
    if (text[i] === ',') {
      i++
    } else if (text.startsWith('\r\n', i)) {
      records.push(record)
      record = []
      i += 2
    } else {
      throw new Error(`unexpected ${JSON.stringify(text[i])} after a field at ${i}`)
    }
  }
  const width = records[0]?.length
  if (records.some((r) => r.length !== width)) throw new Error('records differ in their number of fields')
  return records
}

/** The records as objects keyed by the header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseRfc4180(text)
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])))
}
