/** Pragmatic address check: one @, no spaces, a dotted domain; the mail server is the final judge. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The same check as a JSON Schema pattern, spaces around allowed (they are trimmed). */
export const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$'

export const isEmail = (value: unknown): value is string => typeof value === 'string' && value.length <= 254 && EMAIL.test(value)

export const normaliseEmail = (value: string): string => value.trim().toLowerCase()

/**
 * One mailbox however it is spelt (contract 14), for the keys of per-e-mail limits only; mail still
 * goes to the address as typed. Quoting undone, `+tag` dropped, case and a trailing dot ignored.
 */
export function mailboxKey(value: string): string {
  const address = value.trim()
  const at = address.lastIndexOf('@')
  if (at < 0) return address.toLowerCase()
  let local = address.slice(0, at)
  if (local.length >= 2 && local.startsWith('"') && local.endsWith('"')) local = local.slice(1, -1).replace(/\\(.)/g, '$1')
  local = local.toLowerCase()
  const tag = local.indexOf('+')
  if (tag > 0) local = local.slice(0, tag)
  const domain = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, '')
  return `${local}@${domain}`
}

export const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2048) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
