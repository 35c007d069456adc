import { isTooLarge, MiB } from '../../http/body-limits'
import { BODY_TOO_LARGE, badRequest, tooLarge } from '../../http/errors'
import { formParts, MalformedForm, withBodyBudget } from '../../http/multipart-stream'
import { MAX_DOCUMENTS_PER_REQUEST } from './model'
import { looksLikePdf } from './pdf-text'
import { documentsTooLarge, documentTooLarge, NO_DOCUMENTS, NOT_MULTIPART, ONLY_PDF, tooManyDocuments } from './texts'

export const MAX_DOCUMENT_BYTES = 20 * MiB
export const MAX_DOCUMENTS_BYTES = 50 * MiB
const MAX_NAME_CHARS = 200

export interface UploadedPdf {
  /** The client's file name, cleaned for messages and titles; never used for paths. */
  name: string
  bytes: Uint8Array
}

/**
 * Every file part of a multipart request, checked against the contract's limits and the %PDF-
 * signature. Each part is streamed and cut off at its limit (contract 14): an oversized file is
 * refused as it arrives, not after the whole body is in memory.
 */
export async function readPdfUploads(request: Request): Promise<UploadedPdf[]> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) throw badRequest(NOT_MULTIPART, undefined, 'documents')
  const uploads = await withBodyBudget(async (budget) => {
    const files: UploadedPdf[] = []
    let total = 0
    try {
      // Text parts are not documents.
      for await (const part of formParts(request, budget)) {
        if (part.kind !== 'file') continue
        if (files.length === MAX_DOCUMENTS_PER_REQUEST) throw badRequest(tooManyDocuments(MAX_DOCUMENTS_PER_REQUEST), undefined, 'documents')
        const name = cleanName(part.filename)
        // A chunked body is only known as it streams: the request's total is checked here too.
        const left = MAX_DOCUMENTS_BYTES - total
        const bytes = await part.read(Math.min(MAX_DOCUMENT_BYTES, left), () =>
          left < MAX_DOCUMENT_BYTES
            ? tooLarge(documentsTooLarge(MAX_DOCUMENTS_BYTES / MiB), 'documents')
            : tooLarge(documentTooLarge(name || 'documents', MAX_DOCUMENT_BYTES / MiB), 'documents'),
        )
        total += bytes.byteLength
        files.push({ name, bytes })
      }
    } catch (error) {
      // A streamed body stops at the request limit (body-limits.ts) and says so with a 413.
      if (isTooLarge(error) && error.message === BODY_TOO_LARGE) throw tooLarge(documentsTooLarge(MAX_DOCUMENTS_BYTES / MiB), 'documents')
      if (error instanceof MalformedForm) throw badRequest(NOT_MULTIPART, undefined, 'documents')
      throw error
    }
    return files
  })
  if (uploads.length === 0) throw badRequest(NO_DOCUMENTS, undefined, 'documents')
  for (const { name, bytes } of uploads) {
    if (!looksLikePdf(bytes)) throw badRequest(ONLY_PDF, `${name ? `"${name}"` : 'A file'} does not start with %PDF-`, 'documents')
  }
  return uploads
}

/** Last path segment, no control characters, bounded: it appears in messages and titles. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  return base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, MAX_NAME_CHARS)
}
