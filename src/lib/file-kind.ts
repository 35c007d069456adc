// Recognise uploads by their first bytes, never by file name or declared type:
// both come from the client and cannot be trusted.

export type SniffedMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf'

export type UploadKind = 'image' | 'pdf_document'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff]

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, i) => bytes[offset + i] === byte)
}

function ascii(text: string): number[] {
  return Array.from(text, (ch) => ch.charCodeAt(0))
}

export function sniffUpload(bytes: Uint8Array): SniffedMime | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png'
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  // RIFF container: "RIFF", 4 bytes of size, then the form type "WEBP".
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  // The contract defines a PDF as a file whose bytes start with "%PDF-".
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  return null
}

/** The kind of answer an upload can give to a Data Collection question. */
export function uploadKindOf(mime: SniffedMime): UploadKind {
  return mime === 'application/pdf' ? 'pdf_document' : 'image'
}

export function isImageMime(mime: SniffedMime | null): mime is Exclude<SniffedMime, 'application/pdf'> {
  return mime !== null && mime !== 'application/pdf'
}
