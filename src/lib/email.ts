/** Pragmatic address check: one @, no spaces, a dotted domain; the mail server is the final judge. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The same check as a JSON Schema pattern, spaces around allowed (they are trimmed). */
export const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$'

export const isEmail = (value: unknown): value is string => typeof value === 'string' && value.length <= 254 && EMAIL.test(value)

export const normaliseEmail = (value: string): string => value.trim().toLowerCase()

export const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2048) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
