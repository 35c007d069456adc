import { describe, expect, test } from 'bun:test'
import {
  BOOKING_HORIZON_DAYS,
  findOfferedSlot,
  formatInZone,
  INVALID_DATE_MESSAGE,
  InvalidSlotDateError,
  isOfferedSlot,
  listSlots,
  parseDayNumber,
  parseInstant,
  type SlotCalendar,
} from '../../src/features/calendars/slots'

const NINE_AM = 540
const FIVE_PM = 1020

const calendar = (timeZone: string, changes: Partial<SlotCalendar> = {}): SlotCalendar => ({
  dailyStart: NINE_AM,
  dailyEnd: FIVE_PM,
  timeZone,
  includeWeekends: false,
  ...changes,
})

/** The small hours around a DST change, on a calendar open every day. */
const smallHours = (timeZone: string) => calendar(timeZone, { dailyStart: 0, dailyEnd: 240, includeWeekends: true })

const at = (iso: string) => new Date(iso)
const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start)
const pairs = (slots: { start: string; end: string }[]) => slots.map((slot) => `${slot.start} ${slot.end}`)

// "Now" for most tests: before the dates used, and within 180 days of them.
const SEPTEMBER = at('2026-09-01T00:00:00Z')
const NEW_YEAR = at('2026-01-01T00:00:00Z')
const EARLY_JUNE = at('2026-06-01T00:00:00Z')

describe('an ordinary day', () => {
  test('steps by the duration from daily_start and ends by daily_end, with the offset', () => {
    const slots = listSlots(calendar('America/New_York'), '2026-12-01', 60, SEPTEMBER, [])
    expect(slots).toHaveLength(8)
    expect(slots[0]).toEqual({ start: '2026-12-01T09:00:00-05:00', end: '2026-12-01T10:00:00-05:00' })
    expect(slots[7]).toEqual({ start: '2026-12-01T16:00:00-05:00', end: '2026-12-01T17:00:00-05:00' })
  })

  test('a duration that does not divide the hours leaves the remainder unused', () => {
    const ny = calendar('America/New_York', { dailyStart: NINE_AM, dailyEnd: 11 * 60 })
    expect(pairs(listSlots(ny, '2026-12-01', 45, SEPTEMBER, []))).toEqual([
      '2026-12-01T09:00:00-05:00 2026-12-01T09:45:00-05:00',
      '2026-12-01T09:45:00-05:00 2026-12-01T10:30:00-05:00',
    ])
  })

  test('summer time shows its own offset', () => {
    expect(starts(listSlots(calendar('America/New_York'), '2026-07-15', 60, EARLY_JUNE, []))[0]).toBe('2026-07-15T09:00:00-04:00')
  })

  test('Asia/Kolkata keeps its half-hour offset', () => {
    const kolkata = calendar('Asia/Kolkata', { dailyEnd: 10 * 60 + 30 })
    expect(pairs(listSlots(kolkata, '2026-12-01', 30, SEPTEMBER, []))).toEqual([
      '2026-12-01T09:00:00+05:30 2026-12-01T09:30:00+05:30',
      '2026-12-01T09:30:00+05:30 2026-12-01T10:00:00+05:30',
      '2026-12-01T10:00:00+05:30 2026-12-01T10:30:00+05:30',
    ])
  })

  test('a zone at UTC is written +00:00, not Z', () => {
    expect(starts(listSlots(calendar('Europe/London'), '2026-12-01', 60, SEPTEMBER, []))[0]).toBe('2026-12-01T09:00:00+00:00')
    expect(starts(listSlots(calendar('UTC'), '2026-12-01', 60, SEPTEMBER, []))[0]).toBe('2026-12-01T09:00:00+00:00')
  })

  test('15-minute slots fill the day', () => {
    const slots = listSlots(calendar('America/New_York'), '2026-12-01', 15, SEPTEMBER, [])
    expect(slots).toHaveLength(32)
    expect(slots[31]).toEqual({ start: '2026-12-01T16:45:00-05:00', end: '2026-12-01T17:00:00-05:00' })
  })
})

