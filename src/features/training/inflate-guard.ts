import { inflateSync } from 'node:zlib'

/** What all of a PDF's compressed streams may expand to before the PDF reader gets it. */
export const DEFAULT_MAX_INFLATED_BYTES = 256 * 1024 * 1024

const STREAM = Buffer.from('stream')
const END_STREAM = Buffer.from('endstream')

/**
 * A Flate stream can expand a thousandfold, so a 20 MiB upload could ask the PDF reader for 20 GB.
 * Inflate every stream with a running budget (native zlib stops at the limit) before parsing.
 * Streams that are not Flate fail to inflate at once and are skipped: the reader judges those.
 */
export function inflatedSizeWithin(bytes: Uint8Array, maxBytes = DEFAULT_MAX_INFLATED_BYTES): boolean {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let total = 0
  let at = 0
  for (;;) {
    const start = data.indexOf(STREAM, at)
    if (start < 0) return true
    // "endstream" contains "stream": skip it, and any keyword not followed by an end of line.
    if (start >= 3 && data.subarray(start - 3, start).toString('latin1') === 'end') {
      at = start + STREAM.length
      continue
    }
    let body = start + STREAM.length
    if (data[body] === 0x0d) body++
    if (data[body] !== 0x0a) {
      at = body
      continue
    }
    body++
    const end = data.indexOf(END_STREAM, body)
    if (end < 0) return true
    try {
      total += inflateSync(data.subarray(body, end), { maxOutputLength: maxBytes - total + 1 }).length
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false
      // A partial stream (trailing garbage before endstream) still counts what it gave.
    }
    if (total > maxBytes) return false
    at = end + END_STREAM.length
  }
}
