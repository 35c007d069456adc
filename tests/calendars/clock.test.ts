import { describe, expect, test } from 'bun:test'
import { canonicalTimeZone, formatTwentyFour, isKnownTimeZone, parseTwelveHour, zoneAbbreviation } from '../../src/features/calendars/clock'

describe('parseTwelveHour', () => {
  test.each([
    ['9:00 AM', 540],
    ['09:00 am', 540],
    ['9:00AM', 540],
    ['9:05 Am', 545],
    ['1:30 PM', 810],
    ['11:59 PM', 1439],
    ['12:00 PM', 720],
    ['12:30 pm', 750],
    ['12:00 AM', 0],
    ['12:45 AM', 45],
    ['  5:00 PM ', 1020],
  ])('%p is %p minutes after midnight', (text, minutes) => {
    expect(parseTwelveHour(text)).toBe(minutes)
  })

  test.each([
    '0:30 AM', // no hour 0 on a 12-hour clock
    '13:00 PM',
    '00:00 AM',
    '9:60 AM',
    '9:5 AM',
    '9 AM',
    '9:00',
    '17:00',
    '9:00  AM', // only a single space
    '9:00 A.M.',
    '123:00 AM',
    '9:00 AM tomorrow',
    '',
    'noon',
  ])('%p is not a time', (text) => {
    expect(parseTwelveHour(text)).toBeNull()
  })
})

describe('formatTwentyFour', () => {
  test('midnight, morning, noon, afternoon and last minute', () => {
    expect(formatTwentyFour(0)).toBe('00:00')
    expect(formatTwentyFour(545)).toBe('09:05')
    expect(formatTwentyFour(720)).toBe('12:00')
    expect(formatTwentyFour(780)).toBe('13:00')
    expect(formatTwentyFour(1439)).toBe('23:59')
  })

  test('round trip from the 12-hour input shows the 24-hour view', () => {
    const view = (text: string) => formatTwentyFour(parseTwelveHour(text) ?? -1)
    expect(view('12:00 AM')).toBe('00:00')
    expect(view('9:30 AM')).toBe('09:30')
    expect(view('12:00 PM')).toBe('12:00')
    expect(view('5:15 PM')).toBe('17:15')
  })

  test('refuses what is not a minute of the day', () => {
    expect(() => formatTwentyFour(-1)).toThrow(RangeError)
    expect(() => formatTwentyFour(1440)).toThrow(RangeError)
    expect(() => formatTwentyFour(1.5)).toThrow(RangeError)
  })
})

describe('time zone names', () => {
  test.each(['America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC', 'EST5EDT'])('%p is known', (name) => {
    expect(isKnownTimeZone(name)).toBe(true)
  })

  test.each(['Foo/Bar', '', ' ', 'America/Gotham', '+05:00', '-0300', ' Europe/London'])('%p is not known', (name) => {
    expect(isKnownTimeZone(name)).toBe(false)
  })

  test('the runtime spelling is kept', () => {
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York')
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata')
    expect(canonicalTimeZone('Foo/Bar')).toBeNull()
  })
})

describe('zoneAbbreviation', () => {
  const winter = new Date('2026-01-15T12:00:00Z')
  const summer = new Date('2026-07-15T12:00:00Z')

  test('American zones', () => {
    expect(zoneAbbreviation('America/New_York', winter)).toBe('EST')
    expect(zoneAbbreviation('America/New_York', summer)).toBe('EDT')
    expect(zoneAbbreviation('America/Los_Angeles', summer)).toBe('PDT')
  })

  test('European zones get their British abbreviations', () => {
    expect(zoneAbbreviation('Europe/London', winter)).toBe('GMT')
    expect(zoneAbbreviation('Europe/London', summer)).toBe('BST')
    expect(zoneAbbreviation('Europe/Berlin', winter)).toBe('CET')
    expect(zoneAbbreviation('Europe/Berlin', summer)).toBe('CEST')
  })

  test('follows the instant across a change', () => {
    expect(zoneAbbreviation('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe('EST')
    expect(zoneAbbreviation('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe('EDT')
  })

  test('an offset name where no abbreviation exists', () => {
    expect(zoneAbbreviation('Asia/Kolkata', summer)).toBe('GMT+5:30')
    expect(zoneAbbreviation('Asia/Tokyo', summer)).toBe('GMT+9')
    expect(zoneAbbreviation('America/Sao_Paulo', summer)).toBe('GMT-3')
  })

  test('UTC', () => {
    expect(zoneAbbreviation('UTC', summer)).toBe('UTC')
  })
})
