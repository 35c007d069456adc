// The quote PDF, drawn with pdf-lib and its standard fonts (no font files to ship).
// Standard fonts only encode WinAnsi, so every string goes through a sanitizer first;
// every string is also wrapped to its box and the layout flows onto new pages, so no
// input (long names, 2,000-character terms, 200 items) can overflow or crash it.
import { formatMoney } from '../../lib/money'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib'
import type { QuoteLine } from './quote-totals.ts'

export { computeQuoteTotals, type PricingPlan, type QuoteLine, type QuoteTotals } from './quote-totals.ts'

export type QuoteLogo = { bytes: Uint8Array; mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' }

/** A line of the quote as computeQuoteTotals prices it. */
export type QuoteDocumentItem = QuoteLine

export type QuoteDocument = {
  quoteNumber: string
  issuedAt: Date
  /** YYYY-MM-DD, or null when the chatbot sets no validity. */
  validUntil: string | null
  businessName: string
  businessWebsite?: string | null
  contactInformation?: string | null
  addressLocations?: string | null
  logo?: QuoteLogo | null
  client: { name: string; email: string }
  /** A symbol ('€', '$') or a code ('EUR'). */
  currency: string
  items: QuoteDocumentItem[]
  totalExcludingVat: string
  totalIncludingVat: string
  deliveryFees?: string | null
  paymentTerms?: string | null
}

// A4 in points.
const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN = 50
const FOOTER_SPACE = 30
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const LOGO_BOX = { width: 150, height: 60 }
const CELL_PADDING = 4
// A single row never grows past this many lines, so it always fits on a fresh page.
const MAX_ITEM_CELL_LINES = 30

const INK = rgb(0.1, 0.1, 0.12)
const MUTED = rgb(0.4, 0.4, 0.45)
const RULE = rgb(0.82, 0.82, 0.85)
const HEADER_FILL = rgb(0.94, 0.95, 0.97)

// Characters outside WinAnsi with a readable stand-in (currency symbols become ISO codes,
// so '₹' as the currency prints '30.00 INR'); anything else becomes '?'.
const TRANSLITERATIONS: Record<string, string> = {
  '₹': 'INR',
  '₽': 'RUB',
  '₺': 'TRY',
  '₩': 'KRW',
  '₪': 'ILS',
  '₴': 'UAH',
  '₦': 'NGN',
  '₱': 'PHP',
  '₫': 'VND',
  '฿': 'THB',
  '₿': 'BTC',
  '₸': 'KZT',
  '₡': 'CRC',
  '₲': 'PYG',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '→': '->',
  '←': '<-',
  '≤': '<=',
  '≥': '>=',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '≠': '!=',
  '✓': 'v',
  '✔': 'v',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\ufeff': '',
}

/** Make text encodable by a standard font: keep, transliterate, strip accents, or '?'. */
export function makeSanitizer(font: PDFFont): (text: string) => string {
  const encodable = new Set(font.getCharacterSet())
  const canEncode = (s: string) => [...s].every((ch) => encodable.has(ch.codePointAt(0) ?? -1))
  return (text: string) => {
    let out = ''
    for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
      if (ch === '\n' || canEncode(ch)) out += ch
      else if (ch in TRANSLITERATIONS) out += TRANSLITERATIONS[ch]
      else if (/[\u0000-\u001f\u007f-\u009f]/.test(ch)) continue
      else {
        // "ő" -> "o": decompose and drop the combining marks if the base letter fits.
        const base = ch.normalize('NFKD').replace(/\p{M}/gu, '')
        out += base !== '' && canEncode(base) ? base : '?'
      }
    }
    return out
  }
}