describe('weekends', () => {
  test('are skipped unless the calendar includes them', () => {
    expect(listSlots(calendar('America/New_York'), '2026-12-05', 60, SEPTEMBER, [])).toEqual([])
    expect(listSlots(calendar('America/New_York'), '2026-12-06', 60, SEPTEMBER, [])).toEqual([])
  })

  test('are offered when included', () => {
    const open = calendar('America/New_York', { includeWeekends: true })
    expect(starts(listSlots(open, '2026-12-05', 60, SEPTEMBER, []))[0]).toBe('2026-12-05T09:00:00-05:00')
    expect(listSlots(open, '2026-12-06', 60, SEPTEMBER, [])).toHaveLength(8)
  })

  test("are the calendar's own Saturday, not UTC's", () => {
    // Friday 2026-12-04 in Kolkata runs from 2026-12-03T18:30Z; 9 AM there is still Friday.
    const kolkata = calendar('Asia/Kolkata')
    expect(starts(listSlots(kolkata, '2026-12-04', 60, SEPTEMBER, []))[0]).toBe('2026-12-04T09:00:00+05:30')
  })
})

describe('America/New_York spring forward, 2026-03-08 (2:00 AM becomes 3:00 AM)', () => {
  test('the missing hour is skipped; a slot across the gap lasts its real duration', () => {
    expect(pairs(listSlots(smallHours('America/New_York'), '2026-03-08', 60, NEW_YEAR, []))).toEqual([
      '2026-03-08T00:00:00-05:00 2026-03-08T01:00:00-05:00',
      '2026-03-08T01:00:00-05:00 2026-03-08T03:00:00-04:00',
      '2026-03-08T03:00:00-04:00 2026-03-08T04:00:00-04:00',
    ])
  })

  test('30-minute slots skip 2:00 and 2:30', () => {
    expect(starts(listSlots(smallHours('America/New_York'), '2026-03-08', 30, NEW_YEAR, []))).toEqual([
      '2026-03-08T00:00:00-05:00',
      '2026-03-08T00:30:00-05:00',
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T01:30:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T03:30:00-04:00',
    ])
  })

  test('a slot running past the gap never overlaps the next one', () => {
    // 1:30 EST + 45 min is 3:15 EDT, so the 3:00 EDT grid slot would double-offer 3:00-3:15.
    expect(pairs(listSlots(smallHours('America/New_York'), '2026-03-08', 45, NEW_YEAR, []))).toEqual([
      '2026-03-08T00:00:00-05:00 2026-03-08T00:45:00-05:00',
      '2026-03-08T00:45:00-05:00 2026-03-08T01:30:00-05:00',
      '2026-03-08T01:30:00-05:00 2026-03-08T03:15:00-04:00',
    ])
  })

  test('a slot that would end after daily_end on the wall clock is not offered', () => {
    // Open 12:00 AM to 3:00 AM: 1:30 EST + 45 min ends at 3:15 EDT, after closing.
    const shortNight = calendar('America/New_York', { dailyStart: 0, dailyEnd: 180, includeWeekends: true })
    expect(starts(listSlots(shortNight, '2026-03-08', 45, NEW_YEAR, []))).toEqual(['2026-03-08T00:00:00-05:00', '2026-03-08T00:45:00-05:00'])
  })

  test('a 9-5 day is all daylight time', () => {
    const slots = listSlots(calendar('America/New_York', { includeWeekends: true }), '2026-03-08', 60, NEW_YEAR, [])
    expect(slots).toHaveLength(8)
    expect(slots[0]).toEqual({ start: '2026-03-08T09:00:00-04:00', end: '2026-03-08T10:00:00-04:00' })
  })

  test('the change day is a Sunday: nothing without weekends', () => {
    expect(listSlots(calendar('America/New_York'), '2026-03-08', 60, NEW_YEAR, [])).toEqual([])
  })
})

describe('America/New_York fall back, 2026-11-01 (2:00 AM becomes 1:00 AM)', () => {
  test('the repeated hour is offered once, at its first occurrence', () => {
    expect(pairs(listSlots(smallHours('America/New_York'), '2026-11-01', 60, SEPTEMBER, []))).toEqual([
      '2026-11-01T00:00:00-04:00 2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-04:00 2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00 2026-11-01T03:00:00-05:00',
      '2026-11-01T03:00:00-05:00 2026-11-01T04:00:00-05:00',
    ])
  })

  test('30-minute slots: 1:00 and 1:30 once each, in daylight time', () => {
    expect(pairs(listSlots(smallHours('America/New_York'), '2026-11-01', 30, SEPTEMBER, []))).toEqual([
      '2026-11-01T00:00:00-04:00 2026-11-01T00:30:00-04:00',
      '2026-11-01T00:30:00-04:00 2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-04:00 2026-11-01T01:30:00-04:00',
      '2026-11-01T01:30:00-04:00 2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00 2026-11-01T02:30:00-05:00',
      '2026-11-01T02:30:00-05:00 2026-11-01T03:00:00-05:00',
      '2026-11-01T03:00:00-05:00 2026-11-01T03:30:00-05:00',
      '2026-11-01T03:30:00-05:00 2026-11-01T04:00:00-05:00',
    ])
  })

  test('a 9-5 day is all standard time', () => {
    const slots = listSlots(calendar('America/New_York', { includeWeekends: true }), '2026-11-01', 60, SEPTEMBER, [])
    expect(slots).toHaveLength(8)
    expect(slots[0]).toEqual({ start: '2026-11-01T09:00:00-05:00', end: '2026-11-01T10:00:00-05:00' })
  })
})

