// Worker entry: PDF text extraction (pdf.js, CPU-bound) runs here so the server's event loop keeps
// answering requests. Protocol in pdf-extractor.ts.
import { extractPdfText, PdfTextError } from './pdf-text.ts'
import type { PdfWorkerReply, PdfWorkerRequest } from './pdf-extractor.ts'

declare const self: Worker

self.onmessage = async (event: MessageEvent<PdfWorkerRequest>) => {
  const { id, bytes, fileName } = event.data
  let reply: PdfWorkerReply
  try {
    reply = { id, ok: true, result: await extractPdfText(bytes, fileName) }
  } catch (error) {
    reply =
      error instanceof PdfTextError
        ? { id, ok: false, reason: error.reason, message: error.message }
        : { id, ok: false, reason: 'unreadable', message: `${fileName ? `"${fileName}"` : 'The document'} could not be read as a PDF.` }
  }
  self.postMessage(reply)
}

self.postMessage({ ready: true })
