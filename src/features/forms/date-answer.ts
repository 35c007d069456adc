// Dates as people type them ("12/03", "next Friday", "3 March 2027"), read against today in the
// visitor's zone. Pure: the caller passes the instant and the zone. A reading that could be two
// dates (12/03: 12 March or 3 December) is not guessed; the caller asks again with both readings.
import { TZDate } from '@date-fns/tz'

export type DateReading = { ok: true; date: string } | { ok: false; ambiguous: [string, string] | null }

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

/** A month or weekday by its full name or any prefix of three letters or more ("Sept", "Thurs"). */
const byName = (names: readonly string[], word: string): number => (word.length >= 3 ? names.findIndex((name) => name.startsWith(word)) : -1)

interface Day {
  year: number
  month: number // 1..12
  day: number
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
export const formatDay = (d: Day): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`

function realDay(year: number, month: number, day: number): Day | null {
  const utc = new Date(Date.UTC(year, month - 1, day))
  if (year < 1 || utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null
  return { year, month, day }
}

const dayNumber = (d: Day) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000
const fromDayNumber = (n: number): Day => {
  const utc = new Date(n * 86_400_000)
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() }
}

/** A two-digit year is the one within 80 years before and 20 after today ("85" → 1985, "27" → 2027). */
function fullYear(text: string, today: Day): number {
  const value = Number(text)
  if (text.length !== 2) return value
  const century = Math.floor(today.year / 100) * 100
  const candidate = century + value
  return candidate > today.year + 20 ? candidate - 100 : candidate
}

/** Without a year a date means its next occurrence, today included ("3 March" in December: next March). */
function withoutYear(month: number, day: number, today: Day): Day | null {
  const thisYear = realDay(today.year, month, day)
  if (thisYear && dayNumber(thisYear) >= dayNumber(today)) return thisYear
  // 29 February with no year: the next leap year's.
  for (let year = today.year + 1; year <= today.year + 8; year++) {
    const next = realDay(year, month, day)
    if (next) return next
  }
  return null
}

function dayOf(month: number, day: number, yearText: string | undefined, today: Day): Day | null {
  return yearText === undefined ? withoutYear(month, day, today) : realDay(fullYear(yearText, today), month, day)
}

const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)?'
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/
const DAY_MONTH = new RegExp(`^${ORDINAL}(?: of)? ([a-z]+)(?: (\\d{4}))?$`)
const MONTH_DAY = new RegExp(`^([a-z]+) ${ORDINAL}(?: (\\d{4}))?$`)
const RELATIVE_WEEKDAY = /^(?:(next|this|on) )?([a-z]+)$/

function readWeekday(name: string, today: Day): Day | null {
  const weekday = byName(WEEKDAYS, name)
  if (weekday < 0) return null
  const todayWeekday = new Date(dayNumber(today) * 86_400_000).getUTCDay()
  // "Friday", "this Friday" and "next Friday" all mean the first Friday after today; the reply
  // says which date it took, so a visitor who meant the week after can correct it.
  const ahead = (weekday - todayWeekday + 7) % 7 || 7
  return fromDayNumber(dayNumber(today) + ahead)
}

/**
 * Reads one date. `now` and `zone` fix "today" (the visitor's calendar day). A numeric date whose
 * numbers could each be the month (12/03) is ambiguous and answered with both readings; one
 * that only one order makes real (25/12, 12/25) is that date.
 */
export function readDate(input: string, now: Date, zone: string): DateReading {
  const text = input.trim().toLowerCase().replace(/[,]+/g, ' ').replace(/\.$/, '').replace(/\s+/g, ' ')
  const local = new TZDate(now.getTime(), zone)
  const today: Day = { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() }
  const found = (d: Day | null): DateReading => (d ? { ok: true, date: formatDay(d) } : { ok: false, ambiguous: null })

  if (text === 'today') return found(today)
  if (text === 'tomorrow') return found(fromDayNumber(dayNumber(today) + 1))
  if (text === 'yesterday') return found(fromDayNumber(dayNumber(today) - 1))

  let match = ISO.exec(text)
  if (match) return found(realDay(Number(match[1]), Number(match[2]), Number(match[3])))

  match = NUMERIC.exec(text)
  if (match) {
    const [first, second, yearText] = [Number(match[1]), Number(match[2]), match[3]]
    const dayFirst = dayOf(second, first, yearText, today)
    const monthFirst = dayOf(first, second, yearText, today)
    if (dayFirst && monthFirst && first !== second) return { ok: false, ambiguous: [formatDay(dayFirst), formatDay(monthFirst)] }
    return found(dayFirst ?? monthFirst)
  }

  // A leading weekday name ("Friday 3 March") says nothing the date does not.
  const words = text.split(' ')
  const rest = words.length > 1 && byName(WEEKDAYS, words[0]) >= 0 ? words.slice(1).join(' ') : text

  match = DAY_MONTH.exec(rest)
  if (match && byName(MONTHS, match[2]) >= 0) return found(dayOf(byName(MONTHS, match[2]) + 1, Number(match[1]), match[3], today))
  match = MONTH_DAY.exec(rest)
  if (match && byName(MONTHS, match[1]) >= 0) return found(dayOf(byName(MONTHS, match[1]) + 1, Number(match[2]), match[3], today))

  match = RELATIVE_WEEKDAY.exec(text)
  if (match) return found(readWeekday(match[2], today))
  return { ok: false, ambiguous: null }
}

/** How a stored date reads to people: "Friday 11 December 2026". */
export function describeDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const cap = (word: string) => word[0].toUpperCase() + word.slice(1)
  return `${cap(weekday)} ${day} ${cap(MONTHS[month - 1])} ${year}`
}
