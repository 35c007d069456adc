import { badRequest, invalid, tooLarge } from '../../http/errors'
import { MiB } from '../../http/body-limits'
import { isImageMime, sniffUpload } from '../../lib/file-kind'
import { LOGO_NOT_IMAGE, LOGO_TOO_LARGE } from './texts'

const LIST_FIELDS = ['pricing_plans', 'calendar_data', 'data_collection']
const INTEGER_FIELDS = ['user_allowance']
export const MAX_LOGO_BYTES = 2 * MiB

export interface LogoFile {
  bytes: Uint8Array
  mime: string
}

/**
 * Brings a multipart body to the shape of the JSON one: list fields arrive as JSON text parts and
 * integers as digit strings. The logo is taken out and returned on its own.
 */
export async function readCreationBody(body: unknown, multipart: boolean): Promise<{ fields: Record<string, unknown>; logo: LogoFile | null }> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('body', 'must be a JSON object')
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) }
  let logo: LogoFile | null = null
  const rawLogo = fields.business_logo
  if (rawLogo instanceof Blob) {
    logo = await checkLogo(new Uint8Array(await rawLogo.arrayBuffer()))
    fields.business_logo = 'file'
  } else if (typeof rawLogo === 'string' && rawLogo !== '') {
    logo = await checkLogo(decodeDataUrl(rawLogo))
  } else if (rawLogo !== undefined && rawLogo !== null && rawLogo !== '') {
    throw badRequest(LOGO_NOT_IMAGE, undefined, 'business_logo')
  } else {
    delete fields.business_logo
  }
  if (multipart) {
    for (const key of LIST_FIELDS) {
      if (typeof fields[key] !== 'string') continue
      try {
        fields[key] = JSON.parse(fields[key] as string)
      } catch {
        throw invalid(key, 'must be a JSON list')
      }
    }
    for (const key of INTEGER_FIELDS) {
      const value = fields[key]
      if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) fields[key] = Number(value)
    }
    for (const [key, value] of Object.entries(fields)) {
      if (value instanceof Blob) throw invalid(key, 'must be text, not a file')
    }
  }
  return { fields, logo }
}

function decodeDataUrl(value: string): Uint8Array {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(value.trim())
  if (!match || !match[2]) throw badRequest(`${LOGO_NOT_IMAGE} (send a file part, or a data:image/...;base64, URL in JSON)`, undefined, 'business_logo')
  if (match[3].length > Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 4) throw tooLarge(LOGO_TOO_LARGE, 'business_logo')
  return new Uint8Array(Buffer.from(match[3], 'base64'))
}

/** Judged by content, never by name or declared type: an SVG or HTML file named .png is refused. */
async function checkLogo(bytes: Uint8Array): Promise<LogoFile> {
  if (bytes.byteLength > MAX_LOGO_BYTES) throw tooLarge(LOGO_TOO_LARGE, 'business_logo')
  const mime = sniffUpload(bytes)
  if (!isImageMime(mime)) throw badRequest(LOGO_NOT_IMAGE, undefined, 'business_logo')
  return { bytes, mime }
}

const creationLogos = new WeakMap<Request, LogoFile | null>()

/** The logo a creation request carried, taken out of its body by the route's transform. */
export const rememberCreationLogo = (request: Request, logo: LogoFile | null): void => void creationLogos.set(request, logo)
export const creationLogo = (request: Request): LogoFile | null => creationLogos.get(request) ?? null
