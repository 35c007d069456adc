import { isTooLarge, MiB } from '../../http/body-limits'
import { badRequest, tooLarge } from '../../http/errors'
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

/** Every file part of a multipart request, checked against the contract's limits and the %PDF- signature. */
export async function readPdfUploads(request: Request): Promise<UploadedPdf[]> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) throw badRequest(NOT_MULTIPART, undefined, 'documents')
  let form: FormData
  try {
    form = await request.formData()
  } catch (error) {
    // A streamed body stops at the request limit (body-limits.ts) and says so with a 413.
    if (isTooLarge(error)) throw tooLarge(documentsTooLarge(MAX_DOCUMENTS_BYTES / MiB), 'documents')
    throw badRequest(NOT_MULTIPART, undefined, 'documents')
  }
  // Text parts are not documents; the DOM typings call every entry a string, Bun gives File for file parts.
  const files = [...form.values()].map((value): unknown => value).filter((value): value is File => value instanceof File)
  if (files.length === 0) throw badRequest(NO_DOCUMENTS, undefined, 'documents')
  if (files.length > MAX_DOCUMENTS_PER_REQUEST) throw badRequest(tooManyDocuments(MAX_DOCUMENTS_PER_REQUEST), undefined, 'documents')

  let total = 0
  for (const file of files) {
    if (file.size > MAX_DOCUMENT_BYTES) throw tooLarge(documentTooLarge(cleanName(file.name) || 'documents', MAX_DOCUMENT_BYTES / MiB), 'documents')
    total += file.size
  }
  // Content-Length is checked before the body is read; a chunked body is only known here.
  if (total > MAX_DOCUMENTS_BYTES) throw tooLarge(documentsTooLarge(MAX_DOCUMENTS_BYTES / MiB), 'documents')

  const uploads: UploadedPdf[] = []
  for (const file of files) {
    const name = cleanName(file.name)
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (!looksLikePdf(bytes)) throw badRequest(ONLY_PDF, `${name ? `"${name}"` : 'A file'} does not start with %PDF-`, 'documents')
    uploads.push({ name, bytes })
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
