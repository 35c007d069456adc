// The PDF reader's own process (protocol in pdf-extractor.ts): pdf.js decodes every filter chain
// itself, so the only real bound on what a hostile PDF makes it allocate is the process's memory
// limit, which the parent sets before this starts. Run as `bun pdf-worker.ts`, or as
// `chatbot-service pdf-extract` from the compiled binary.
import { extractPdfText, labelOf, PdfTextError, type PdfText, type PdfTextFailure } from './pdf-text.ts'

/** What the child writes to stdout, one JSON document. */
export type PdfChildReply = { ok: true; result: PdfText } | { ok: false; reason: PdfTextFailure; message: string }

/** stdin: one JSON line `{ fileName }`, then the PDF's bytes. */
export function encodePdfChildInput(bytes: Uint8Array, fileName?: string): Uint8Array {
  const head = new TextEncoder().encode(`${JSON.stringify({ fileName: fileName ?? null })}\n`)
  const input = new Uint8Array(head.length + bytes.length)
  input.set(head)
  input.set(bytes, head.length)
  return input
}

function decodeInput(input: Uint8Array): { fileName?: string; bytes: Uint8Array } {
  const newline = input.indexOf(0x0a)
  const head = JSON.parse(new TextDecoder().decode(input.subarray(0, newline))) as { fileName: string | null }
  return { fileName: head.fileName ?? undefined, bytes: input.subarray(newline + 1) }
}

export async function runPdfChild(): Promise<void> {
  const { fileName, bytes } = decodeInput(new Uint8Array(await Bun.stdin.arrayBuffer()))
  let reply: PdfChildReply
  try {
    reply = { ok: true, result: await extractPdfText(bytes, fileName) }
  } catch (error) {
    const failure = error instanceof PdfTextError ? error : new PdfTextError('unreadable', `${labelOf(fileName)} could not be read as a PDF.`)
    reply = { ok: false, reason: failure.reason, message: failure.message }
  }
  await Bun.write(Bun.stdout, JSON.stringify(reply))
}

if (import.meta.main) await runPdfChild()
