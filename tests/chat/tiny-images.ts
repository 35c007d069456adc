// Tiny but valid images built from first principles, so tests need no fixture files.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = new Uint8Array([...Buffer.from(type, 'ascii'), ...data])
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(typed, 4)
  view.setUint32(8 + data.length, crc32(typed))
  return out
}

/** A 1x1 RGB PNG of the given colour. */
export function tinyPng(r = 0x1f, g = 0x6f, b = 0xeb): Uint8Array {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, 1) // width
  view.setUint32(4, 1) // height
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, truecolour, default compression/filter/interlace
  const scanline = new Uint8Array([0, r, g, b]) // filter byte 0, then one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', new Uint8Array()),
  ])
}

/**
 * A 1x1 mid-grey baseline JPEG. One 8x8 block of level-shifted zeros encodes as a DC
 * difference of category 0 and an end-of-block, each a one-bit Huffman code "0";
 * the scan byte is those two bits padded with ones: 0b00111111.
 */
export function tinyJpeg(): Uint8Array {
  const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload]
  const oneSymbolTable = (tableClass: number) => [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0x00]
  return new Uint8Array([
    0xff,
    0xd8, // SOI
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT: table 0, all ones
    ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), // SOF0: 8-bit, 1x1, one component
    ...segment(0xc4, oneSymbolTable(0)), // DHT: DC table 0
    ...segment(0xc4, oneSymbolTable(1)), // DHT: AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x3f,
    0xff,
    0xd9, // EOI
  ])
}

export const TINY_GIF = new Uint8Array([
  ...Buffer.from('GIF89a', 'ascii'),
  1,
  0,
  1,
  0,
  0x80,
  0,
  0,
  0,
  0,
  0,
  0xff,
  0xff,
  0xff,
  0x2c,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0x02,
  0x02,
  0x44,
  0x01,
  0x00,
  0x3b,
])

/** Header-only WebP: enough for sniffing, and for checking that the PDF skips it. */
export const TINY_WEBP = new Uint8Array([...Buffer.from('RIFF', 'ascii'), 26, 0, 0, 0, ...Buffer.from('WEBPVP8L', 'ascii'), 0, 0, 0, 0])
