import { fileURLToPath } from 'node:url'
import { type PdfBudget, PdfReaderPool } from './pdf-pool.ts'
import type { PdfText } from './pdf-text.ts'

/** The subcommand of the compiled binary that runs the PDF reader (main.ts dispatches it). */
export const PDF_EXTRACT_COMMAND = 'pdf-extract'

/**
 * Budget of one PDF. The memory limit is each reader's RLIMIT_DATA: the kernel refuses every private
 * writable mapping past it, so pdf.js's allocation fails ("Out of memory") however the data was
 * compressed. It counts the runtime's own reservations too: Bun starts at about 170 MiB of it.
 */
export const PDF_MEMORY_LIMIT_BYTES = 512 * 1024 * 1024
export const PDF_TIME_LIMIT_MS = 60_000
/** Readers at once; more PDFs wait their turn, so N hostile files cost at most N budgets. */
export const PDF_CHILDREN = 2

export const PDF_BUDGET: PdfBudget = {
  memoryBytes: PDF_MEMORY_LIMIT_BYTES,
  timeMs: PDF_TIME_LIMIT_MS,
  children: PDF_CHILDREN,
  filesPerChild: 500,
  // A reader starts at about 80 MiB resident and stays under 200 after 1,000-page files: past 256
  // it has kept much of earlier files, which is replaced before its leftovers crowd a file out.
  recycleResidentBytes: 256 * 1024 * 1024,
  idleMs: 30_000,
}

/**
 * How to start the reader: from source, Bun on pdf-worker.ts; in a binary from `bun build --compile`
 * (module URLs under /$bunfs/), the binary itself with the pdf-extract subcommand.
 */
export function pdfReaderCommand(): string[] {
  if (import.meta.url.includes('/$bunfs/')) return [process.execPath, PDF_EXTRACT_COMMAND]
  return [process.execPath, fileURLToPath(new URL('./pdf-worker.ts', import.meta.url))]
}

/** A pool of readers with its own budget (the service uses one, with the budget above). */
export const createPdfReaderPool = (budget: PdfBudget): PdfReaderPool => new PdfReaderPool(pdfReaderCommand(), budget)

/** The service's readers; none runs until the first PDF. */
export const pdfReaders = createPdfReaderPool(PDF_BUDGET)

/**
 * Text, title and word count of a PDF, read in a capped reader process; a file past the memory or
 * time budget is refused with PdfTextError naming it, and the server's own memory never holds what
 * the PDF decodes to. Throws PdfTextError.
 */
export const extractPdf = (bytes: Uint8Array, fileName?: string): Promise<PdfText> => pdfReaders.read(bytes, fileName)