/** Greedy word wrap; words wider than the box are broken by characters. */
export function wrapText(text: string, font: PDFFont, size: number, boxWidth: number): string[] {
  // pdf-lib writes no /Widths for standard fonts, so viewers use their own Helvetica
  // metrics, which run up to ~0.5% wider: keep 1% slack.
  const maxWidth = boxWidth * 0.99
  const width = (s: string) => font.widthOfTextAtSize(s, size)
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/ +/).filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`
      if (width(candidate) <= maxWidth) {
        line = candidate
        continue
      }
      if (line !== '') lines.push(line)
      line = ''
      // Break an over-long word into chunks that fit.
      let rest = word
      while (width(rest) > maxWidth) {
        let cut = 1
        while (cut < rest.length && width(rest.slice(0, cut + 1)) <= maxWidth) cut++
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  // Drop blank lines at the ends and collapse runs of them.
  return lines
    .filter((l, i) => l !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim()
    .split('\n')
}

type Fonts = { regular: PDFFont; bold: PDFFont }
type TextStyle = { font: PDFFont; size: number; color?: RGB }

/** A cursor over pages: draws top-down and starts a new page when the next block does not fit. */
class Flow {
  readonly pages: PDFPage[] = []
  page!: PDFPage
  y = 0

  constructor(private readonly doc: PDFDocument) {
    this.addPage()
  }

  addPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    this.pages.push(this.page)
    this.y = PAGE_HEIGHT - MARGIN
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.addPage()
  }

  /** Draw an already wrapped and sanitized line at baseline y - size. */
  line(text: string, x: number, style: TextStyle, lineHeight = style.size * 1.3): void {
    this.ensure(lineHeight)
    if (text !== '') {
      this.page.drawText(text, { x, y: this.y - style.size, size: style.size, font: style.font, color: style.color ?? INK })
    }
    this.y -= lineHeight
  }

  paragraph(lines: string[], x: number, style: TextStyle): void {
    for (const l of lines) this.line(l, x, style)
  }

  gap(points: number): void {
    this.y -= points
  }
}

type Column = { title: string; width: number; align: 'left' | 'right' }

const COLUMNS: Column[] = [
  { title: 'Item', width: 165, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
  { title: 'Unit excl. VAT', width: 72.5, align: 'right' },
  { title: 'Unit incl. VAT', width: 72.5, align: 'right' },
  { title: 'Total excl. VAT', width: 72.5, align: 'right' },
  { title: 'Total incl. VAT', width: 72.5, align: 'right' },
]

type Cell = { lines: { text: string; style: TextStyle }[] }

function cellLines(text: string, style: TextStyle, width: number): Cell['lines'] {
  return wrapText(text, style.font, style.size, width - 2 * CELL_PADDING).map((t) => ({ text: t, style }))
}

function rowHeight(cells: Cell[]): number {
  const heights = cells.map((c) => c.lines.reduce((h, l) => h + l.style.size * 1.3, 0))
  return Math.max(...heights) + 2 * CELL_PADDING
}

/** Draw one table row at the cursor (the caller made room), cell by cell, left to right. */
function drawRow(flow: Flow, cells: Cell[], fill?: RGB): void {
  const height = rowHeight(cells)
  const top = flow.y
  if (fill) flow.page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: fill })
  let x = MARGIN
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!
    let y = top - CELL_PADDING
    for (const { text, style } of cell.lines) {
      const textWidth = style.font.widthOfTextAtSize(text, style.size)
      const tx = column.align === 'right' ? x + column.width - CELL_PADDING - textWidth : x + CELL_PADDING
      if (text !== '') flow.page.drawText(text, { x: tx, y: y - style.size, size: style.size, font: style.font, color: style.color ?? INK })
      y -= style.size * 1.3
    }
    x += column.width
  })
  flow.y = top - height
  flow.page.drawLine({ start: { x: MARGIN, y: flow.y }, end: { x: MARGIN + CONTENT_WIDTH, y: flow.y }, thickness: 0.5, color: RULE })
}

async function embedLogo(doc: PDFDocument, logo: QuoteLogo | null | undefined): Promise<PDFImage | null> {
  if (!logo) return null
  try {
    if (logo.mime === 'image/png') return await doc.embedPng(logo.bytes)
    if (logo.mime === 'image/jpeg') return await doc.embedJpg(logo.bytes)
  } catch {
    // A logo pdf-lib cannot read must not cost the client their quote.
  }
  return null // GIF and WebP: pdf-lib cannot embed them; the quote goes out without a logo.
}

export async function renderQuotePdf(q: QuoteDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  // Both fonts share the WinAnsi character set.
  const clean = makeSanitizer(fonts.regular)
  const currency = clean(q.currency)
  const money = (amount: string) => clean(formatMoney(amount, currency))
  const issued = q.issuedAt.toISOString().slice(0, 10)

  doc.setTitle(`Quote ${q.quoteNumber}`)
  doc.setSubject(`Quote for ${q.client.name}`)
  doc.setAuthor(q.businessName)
  doc.setCreator(q.businessName)
  doc.setProducer('pdf-lib')
  doc.setCreationDate(q.issuedAt)
  doc.setModificationDate(q.issuedAt)

  const body: TextStyle = { font: fonts.regular, size: 10 }
  const small: TextStyle = { font: fonts.regular, size: 9, color: MUTED }
  const heading: TextStyle = { font: fonts.bold, size: 11 }
  const flow = new Flow(doc)

  // Header: business block on the left, logo in the top-right corner of page 1.
  const logo = await embedLogo(doc, q.logo)
  const headerWidth = logo ? CONTENT_WIDTH - LOGO_BOX.width - 20 : CONTENT_WIDTH
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height)
    const width = logo.width * scale
    const height = logo.height * scale
    flow.page.drawImage(logo, { x: PAGE_WIDTH - MARGIN - width, y: flow.y - height, width, height })
  }
  const headerTop = flow.y
  const nameStyle: TextStyle = { font: fonts.bold, size: 18 }
  flow.paragraph(wrapText(clean(q.businessName), nameStyle.font, nameStyle.size, headerWidth), MARGIN, nameStyle)
  for (const detail of [q.businessWebsite, q.contactInformation, q.addressLocations]) {
    if (detail?.trim()) flow.paragraph(wrapText(clean(detail.trim()), small.font, small.size, headerWidth), MARGIN, small)
  }
  if (logo && flow.pages.length === 1) flow.y = Math.min(flow.y, headerTop - LOGO_BOX.height)
  flow.gap(20)

  // Title and reference data.
  flow.line('Quote', MARGIN, { font: fonts.bold, size: 22 }, 30)
  const facts: [string, string][] = [['Quote number', q.quoteNumber], ['Issued', issued], ...(q.validUntil ? [['Valid until', q.validUntil] as [string, string]] : [])]
  for (const [label, value] of facts) {
    flow.paragraph(wrapText(clean(`${label}: ${value}`), body.font, body.size, CONTENT_WIDTH), MARGIN, body)
  }
  flow.gap(12)
  flow.line('Prepared for', MARGIN, heading)
  flow.paragraph(wrapText(clean(q.client.name), body.font, body.size, CONTENT_WIDTH), MARGIN, body)
  flow.paragraph(wrapText(clean(q.client.email), body.font, body.size, CONTENT_WIDTH), MARGIN, body)
  flow.gap(16)

  // Items table; its header repeats at the top of every page the table reaches.
  const headerCells: Cell[] = COLUMNS.map((c) => ({ lines: cellLines(c.title, { font: fonts.bold, size: 8 }, c.width) }))
  const drawTableHeader = () => drawRow(flow, headerCells, HEADER_FILL)
  flow.ensure(rowHeight(headerCells) + 40)
  drawTableHeader()
  const itemNameStyle: TextStyle = { font: fonts.bold, size: 9 }
  const descriptionStyle: TextStyle = { font: fonts.regular, size: 8, color: MUTED }
  const numberStyle: TextStyle = { font: fonts.regular, size: 9 }
  for (const item of q.items) {
    const itemLines = [
      ...cellLines(clean(item.name), itemNameStyle, COLUMNS[0]!.width),
      ...(item.description.trim() ? cellLines(clean(item.description), descriptionStyle, COLUMNS[0]!.width) : []),
    ]
    if (itemLines.length > MAX_ITEM_CELL_LINES) {
      itemLines.length = MAX_ITEM_CELL_LINES
      const last = itemLines[MAX_ITEM_CELL_LINES - 1]!
      last.text = last.text.replace(/.{0,3}$/, '...')
    }
    const values = [String(item.quantity), money(item.unitExcludingVat), money(item.unitIncludingVat), money(item.lineExcludingVat), money(item.lineIncludingVat)]
    const cells: Cell[] = [{ lines: itemLines }, ...values.map((v, i) => ({ lines: cellLines(v, numberStyle, COLUMNS[i + 1]!.width) }))]
    if (flow.y - rowHeight(cells) < MARGIN + FOOTER_SPACE) {
      flow.addPage()
      drawTableHeader()
    }
    drawRow(flow, cells)
  }
  flow.gap(12)

  // Totals, right-aligned under the money columns.
  const totals: [string, string, TextStyle][] = [
    ['Total excluding VAT', money(q.totalExcludingVat), { font: fonts.regular, size: 10 }],
    ['Total including VAT', money(q.totalIncludingVat), { font: fonts.bold, size: 11 }],
  ]
  const labelX = MARGIN + CONTENT_WIDTH - 290
  for (const [label, amount, style] of totals) {
    const lines = wrapText(amount, style.font, style.size, 150)
    flow.ensure(lines.length * style.size * 1.4)
    const top = flow.y
    flow.page.drawText(label, { x: labelX, y: top - style.size, size: style.size, font: style.font, color: INK })
    lines.forEach((l, i) => {
      const w = style.font.widthOfTextAtSize(l, style.size)
      flow.page.drawText(l, { x: MARGIN + CONTENT_WIDTH - CELL_PADDING - w, y: top - style.size - i * style.size * 1.4, size: style.size, font: style.font, color: INK })
    })
    flow.y = top - lines.length * style.size * 1.4
  }
  flow.gap(16)

  // Terms sections: a heading kept with at least its first line.
  const sections: [string, string | null | undefined][] = [
    ['Delivery fees', q.deliveryFees],
    ['Payment terms', q.paymentTerms],
    ['Validity', q.validUntil ? `This quote is valid until ${q.validUntil}.` : null],
  ]
  for (const [title, text] of sections) {
    if (!text?.trim()) continue
    flow.ensure(heading.size * 1.3 + body.size * 1.3)
    flow.line(title, MARGIN, heading)
    flow.paragraph(wrapText(clean(text.trim()), body.font, body.size, CONTENT_WIDTH), MARGIN, body)
    flow.gap(10)
  }

  // Footer last, once the page count is known.
  const footerText = (i: number) => clean(`Quote ${q.quoteNumber} - page ${i + 1} of ${flow.pages.length}`)
  flow.pages.forEach((page, i) => {
    const text = footerText(i)
    const size = 8
    const lines = wrapText(text, fonts.regular, size, CONTENT_WIDTH)
    page.drawText(lines[0] ?? '', { x: MARGIN, y: MARGIN - 10, size, font: fonts.regular, color: MUTED })
  })

  return doc.save()
}
