/** How the widget writes amounts, days and times for people. */
import { formatMoney } from '../../../lib/money'

export { formatMoney }

/** The visitor's own zone, as the browser resolves it (slots are asked for and shown in it). */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

function locale(): string {
  const lang = document.documentElement.getAttribute('lang') || navigator.language || 'en'
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(lang).length ? lang : 'en'
  } catch {
    return 'en'
  }
}

const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale(), { ...options, timeZone })

export const formatTime = (iso: string, zone: string): string => formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso))

export const formatDateTime = (iso: string, zone: string): string =>
  formatter(zone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso))

/** 'YYYY-MM-DD' as 'Monday, 7 December 2026' in the page's language. */
export const formatDay = (ymd: string): string => formatter('UTC', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${ymd}T12:00:00Z`))

/** Today's date (YYYY-MM-DD) in a zone. */
export function todayIn(zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date())
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** Cents of a price text ('9.99' -> 999); prices are non-negative decimals (the creation model says so). */
export function cents(price: string): number {
  const match = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(price)
  if (!match) return 0
  return Number(match[1]) * 100 + Math.round(Number(`0.${match[2] ?? '0'}`) * 100)
}

export const fromCents = (value: number): string => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`
