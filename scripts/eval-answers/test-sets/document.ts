// The held-out sets' documents are written here as sections of prose and lists, then typeset
// into a PDF with pdf-lib (headings, running footer with page numbers) or an HTML page.
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib'

export type Block = string | { list: string[] }

export interface Section {
  heading: string
  /** 1 = chapter, 2 = section under it. */
  level?: 1 | 2
  blocks: Block[]
}

export interface WrittenDocument {
  title: string
  subtitle: string
  sections: Section[]
}

const PAGE = { width: 595, height: 842, margin: 64 }

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

/** Typesets a written document as an A4 PDF: title page lines, numbered headings, body at 10.5 pt, a footer on each page. */
export async function toPdf(doc: WrittenDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(doc.title)
  pdf.setAuthor('Eval test sets')
  const body = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const textWidth = PAGE.width - 2 * PAGE.margin
  let page = pdf.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height])
    y = PAGE.height - PAGE.margin
  }
  const draw = (text: string, font: PDFFont, size: number, indent = 0, gapAfter = 0) => {
    for (const line of wrap(text, font, size, textWidth - indent)) {
      if (y < PAGE.margin + size) newPage()
      page.drawText(line, { x: PAGE.margin + indent, y, size, font, color: rgb(0.1, 0.1, 0.1) })
      y -= size * 1.45
    }
    y -= gapAfter
  }
  draw(doc.title, bold, 22, 0, 6)
  draw(doc.subtitle, body, 12, 0, 24)
  let chapter = 0
  let section = 0
  for (const s of doc.sections) {
    const level = s.level ?? 1
    if (level === 1) {
      chapter++
      section = 0
    } else section++
    if (y < PAGE.margin + 90) newPage()
    y -= level === 1 ? 10 : 4
    draw(level === 1 ? `${chapter} ${s.heading}` : `${chapter}.${section} ${s.heading}`, bold, level === 1 ? 15 : 12, 0, 4)
    for (const block of s.blocks) {
      if (typeof block === 'string') draw(block, body, 10.5, 0, 6)
      else {
        for (const item of block.list) draw(`•  ${item}`, body, 10.5, 12, 2)
        y -= 4
      }
    }
  }
  const pages = pdf.getPages()
  pages.forEach((p, i) => {
    p.drawText(`${doc.title}  ·  page ${i + 1} of ${pages.length}`, { x: PAGE.margin, y: 32, size: 8, font: body, color: rgb(0.4, 0.4, 0.4) })
  })
  return pdf.save()
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** An HTML page of the same document: a site header and footer around it, as a support site serves it. */
export function toHtml(doc: WrittenDocument, site: string): string {
  const parts = doc.sections.map((s) => {
    const tag = (s.level ?? 1) === 1 ? 'h2' : 'h3'
    const blocks = s.blocks.map((b) => (typeof b === 'string' ? `<p>${escapeHtml(b)}</p>` : `<ul>${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`))
    return `<section><${tag}>${escapeHtml(s.heading)}</${tag}>\n${blocks.join('\n')}</section>`
  })
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title></head><body>
<header><nav><a href="/">${escapeHtml(site)}</a> · <a href="/products">Products</a> · <a href="/support">Support</a> · <a href="/contact">Contact</a></nav></header>
<main><h1>${escapeHtml(doc.title)}</h1><p>${escapeHtml(doc.subtitle)}</p>
${parts.join('\n')}
</main>
<footer><p>© 2026 ${escapeHtml(site)}. All rights reserved.</p></footer></body></html>`
}
