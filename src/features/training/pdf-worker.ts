// The PDF reader's own process (started and fed by pdf-pool.ts): pdf.js decodes every filter chain
// itself, so the only real bound on what a hostile PDF makes it allocate is the process's memory
// limit, which the parent sets before this starts. It reads many files, one at a time, until its
// stdin ends (a server that dies closes it: the reader ends after the file it holds, if any).
// Run as `bun pdf-worker.ts`, or as `chatbot-service pdf-extract` from the compiled binary.
import { getResolvedPDFJS } from 'unpdf'
import { FrameReader, jsonFrame, parseJson } from './pdf-frames.ts'
import { extractPdfText, labelOf, PdfTextError, type PdfText, type PdfTextFailure } from './pdf-text.ts'

/**
 * Protocol, all in frames (pdf-frames.ts). The reader first says it is ready (pdf.js loaded); then,
 * per file, the server sends a JSON frame `{ fileName }` and a frame of the PDF's bytes, and the
 * reader answers one JSON frame.
 */
export interface PdfFileRequest {
  fileName: string | null
}

/** What the reader knows of itself, so the server can recycle a reader that grew. */
export interface PdfReaderState {
  pid: number
  /** Files this reader has answered, this one included. */
  filesRead: number
  /** Its resident memory now: what it kept of the files it read grows this. */
  residentBytes: number
}

export type PdfReaderReady = { ready: true } & PdfReaderState

export type PdfOutcome = { ok: true; result: PdfText } | { ok: false; reason: PdfTextFailure; message: string }

export type PdfChildReply = PdfOutcome & PdfReaderState

/** The largest PDF the server may send: far above any upload or link limit. */
export const MAX_REQUEST_FRAME_BYTES = 1024 * 1024 * 1024

async function readOne(bytes: Uint8Array, fileName: string | undefined): Promise<PdfOutcome> {
  try {
    return { ok: true, result: await extractPdfText(bytes, fileName) }
  } catch (error) {
    const failure = error instanceof PdfTextError ? error : new PdfTextError('unreadable', `${labelOf(fileName)} could not be read as a PDF.`)
    return { ok: false, reason: failure.reason, message: failure.message }
  }
}

export async function runPdfChild(): Promise<void> {
  await getResolvedPDFJS() // load pdf.js before saying ready, so no file's time pays for it
  const out = Bun.stdout.writer()
  const send = async (message: PdfReaderReady | PdfChildReply) => {
    out.write(jsonFrame(message))
    await out.flush()
  }
  let filesRead = 0
  const state = (): PdfReaderState => ({ pid: process.pid, filesRead, residentBytes: process.memoryUsage().rss })
  await send({ ready: true, ...state() })

  const frames = new FrameReader(Bun.stdin.stream(), MAX_REQUEST_FRAME_BYTES)
  for (;;) {
    const head = await frames.next()
    const bytes = head && (await frames.next())
    if (!head || !bytes) return // the server closed our stdin: done
    const { fileName } = parseJson(head) as PdfFileRequest
    const reply = await readOne(bytes, fileName ?? undefined)
    filesRead++
    await send({ ...reply, ...state() })
  }
}

if (import.meta.main) await runPdfChild()