describe('Europe/London changes at 1:00 AM GMT', () => {
  test('spring forward 2026-03-29: 1:00 AM does not exist', () => {
    expect(pairs(listSlots(smallHours('Europe/London'), '2026-03-29', 60, NEW_YEAR, []))).toEqual([
      '2026-03-29T00:00:00+00:00 2026-03-29T02:00:00+01:00',
      '2026-03-29T02:00:00+01:00 2026-03-29T03:00:00+01:00',
      '2026-03-29T03:00:00+01:00 2026-03-29T04:00:00+01:00',
    ])
  })

  test('fall back 2026-10-25: 1:00 AM offered once, in summer time', () => {
    expect(pairs(listSlots(smallHours('Europe/London'), '2026-10-25', 60, SEPTEMBER, []))).toEqual([
      '2026-10-25T00:00:00+01:00 2026-10-25T01:00:00+01:00',
      '2026-10-25T01:00:00+01:00 2026-10-25T01:00:00+00:00',
      '2026-10-25T02:00:00+00:00 2026-10-25T03:00:00+00:00',
      '2026-10-25T03:00:00+00:00 2026-10-25T04:00:00+00:00',
    ])
  })

  test('9-5 on both change days', () => {
    const london = calendar('Europe/London', { includeWeekends: true })
    expect(starts(listSlots(london, '2026-03-29', 60, NEW_YEAR, []))[0]).toBe('2026-03-29T09:00:00+01:00')
    expect(starts(listSlots(london, '2026-10-25', 60, SEPTEMBER, []))[0]).toBe('2026-10-25T09:00:00+00:00')
    expect(listSlots(london, '2026-10-25', 60, SEPTEMBER, [])).toHaveLength(8)
  })
})

describe('the past', () => {
  const ny = calendar('America/New_York')

  test('slots starting before now are skipped', () => {
    // 10:10 AM EST
    expect(starts(listSlots(ny, '2026-12-01', 60, at('2026-12-01T15:10:00Z'), []))).toEqual([
      '2026-12-01T11:00:00-05:00',
      '2026-12-01T12:00:00-05:00',
      '2026-12-01T13:00:00-05:00',
      '2026-12-01T14:00:00-05:00',
      '2026-12-01T15:00:00-05:00',
      '2026-12-01T16:00:00-05:00',
    ])
  })

  test('a slot starting exactly now is still offered', () => {
    expect(starts(listSlots(ny, '2026-12-01', 60, at('2026-12-01T14:00:00Z'), []))[0]).toBe('2026-12-01T09:00:00-05:00')
    expect(starts(listSlots(ny, '2026-12-01', 60, at('2026-12-01T14:00:00.001Z'), []))[0]).toBe('2026-12-01T10:00:00-05:00')
  })

  test('after closing, today has nothing left', () => {
    expect(listSlots(ny, '2026-12-01', 15, at('2026-12-01T22:00:00Z'), [])).toEqual([])
  })

  test('a date before today is empty, even if UTC is still on that date', () => {
    // 01:30 on 2026-06-02 in Kolkata, 20:00 on 2026-06-01 in UTC.
    const now = at('2026-06-01T20:00:00Z')
    const kolkata = calendar('Asia/Kolkata')
    expect(listSlots(kolkata, '2026-06-01', 60, now, [])).toEqual([])
    expect(listSlots(kolkata, '2026-06-02', 60, now, [])).toHaveLength(8)
  })
})

