import { getDocumentProxy, getMeta } from 'unpdf'
import { countWords } from '../../lib/words.ts'

export type PdfTextFailure =
  | 'not_pdf'
  | 'encrypted'
  | 'unreadable'
  | 'no_text'
  | 'too_many_pages'
  | 'too_much_text'
  /** The reader ran out of the memory one PDF may use (a decompression bomb, a pathological file). */
  | 'too_much_memory'
  /** The reader ran past the time one PDF may take. */
  | 'too_slow'

/** Why a PDF gave no usable text; `message` is one human sentence naming the file. */
export class PdfTextError extends Error {
  override readonly name = 'PdfTextError'
  constructor(
    readonly reason: PdfTextFailure,
    message: string,
  ) {
    super(message)
  }
}

export interface PdfText {
  /** The document's Title metadata, else the file name without `.pdf`, else null. */
  title: string | null
  text: string
  pages: number
  wordCount: number
}

export interface PdfLimits {
  /** A page tree can claim millions of tiny pages; refuse before walking them. */
  maxPages?: number
  /** Bound on extracted text (UTF-16 code units), so a small compressed PDF cannot expand without limit. */
  maxTextChars?: number
}

export const DEFAULT_MAX_PAGES = 2_000
export const DEFAULT_MAX_TEXT_CHARS = 5_000_000

const PDF_MAGIC = '%PDF-'

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_MAGIC.length) return false
  for (let i = 0; i < PDF_MAGIC.length; i++) {
    if (bytes[i] !== PDF_MAGIC.charCodeAt(i)) return false
  }
  return true
}

export async function extractPdfText(bytes: Uint8Array, fileName?: string, limits: PdfLimits = {}): Promise<PdfText> {
  const maxPages = limits.maxPages ?? DEFAULT_MAX_PAGES
  const maxTextChars = limits.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS
  const label = labelOf(fileName)

  if (!looksLikePdf(bytes)) {
    throw new PdfTextError('not_pdf', `${label} is not a PDF.`)
  }

  const pdf = await openDocument(bytes, label)
  try {
    const pages = pdf.numPages
    if (pages > maxPages) {
      throw new PdfTextError('too_many_pages', `${label} has ${pages} pages; at most ${maxPages} are accepted.`)
    }
    const text = await readAllPages(pdf, label, maxTextChars)
    const wordCount = countWords(text)
    if (wordCount === 0) {
      throw new PdfTextError('no_text', `${label} has no extractable text (is it a scan?).`)
    }
    const title = chooseTitle(await readTitle(pdf), titleFromFileName(fileName))
    return { title, text, pages, wordCount }
  } catch (error) {
    throw asPdfTextError(error, label)
  } finally {
    await pdf.destroy().catch(() => {})
  }
}

async function openDocument(bytes: Uint8Array, label: string): Promise<PdfDocument> {
  try {
    // pdf.js may detach the buffer it is given and refuses a Node Buffer: hand it a plain copy.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false })
  } catch (error) {
    throw asPdfTextError(error, label)
  }
}

export const labelOf = (fileName?: string): string => (fileName ? `"${fileName}"` : 'The document')

export const tooMuchMemory = (label: string) => new PdfTextError('too_much_memory', `${label} needs more memory to read than one PDF may use.`)

export const tooSlow = (label: string) => new PdfTextError('too_slow', `${label} took too long to read.`)

function asPdfTextError(error: unknown, label: string): PdfTextError {
  if (error instanceof PdfTextError) return error
  if (error instanceof Error && error.name === 'PasswordException') {
    return new PdfTextError('encrypted', `${label} is password-protected.`)
  }
  // The allocation that hit the process's memory limit fails with this message; pdf.js passes it on.
  if (error instanceof Error && /out of memory/i.test(error.message)) return tooMuchMemory(label)
  return new PdfTextError('unreadable', `${label} could not be read as a PDF.`)
}

/** Pages one at a time, so the text bound stops the work early instead of after the fact. */
async function readAllPages(pdf: PdfDocument, label: string, maxTextChars: number): Promise<string> {
  const pageTexts: string[] = []
  let total = 0
  for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
    const page = await pdf.getPage(pageNumber)
    const content = await page.getTextContent()
    let pageText = ''
    for (const item of content.items) {
      if ('str' in item) pageText += item.str + (item.hasEOL ? '\n' : '')
    }
    page.cleanup()
    total += pageText.length
    if (total > maxTextChars) {
      throw new PdfTextError('too_much_text', `${label} holds more text than the ${formatChars(maxTextChars)} accepted from one document.`)
    }
    pageTexts.push(normalizeWhitespace(pageText))
  }
  // A form feed between pages, empty ones kept: an empty line inside a page never reads as a page
  // break, and each page keeps its position (text-cleanup.ts reads printed page numbers by it).
  return pageTexts.join('\f')
}

/** Lines trimmed, runs of blanks made one space, at most one empty line in a row. */
export function normalizeWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u00ad\ufeff]/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

async function readTitle(pdf: PdfDocument): Promise<string | null> {
  try {
    const { info } = await getMeta(pdf)
    const title: unknown = info?.Title
    if (typeof title !== 'string') return null
    const cleaned = normalizeWhitespace(title).replace(/\n+/g, ' ')
    return cleaned === '' ? null : cleaned
  } catch {
    return null // a broken Info dictionary is no reason to refuse the text
  }
}

/**
 * The Title metadata, unless it reads as an internal id (a scanner's or export tool's
 * "20231104_0001", "DOC-88231"): then the file name, which a person chose, when there is one.
 */
export function chooseTitle(metadata: string | null, fromFileName: string | null): string | null {
  if (metadata === null) return fromFileName
  return looksLikeInternalId(metadata) && fromFileName !== null ? fromFileName : metadata
}

/** No spaces, or fewer letters than digits and punctuation together. */
export function looksLikeInternalId(title: string): boolean {
  const visible = title.replace(/\s+/g, '')
  const letters = (visible.match(/\p{L}/gu) ?? []).length
  return !/\s/.test(title.trim()) || letters < visible.length - letters
}

function titleFromFileName(fileName: string | undefined): string | null {
  if (!fileName) return null
  const base = fileName.split(/[\\/]/).pop() ?? ''
  const stem = base.replace(/\.pdf$/i, '').trim()
  return stem === '' ? null : stem
}

function formatChars(chars: number): string {
  return chars >= 1_000_000 ? `${chars / 1_000_000} million characters` : `${chars} characters`
}
