/**
 * Wall-clock times and zone names as calendars show them: 12-hour input, 24-hour view,
 * IANA zone names checked against what the runtime's Intl knows.
 */

const TWELVE_HOUR = /^(\d{1,2}):(\d{2}) ?([ap]m)$/i

/**
 * 'h:mm AM/PM' (one or two hour digits, any case, optional single space) to minutes after
 * midnight; null when it is not such a time. Surrounding blanks are ignored because form
 * fields often carry them. '12:00 AM' is midnight (0), '12:00 PM' is noon (720).
 */
export function parseTwelveHour(text: string): number | null {
  const match = TWELVE_HOUR.exec(text.trim())
  if (!match) return null
  const hour = Number(match[1])
  const minute = Number(match[2])
  if (hour < 1 || hour > 12 || minute > 59) return null
  const afternoon = match[3].toLowerCase() === 'pm'
  return ((hour % 12) + (afternoon ? 12 : 0)) * 60 + minute
}

/** Minutes after midnight to 'HH:MM' (0 → '00:00', 780 → '13:00'). */
export function formatTwentyFour(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60) {
    throw new RangeError(`not a minute of the day: ${minutes}`)
  }
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

// Offsets such as '+05:00' are accepted by Intl but are not zone names.
const OFFSET_ONLY = /^[+-]\d/

/**
 * The runtime's spelling of a zone name ('america/new_york' → 'America/New_York'), or null
 * when Intl does not know it. Any name of the tz database the runtime ships is accepted,
 * including backward links ('US/Eastern') and legacy rule names ('EST5EDT', 'UTC');
 * bare UTC offsets ('+05:00') and unknown names ('Foo/Bar', '') are not.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.trim() === '' || name !== name.trim() || OFFSET_ONLY.test(name)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null // RangeError: invalid time zone
  }
}

export function isKnownTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null
}

function shortZoneName(locale: string, zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(at)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
}

const GMT_OFFSET_NAME = /^GMT[+-]/

/**
 * Short abbreviation of the zone at that instant: 'EST'/'EDT', 'GMT'/'BST', 'CET'/'CEST'.
 * en-US CLDR data only abbreviates American zones (and GMT/UTC); en-GB adds the European ones
 * (BST, CET, CEST). Where neither has an abbreviation the offset name is kept ('GMT+5:30'),
 * as the contract allows.
 */
export function zoneAbbreviation(zone: string, at: Date): string {
  const american = shortZoneName('en-US', zone, at)
  if (!GMT_OFFSET_NAME.test(american)) return american
  const british = shortZoneName('en-GB', zone, at)
  return GMT_OFFSET_NAME.test(british) ? american : british
}

/** Minutes after midnight to 'h:mm AM/PM', the input spelling (0 → '12:00 AM', 1020 → '5:00 PM'). */
export function formatTwelveHour(minutes: number): string {
  const hour = Math.floor(minutes / 60)
  const shown = hour % 12 === 0 ? 12 : hour % 12
  return `${shown}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}
