import { deflateSync } from 'node:zlib'
import * as mupdf from 'mupdf'
import { PDFDocument, StandardFonts } from 'pdf-lib'

/** Builds PDFs at test time, so every fixture's content is known exactly. */

export const PAGE_LINES = [
  ['Welcome to the Harbour Bakery handbook.', 'Our sourdough rises for eighteen hours.'],
  ['Opening hours: Monday to Saturday, 7 to 19.', 'Sunday we bake rye and spelt loaves only.'],
  ['Allergens are listed on every shelf label.', 'Ask staff about nut-free options, please.'],
]

export async function textPdf(opts: { title?: string; pages?: string[][] } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  if (opts.title !== undefined) doc.setTitle(opts.title)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const lines of opts.pages ?? PAGE_LINES) {
    const page = doc.addPage([595, 842])
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font })
  }
  return doc.save()
}

/** One page holding only a picture, as a scanner produces. */
export async function imageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const png = await doc.embedPng(grayPng(32, 32))
  const page = doc.addPage([200, 200])
  page.drawImage(png, { x: 20, y: 20, width: 160, height: 160 })
  return doc.save()
}

/**
 * The same PDF encrypted with AES-256 (revision 6, as `qpdf --encrypt user owner 256` makes it), by
 * MuPDF. An empty user password gives a file any reader opens without asking.
 */
export function encryptedPdf(bytes: Uint8Array, passwords: { user: string; owner: string }): Uint8Array {
  const doc = new mupdf.PDFDocument(bytes)
  try {
    const options = ['encrypt=aes-256', `owner-password=${passwords.owner}`]
    if (passwords.user !== '') options.push(`user-password=${passwords.user}`)
    const saved = doc.saveToBuffer(options.join(','))
    const copy = saved.asUint8Array().slice() // out of the WASM heap
    saved.destroy()
    return copy
  } finally {
    doc.destroy()
  }
}

export async function blankPagesPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (let i = 0; i < count; i++) doc.addPage([100, 100])
  return doc.save()
}

function grayPng(width: number, height: number): Uint8Array {
  const raw = new Uint8Array((width + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0 // filter: none
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * 8 + y * 4) & 0xff
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit grayscale
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ])
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = concat([new TextEncoder().encode(type), data])
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(typeAndData, 4)
  view.setUint32(8 + data.length, crc32(typeAndData))
  return out
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}