describe('the 180-day horizon', () => {
  test('counts days from today in the calendar zone', () => {
    expect(BOOKING_HORIZON_DAYS).toBe(180)
    // Today in Kolkata is 2026-06-02; 180 days later is 2026-11-29.
    const now = at('2026-06-01T20:00:00Z')
    const kolkata = calendar('Asia/Kolkata', { includeWeekends: true })
    expect(starts(listSlots(kolkata, '2026-11-29', 60, now, []))[0]).toBe('2026-11-29T09:00:00+05:30')
    expect(listSlots(kolkata, '2026-11-30', 60, now, [])).toEqual([])
  })

  test('in a zone behind UTC', () => {
    // Today in New York is 2026-06-01 (10 PM EDT); 180 days later is 2026-11-28.
    const now = at('2026-06-02T02:00:00Z')
    const ny = calendar('America/New_York', { includeWeekends: true })
    expect(listSlots(ny, '2026-11-28', 60, now, [])).toHaveLength(8)
    expect(listSlots(ny, '2026-11-29', 60, now, [])).toEqual([])
    expect(listSlots(ny, '2027-06-01', 60, now, [])).toEqual([])
  })
})

describe('booked intervals', () => {
  const ny = calendar('America/New_York', { dailyEnd: 12 * 60 })
  const hourAtTen = { start: at('2026-12-01T10:00:00-05:00'), end: at('2026-12-01T11:00:00-05:00') }

  test('a 60-minute booking removes the four 15-minute slots it covers and no more', () => {
    const free = starts(listSlots(ny, '2026-12-01', 15, SEPTEMBER, [hourAtTen]))
    expect(free).toHaveLength(8)
    expect(free).toContain('2026-12-01T09:45:00-05:00')
    expect(free).toContain('2026-12-01T11:00:00-05:00')
    for (const taken of ['10:00', '10:15', '10:30', '10:45']) {
      expect(free).not.toContain(`2026-12-01T${taken}:00-05:00`)
    }
  })

  test('a 30-minute booking off the hour grid removes both hours it touches', () => {
    const halfPastNine = { start: at('2026-12-01T14:30:00Z'), end: at('2026-12-01T15:00:00Z') }
    const tenFifteen = { start: at('2026-12-01T10:15:00-05:00'), end: at('2026-12-01T10:45:00-05:00') }
    expect(starts(listSlots(ny, '2026-12-01', 60, SEPTEMBER, [halfPastNine, tenFifteen]))).toEqual(['2026-12-01T11:00:00-05:00'])
  })

  test('touching intervals do not overlap', () => {
    expect(starts(listSlots(ny, '2026-12-01', 60, SEPTEMBER, [hourAtTen]))).toEqual(['2026-12-01T09:00:00-05:00', '2026-12-01T11:00:00-05:00'])
  })

  test('bookings on another day change nothing', () => {
    const nextDay = { start: at('2026-12-02T10:00:00-05:00'), end: at('2026-12-02T11:00:00-05:00') }
    expect(listSlots(ny, '2026-12-01', 60, SEPTEMBER, [nextDay])).toHaveLength(3)
  })
})

describe('bad input', () => {
  test.each(['2026-02-30', '2026-13-01', '2026-2-3', '20261201', 'tomorrow', '', '2026-12-01T00:00:00Z'])('%p is not a date', (date) => {
    expect(() => listSlots(calendar('America/New_York'), date, 60, SEPTEMBER, [])).toThrow(InvalidSlotDateError)
  })

  test('the error names the date parameter', () => {
    try {
      listSlots(calendar('America/New_York'), '2026-02-30', 60, SEPTEMBER, [])
      throw new Error('no error')
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidSlotDateError)
      expect((error as InvalidSlotDateError).field).toBe('date')
      expect((error as InvalidSlotDateError).message).toBe(INVALID_DATE_MESSAGE)
    }
  })

  test('a leap day is a date', () => {
    expect(parseDayNumber('2028-02-29')).toBe(Date.UTC(2028, 1, 29) / 86_400_000)
    expect(parseDayNumber('2027-02-29')).toBeNull()
  })

  test('a duration that is not a positive whole number of minutes is a programming error', () => {
    expect(() => listSlots(calendar('America/New_York'), '2026-12-01', 0, SEPTEMBER, [])).toThrow(RangeError)
    expect(() => listSlots(calendar('America/New_York'), '2026-12-01', 7.5, SEPTEMBER, [])).toThrow(RangeError)
  })

  test('an unknown zone is a programming error', () => {
    expect(() => listSlots(calendar('Foo/Bar'), '2026-12-01', 60, SEPTEMBER, [])).toThrow(RangeError)
  })
})

