import { fileURLToPath } from 'node:url'
import PQueue from 'p-queue'
import { labelOf, PdfTextError, tooMuchMemory, tooSlow, type PdfText } from './pdf-text.ts'
import { encodePdfChildInput, type PdfChildReply } from './pdf-worker.ts'

/** The subcommand of the compiled binary that runs the PDF reader (main.ts dispatches it). */
export const PDF_EXTRACT_COMMAND = 'pdf-extract'

/**
 * Budget of one PDF. The memory limit is the child's RLIMIT_DATA: the kernel refuses every private
 * writable mapping past it, so pdf.js's allocation fails ("Out of memory") however the data was
 * compressed. It counts the runtime's own reservations too: Bun starts at about 170 MiB of it.
 */
export const PDF_MEMORY_LIMIT_BYTES = 512 * 1024 * 1024
export const PDF_TIME_LIMIT_MS = 60_000
/** Children at once; more PDFs wait their turn, so N hostile files cost at most N budgets. */
export const PDF_CHILDREN = 2

/**
 * How to start the reader: from source, Bun on pdf-worker.ts; in a binary from `bun build --compile`
 * (module URLs under /$bunfs/), the binary itself with the pdf-extract subcommand.
 */
function childCommand(): string[] {
  if (import.meta.url.includes('/$bunfs/')) return [process.execPath, PDF_EXTRACT_COMMAND]
  return [process.execPath, fileURLToPath(new URL('./pdf-worker.ts', import.meta.url))]
}

/** `sh` sets the limit and execs the reader, so the limit holds from its first instruction. */
const limited = (command: string[], limitBytes: number): string[] => ['/bin/sh', '-c', 'ulimit -d "$0" && exec "$@"', String(Math.floor(limitBytes / 1024)), ...command]

async function extractInChild(bytes: Uint8Array, fileName: string | undefined, limits: { memoryBytes: number; timeMs: number }): Promise<PdfText> {
  const label = labelOf(fileName)
  const child = Bun.spawn(limited(childCommand(), limits.memoryBytes), {
    stdin: encodePdfChildInput(bytes, fileName),
    stdout: 'pipe',
    stderr: 'ignore',
    // Nothing of the server's environment (database URL, keys) reaches the reader.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, limits.timeMs)
  try {
    const [output, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited])
    if (timedOut) throw tooSlow(label)
    const reply = exitCode === 0 ? parseReply(output) : null
    // No answer: the reader was killed, most often by an allocation past its limit in native code.
    if (!reply) throw tooMuchMemory(label)
    if (reply.ok) return reply.result
    throw new PdfTextError(reply.reason, reply.message)
  } finally {
    clearTimeout(timer)
  }
}

function parseReply(output: string): PdfChildReply | null {
  try {
    return JSON.parse(output) as PdfChildReply
  } catch {
    return null
  }
}

export interface PdfBudget {
  memoryBytes: number
  timeMs: number
  /** Readers running at once. */
  children: number
}

/** An extractor with its own budget and queue (the service uses one, with the defaults above). */
export function createPdfExtractor(budget: PdfBudget): (bytes: Uint8Array, fileName?: string) => Promise<PdfText> {
  const queue = new PQueue({ concurrency: budget.children })
  return (bytes, fileName) => queue.add(() => extractInChild(bytes, fileName, budget))
}

/**
 * Text, title and word count of a PDF, read in a child process whose memory and time are capped;
 * a file past either is refused with PdfTextError naming it, and the server's own memory never
 * holds what the PDF decodes to. Throws PdfTextError.
 */
export const extractPdf = createPdfExtractor({ memoryBytes: PDF_MEMORY_LIMIT_BYTES, timeMs: PDF_TIME_LIMIT_MS, children: PDF_CHILDREN })
