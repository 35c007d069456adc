import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as mupdf from 'mupdf'

/**
 * Real PDFs we did not write, and an independent reader to check our extraction against.
 *
 * The PDFs are the test data that the npm package pdf-parse@1.1.1 ships in its tarball (only the
 * files are used, never its code): papers made by three different producers.
 */
const PDF_PARSE_DATA = join(dirname(fileURLToPath(import.meta.resolve('pdf-parse/package.json'))), 'test', 'data')

export interface ThirdPartyPdf {
  path: string
  /** The file name, as uploaded. */
  name: string
  producer: string
  /** The title we should report: Title metadata when there is some, else the file name less .pdf. */
  title: string
  /** A phrase from its first page. */
  phrase: string
}

/** The TraceMonkey paper (pdfTeX, 14 pages, no Title metadata): the manual-sized file the upload tests use. */
export const TRACEMONKEY_PDF: ThirdPartyPdf = {
  path: join(PDF_PARSE_DATA, '01-valid.pdf'),
  name: 'tracemonkey.pdf',
  producer: 'pdfeTeX-1.21a',
  title: 'tracemonkey',
  phrase: 'identifies frequently executed loop traces at run-time',
}

export const THIRD_PARTY_PDFS: ThirdPartyPdf[] = [
  TRACEMONKEY_PDF,
  {
    path: join(PDF_PARSE_DATA, '02-valid.pdf'),
    name: 'solar-cell.pdf',
    producer: 'Google',
    title: 'solar-cell',
    phrase: 'Performance evaluation of a GaInP/GaAs solar cell structure',
  },
  {
    path: join(PDF_PARSE_DATA, '04-valid.pdf'),
    name: 'nitric-oxide.pdf',
    producer: 'Acrobat Distiller 8.1.0 (Macintosh)',
    // Its Title is a journal's internal id, so the file's name stands in (issue 57, item 7).
    title: 'nitric-oxide',
    phrase: 'Acute effect of speed exercise on nitric oxide',
  },
]

/**
 * The reference reading: MuPDF (the official WASM build from npm), an engine independent of the
 * PDF.js that the app extracts with. Pages are joined by blank lines, as `pdftotext` would.
 */
export function referenceText(bytes: Uint8Array): { pages: number; producer: string | undefined; text: string } {
  const doc = new mupdf.PDFDocument(bytes)
  try {
    const pages: string[] = []
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i)
      pages.push(page.toStructuredText('preserve-whitespace').asText())
      page.destroy()
    }
    return { pages: pages.length, producer: doc.getMetaData('info:Producer'), text: pages.join('\n\n') }
  } finally {
    doc.destroy()
  }
}

/** Whitespace-separated tokens, as `wc -w` counts them. */
export const tokens = (text: string): number => text.split(/\s+/).filter(Boolean).length
