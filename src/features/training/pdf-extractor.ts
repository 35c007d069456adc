import { extractPdfText, PdfTextError, type PdfText, type PdfTextFailure } from './pdf-text.ts'

export interface PdfWorkerRequest {
  id: number
  bytes: Uint8Array
  fileName?: string
}

export type PdfWorkerReply =
  | { id: number; ok: true; result: PdfText }
  | { id: number; ok: false; reason: PdfTextFailure; message: string }

interface Pending {
  request: PdfWorkerRequest
  resolve(text: PdfText): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
  /** Workers this request has been sent to; a file that kills the worker twice is refused. */
  sends: number
}

/** A document that keeps pdf.js busy this long is refused rather than holding the worker. */
export const EXTRACTION_TIMEOUT_MS = 60_000

/**
 * Runs extractPdfText on a Bun Worker: pdf.js is synchronous CPU work (about 85 ms for a 26-page
 * manual) that would otherwise stall every request. One worker, started on first use and unref'd
 * so it never keeps the process alive. Where the worker cannot start (a compiled binary built
 * without the worker as an extra entrypoint) extraction runs in this thread, yielding between files.
 */
class PdfExtractor {
  private worker: Worker | null = null
  private ready = false
  private unavailable = false
  private nextId = 1
  private pending = new Map<number, Pending>()

  async extract(bytes: Uint8Array, fileName?: string): Promise<PdfText> {
    if (this.unavailable) return extractInThread(bytes, fileName)
    const request: PdfWorkerRequest = { id: this.nextId++, bytes, fileName }
    return new Promise<PdfText>((resolve, reject) => {
      const timer = setTimeout(() => this.timedOut(request.id), EXTRACTION_TIMEOUT_MS)
      this.pending.set(request.id, { request, resolve, reject, timer, sends: 0 })
      this.send(request)
    })
  }

  private send(request: PdfWorkerRequest): void {
    const pending = this.pending.get(request.id)
    if (pending && ++pending.sends > 2) {
      this.pending.delete(request.id)
      clearTimeout(pending.timer)
      pending.reject(new PdfTextError('unreadable', `${labelOf(request.fileName)} could not be read as a PDF.`))
      return
    }
    const worker = this.worker ?? this.start()
    // Until the worker says it is ready the message waits in its port; a worker that fails to load
    // hands every pending request back to this thread (see onFailure).
    worker.postMessage(request)
  }

  private start(): Worker {
    // Bun's Worker has unref(); the DOM typings in use do not know it.
    const worker = new Worker(workerUrl()) as Worker & { unref(): void }
    worker.unref()
    worker.addEventListener('message', (event: MessageEvent<PdfWorkerReply | { ready: true }>) => {
      if ('ready' in event.data) {
        this.ready = true
        return
      }
      this.settle(event.data)
    })
    worker.addEventListener('error', () => this.onFailure(worker))
    worker.addEventListener('close', () => this.onFailure(worker))
    this.worker = worker
    this.ready = false
    return worker
  }

  private settle(reply: PdfWorkerReply): void {
    const pending = this.pending.get(reply.id)
    if (!pending) return
    this.pending.delete(reply.id)
    clearTimeout(pending.timer)
    if (reply.ok) pending.resolve(reply.result)
    else pending.reject(new PdfTextError(reply.reason, reply.message))
  }

  /** A worker that never became ready cannot load here: stop trying. One that died later is replaced. */
  private onFailure(worker: Worker): void {
    if (this.worker !== worker) return
    this.worker = null
    if (!this.ready) this.unavailable = true
    for (const pending of [...this.pending.values()]) {
      if (this.unavailable) {
        this.pending.delete(pending.request.id)
        clearTimeout(pending.timer)
        extractInThread(pending.request.bytes, pending.request.fileName).then(pending.resolve, pending.reject)
      } else {
        this.send(pending.request)
      }
    }
  }

  private timedOut(id: number): void {
    const pending = this.pending.get(id)
    if (!pending) return
    this.pending.delete(id)
    pending.reject(new PdfTextError('unreadable', `${labelOf(pending.request.fileName)} took too long to read.`))
    // pdf.js cannot be interrupted inside the worker: replace the worker, and resend the others.
    const stuck = this.worker
    this.worker = null
    stuck?.terminate()
    for (const other of this.pending.values()) this.send(other.request)
  }
}

/**
 * From source, the worker sits beside this file. In a binary from `bun build --compile src/main.ts
 * src/features/training/pdf-worker.ts` every module's URL is the binary's, and the worker entrypoint
 * lives at its path under src/.
 */
function workerUrl(): string {
  const compiled = import.meta.url.includes('/$bunfs/')
  return new URL(compiled ? './features/training/pdf-worker.ts' : './pdf-worker.ts', import.meta.url).href
}

/** The same label pdf-text.ts puts in its messages. */
const labelOf = (fileName?: string) => (fileName ? `"${fileName}"` : 'The document')

async function extractInThread(bytes: Uint8Array, fileName?: string): Promise<PdfText> {
  // Let waiting requests run before this file's synchronous stretch.
  await new Promise((resolve) => setImmediate(resolve))
  return extractPdfText(bytes, fileName)
}

const shared = new PdfExtractor()

/** Text, title and word count of a PDF, off the request thread where possible. Throws PdfTextError. */
export const extractPdf = (bytes: Uint8Array, fileName?: string): Promise<PdfText> => shared.extract(bytes, fileName)