describe('findOfferedSlot / isOfferedSlot', () => {
  const ny = calendar('America/New_York', { dailyEnd: 23 * 60 })

  test('any offset naming an offered start finds it, in the calendar offset', () => {
    const expected = { start: '2026-12-01T09:00:00-05:00', end: '2026-12-01T10:00:00-05:00' }
    expect(findOfferedSlot(ny, at('2026-12-01T09:00:00-05:00'), 60, SEPTEMBER, [])).toEqual(expected)
    expect(findOfferedSlot(ny, at('2026-12-01T14:00:00Z'), 60, SEPTEMBER, [])).toEqual(expected)
    expect(findOfferedSlot(ny, at('2026-12-01T19:30:00+05:30'), 60, SEPTEMBER, [])).toEqual(expected)
  })

  test("uses the calendar's date of the instant, not UTC's", () => {
    // 9:00 PM EST on 2026-12-01 is 2026-12-02 in UTC.
    expect(findOfferedSlot(ny, at('2026-12-02T02:00:00Z'), 60, SEPTEMBER, [])).toEqual({
      start: '2026-12-01T21:00:00-05:00',
      end: '2026-12-01T22:00:00-05:00',
    })
  })

  test('refuses a start that is taken, past, off the grid or outside hours', () => {
    const nine = at('2026-12-01T09:00:00-05:00')
    expect(isOfferedSlot(ny, nine, 60, SEPTEMBER, [])).toBe(true)
    expect(isOfferedSlot(ny, nine, 60, SEPTEMBER, [{ start: at('2026-12-01T09:45:00-05:00'), end: at('2026-12-01T10:00:00-05:00') }])).toBe(false)
    expect(isOfferedSlot(ny, nine, 60, at('2026-12-01T14:00:01Z'), [])).toBe(false)
    expect(isOfferedSlot(ny, at('2026-12-01T09:10:00-05:00'), 60, SEPTEMBER, [])).toBe(false)
    expect(isOfferedSlot(ny, at('2026-12-01T08:00:00-05:00'), 60, SEPTEMBER, [])).toBe(false)
    expect(isOfferedSlot(ny, at('2026-12-01T23:00:00-05:00'), 60, SEPTEMBER, [])).toBe(false)
    expect(isOfferedSlot(ny, at('2026-12-05T09:00:00-05:00'), 60, SEPTEMBER, [])).toBe(false) // Saturday
    expect(isOfferedSlot(ny, at('2027-06-01T09:00:00-04:00'), 60, SEPTEMBER, [])).toBe(false) // beyond 180 days
    expect(isOfferedSlot(ny, at('not a date'), 60, SEPTEMBER, [])).toBe(false)
  })

  test('the duration sets the grid: 9:30 is a 30-minute start, not a 60-minute one', () => {
    const half = at('2026-12-01T09:30:00-05:00')
    expect(isOfferedSlot(ny, half, 30, SEPTEMBER, [])).toBe(true)
    expect(isOfferedSlot(ny, half, 60, SEPTEMBER, [])).toBe(false)
  })

  test('on fall-back day only the first 1:00 AM is offered', () => {
    const night = smallHours('America/New_York')
    expect(isOfferedSlot(night, at('2026-11-01T01:00:00-04:00'), 60, SEPTEMBER, [])).toBe(true)
    expect(isOfferedSlot(night, at('2026-11-01T01:00:00-05:00'), 60, SEPTEMBER, [])).toBe(false)
  })
})

describe('formatting and parsing instants', () => {
  test('formatInZone writes the zone offset at that instant', () => {
    expect(formatInZone(at('2026-12-01T14:00:00Z'), 'America/New_York')).toBe('2026-12-01T09:00:00-05:00')
    expect(formatInZone(at('2026-12-01T03:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-01T09:00:00+05:30')
    expect(formatInZone(at('2026-12-01T09:00:00Z'), 'UTC')).toBe('2026-12-01T09:00:00+00:00')
  })

  test('parseInstant takes ISO 8601 with an offset or Z only', () => {
    expect(parseInstant('2026-12-01T09:00:00-05:00')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
    expect(parseInstant('2026-12-01T14:00:00Z')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
    expect(parseInstant('2026-12-01T14:00Z')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
    expect(parseInstant('2026-12-01T09:00:00')).toBeNull() // no offset: ambiguous
    expect(parseInstant('2026-12-01')).toBeNull()
    expect(parseInstant('Tue, 01 Dec 2026 14:00:00 GMT')).toBeNull()
    expect(parseInstant('2026-12-01T25:00:00Z')).toBeNull()
  })
})
