import { countWords } from '../../lib/words'
import { extractHtmlText } from './html-text'
import { extractPdf } from './pdf-extractor'
import { looksLikePdf, normalizeWhitespace, PdfTextError } from './pdf-text'
import { SafeFetchError, safeFetch } from './safe-fetch'
import { cleanedText, type ExtractedText } from './stored-text'
import { LINK_NO_TEXT, unsupportedContent } from './texts'

export interface ScrapedPage {
  /** Page title, else PDF title, else the address itself. */
  title: string
  /** The cleaned text the passages are cut from. */
  text: string
  wordCount: number
  /** What the reader gave, kept in the file store for re-indexing. */
  extracted: ExtractedText
}

/** The page was fetched but holds nothing we can train on. */
export class UnusableContent extends Error {
  override readonly name = 'UnusableContent'
}

/** Why a link could not be read, as the owner is told; null for a surprise (a bug, the database), which is retried. */
export function scrapeFailure(error: unknown): string | null {
  if (error instanceof SafeFetchError) return error.reason
  return error instanceof PdfTextError || error instanceof UnusableContent ? error.message : null
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])

/**
 * Fetches a link through the SSRF guard and turns it into text. Throws SafeFetchError (fetch),
 * PdfTextError (a PDF we cannot read) or UnusableContent.
 */
export async function scrapeLink(url: string, opts: { allowPrivate: boolean }): Promise<ScrapedPage> {
  const response = await safeFetch(url, { allowPrivate: opts.allowPrivate })
  const mime = response.contentType.split(';')[0].trim().toLowerCase()
  let title: string | null
  let extracted: ExtractedText
  if (looksLikePdf(response.body) || mime === 'application/pdf') {
    const pdf = await extractPdf(response.body, pdfNameOf(response.finalUrl))
    title = pdf.title
    extracted = { reader: 'pdf', text: pdf.text }
  } else if (HTML_TYPES.has(mime) || (mime === '' && looksLikeHtml(response.body))) {
    const html = extractHtmlText(decode(response.body, response.contentType))
    title = html.title
    extracted = { reader: 'html', text: html.text }
  } else if (mime === 'text/plain') {
    title = null
    extracted = { reader: 'plain', text: normalizeWhitespace(decode(response.body, response.contentType)) }
  } else {
    throw new UnusableContent(unsupportedContent(mime))
  }
  const text = cleanedText(extracted)
  const wordCount = countWords(text)
  if (wordCount === 0) throw new UnusableContent(LINK_NO_TEXT)
  return { title: title ?? url, text, wordCount, extracted }
}

/** The last path segment, so a PDF without Title metadata is named as its file is. */
function pdfNameOf(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop()
    return segment ? decodeURIComponent(segment) : undefined
  } catch {
    return undefined
  }
}

function looksLikeHtml(body: Uint8Array): boolean {
  const head = new TextDecoder().decode(body.subarray(0, 512)).trimStart().toLowerCase()
  return head.startsWith('<!doctype html') || head.startsWith('<html')
}

/** Charset from the header, else from a <meta charset> near the top, else UTF-8. */
function decode(body: Uint8Array, contentType: string): string {
  const declared =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(new TextDecoder('latin1').decode(body.subarray(0, 1024)))?.[1]
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}
