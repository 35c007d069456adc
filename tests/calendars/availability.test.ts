// Contract 16's availability in the pure slot engine: each rule alone, then together, across DST
// changes in both hemispheres; and its input rules (messages naming the exact field).
import { describe, expect, test } from 'bun:test'
import { AVAILABILITY_MESSAGES } from '../../src/features/calendars/availability-input'
import { parseCalendarInputs } from '../../src/features/calendars/calendar-input'
import { findOfferedSlot, listSlots, slotsForVisitor, type BookedInterval, type SlotCalendar } from '../../src/features/calendars/slots'

const h = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
const range = (start: string, end: string) => ({ start: h(start), end: h(end) })
const calendar = (timeZone: string, changes: Partial<SlotCalendar> = {}): SlotCalendar => ({
  dailyStart: h('09:00'),
  dailyEnd: h('17:00'),
  timeZone,
  includeWeekends: false,
  ...changes,
})
const booked = (start: string, end: string): BookedInterval => ({ start: new Date(start), end: new Date(end) })
const times = (slots: { start: string }[]) => slots.map((s) => s.start.slice(11, 16))
const NOV = new Date('2026-11-20T00:00:00Z')

describe('each rule alone', () => {
  test('weekly hours: several ranges a day (a lunch break)', () => {
    const lunch = calendar('Europe/London', { weeklyHours: { tue: [range('09:00', '12:30'), range('13:30', '17:00')] } })
    expect(times(listSlots(lunch, '2026-12-01', 60, NOV, []))).toEqual(['09:00', '10:00', '11:00', '13:30', '14:30', '15:30'])
  })

  test('weekly hours: a named day replaces the weekend rule, [] closes a day, an unnamed day keeps daily hours', () => {
    const week = calendar('Europe/London', { weeklyHours: { sat: [range('10:00', '12:00')], tue: [] } })
    expect(times(listSlots(week, '2026-12-05', 60, NOV, []))).toEqual(['10:00', '11:00'])
    expect(listSlots(week, '2026-12-06', 60, NOV, [])).toEqual([]) // Sunday: weekends stay closed
    expect(listSlots(week, '2026-12-01', 60, NOV, [])).toEqual([]) // Tuesday: closed
    expect(times(listSlots(week, '2026-12-02', 60, NOV, []))).toHaveLength(8)
  })

  test('a range may end at 24:00', () => {
    const late = calendar('UTC', { weeklyHours: { tue: [range('22:00', '24:00')] } })
    expect(listSlots(late, '2026-12-01', 60, NOV, []).map((s) => s.end)).toEqual(['2026-12-01T23:00:00+00:00', '2026-12-02T00:00:00+00:00'])
  })

  test("buffer: no slot starts within it, and none ends within the next booking's", () => {
    const buffered = calendar('UTC', { bufferMinutes: 30 })
    const taken = [booked('2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z')]
    expect(times(listSlots(buffered, '2026-12-01', 30, NOV, taken)).slice(0, 3)).toEqual(['09:00', '11:30', '12:00'])
    expect(findOfferedSlot(buffered, new Date('2026-12-01T11:00:00Z'), 30, NOV, taken)).toBeNull()
    expect(findOfferedSlot(buffered, new Date('2026-12-01T09:30:00Z'), 30, NOV, taken)).toBeNull()
    expect(times(listSlots(calendar('UTC'), '2026-12-01', 30, NOV, taken)).slice(0, 4)).toEqual(['09:00', '09:30', '11:00', '11:30'])
  })

  test('buffer across the end of the day: the last slot stays, and the next morning keeps the buffer', () => {
    const allDay = { mon: [range('00:00', '24:00')], tue: [range('00:00', '24:00')] }
    const late = calendar('UTC', { weeklyHours: allDay, bufferMinutes: 60 })
    const lastOfMonday = [booked('2026-11-30T23:00:00Z', '2026-12-01T00:00:00Z')]
    expect(times(listSlots(late, '2026-12-01', 60, NOV, lastOfMonday)).slice(0, 2)).toEqual(['01:00', '02:00'])
    // A slot's buffer may run past closing: the business is closed then anyway.
    expect(times(listSlots(calendar('UTC', { bufferMinutes: 60 }), '2026-12-01', 60, NOV, [])).at(-1)).toBe('16:00')
  })

  test('minimum notice: nothing starts sooner than that from now', () => {
    const now = new Date('2026-12-01T13:10:00Z')
    expect(times(listSlots(calendar('UTC', { minimumNoticeMinutes: 120 }), '2026-12-01', 30, now, []))).toEqual(['15:30', '16:00', '16:30'])
    expect(times(listSlots(calendar('UTC', { minimumNoticeMinutes: 20160 }), '2026-12-15', 60, now, []))).toEqual(['14:00', '15:00', '16:00'])
  })

  test("minimum notice across midnight in the visitor's zone", () => {
    // 23:30 on 30 November in Los Angeles; the London calendar opens at 09:00 GMT, 01:00 there.
    const now = new Date('2026-12-01T07:30:00Z')
    const london = calendar('Europe/London', { minimumNoticeMinutes: 120 })
    const visitor = slotsForVisitor(london, '2026-12-01', 60, now, [], 'America/Los_Angeles')
    expect(visitor.slots[0].start).toBe('2026-12-01T02:00:00-08:00')
    expect(slotsForVisitor(calendar('Europe/London'), '2026-12-01', 60, now, [], 'America/Los_Angeles').slots[0].start).toBe('2026-12-01T01:00:00-08:00')
    // With 26 hours' notice the visitor's whole day is gone, and the answer points at the next.
    const far = slotsForVisitor(calendar('Europe/London', { minimumNoticeMinutes: 26 * 60 }), '2026-12-01', 60, now, [], 'America/Los_Angeles')
    expect(far).toEqual({ slots: [], nextAvailableDate: '2026-12-02' })
  })

  test('max days ahead: the last day can be booked, the one after cannot', () => {
    const near = calendar('UTC', { maxDaysAhead: 10 })
    expect(listSlots(near, '2026-11-30', 60, NOV, [])).toHaveLength(8)
    expect(listSlots(near, '2026-12-01', 60, NOV, [])).toEqual([])
    expect(slotsForVisitor(near, '2026-12-01', 60, NOV, [])).toEqual({ slots: [], nextAvailableDate: null })
    expect(listSlots(calendar('UTC'), '2027-05-19', 60, NOV, [])).toHaveLength(8) // default 180 days
  })

  test('days off, including one on a DST change in each hemisphere', () => {
    const london = calendar('Europe/London', { includeWeekends: true, daysOff: ['2026-03-29'] })
    const march = new Date('2026-03-01T00:00:00Z')
    expect(listSlots(london, '2026-03-29', 60, march, [])).toEqual([])
    expect(slotsForVisitor(london, '2026-03-29', 60, march, [])).toMatchObject({ nextAvailableDate: '2026-03-30' })
    const sydney = calendar('Australia/Sydney', { includeWeekends: true, daysOff: ['2026-10-04'] })
    const september = new Date('2026-09-01T00:00:00Z')
    expect(listSlots(sydney, '2026-10-04', 60, september, [])).toEqual([])
    expect(times(listSlots(sydney, '2026-10-05', 60, september, []))[0]).toBe('09:00')
  })
})

describe('the rules together', () => {
  test('Sydney on its spring-forward Sunday: weekly ranges over the gap, a buffer and notice', () => {
    const sydney = calendar('Australia/Sydney', { weeklyHours: { sun: [range('01:00', '04:00'), range('10:00', '13:00')] }, bufferMinutes: 30, minimumNoticeMinutes: 60 })
    // 02:00 does not exist that night; the 01:00 slot ends at 03:00 new time.
    expect(listSlots(sydney, '2026-10-04', 60, new Date('2026-09-01T00:00:00Z'), []).map((s) => s.start)).toEqual([
      '2026-10-04T01:00:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-04T10:00:00+11:00',
      '2026-10-04T11:00:00+11:00',
      '2026-10-04T12:00:00+11:00',
    ])
    // Now 09:30 that day (notice to 10:30), with 11:00-12:00 booked (buffer to 12:30).
    const now = new Date('2026-10-03T22:30:00Z')
    const taken = [booked('2026-10-04T00:00:00Z', '2026-10-04T01:00:00Z')]
    expect(times(listSlots(sydney, '2026-10-04', 30, now, taken))).toEqual(['12:30'])
  })

  test('London in autumn: fall-back day, lunch break, buffer, notice, a day off and the horizon', () => {
    const rules = calendar('Europe/London', {
      weeklyHours: { sun: [range('00:00', '03:00'), range('09:00', '12:00'), range('13:00', '15:00')] },
      bufferMinutes: 15,
      minimumNoticeMinutes: 90,
      maxDaysAhead: 30,
      daysOff: ['2026-10-26'],
    })
    const now = new Date('2026-10-24T12:00:00Z')
    const taken = [booked('2026-10-25T10:00:00Z', '2026-10-25T11:00:00Z')]
    // 01:00 occurs twice on 25 October: offered once, at BST. The booking takes 10:00, its buffer
    // 11:00, and 09:00's own buffer would run into it.
    expect(listSlots(rules, '2026-10-25', 60, now, taken).map((s) => s.start)).toEqual([
      '2026-10-25T00:00:00+01:00',
      '2026-10-25T01:00:00+01:00',
      '2026-10-25T02:00:00+00:00',
      '2026-10-25T13:00:00+00:00',
      '2026-10-25T14:00:00+00:00',
    ])
    expect(listSlots(rules, '2026-10-26', 60, now, taken)).toEqual([])
    expect(slotsForVisitor(rules, '2026-10-26', 60, now, taken)).toMatchObject({ nextAvailableDate: '2026-10-27' })
    expect(listSlots(rules, '2026-11-24', 60, now, taken)).toEqual([])
  })
})

describe('availability input', () => {
  const base = { calendar_name: 'Desk', calendar_email: 'desk@example.com', daily_start: '9:00 AM', daily_end: '5:00 PM', local_timezone: 'UTC', min60App: true }
  const problem = (changes: Record<string, unknown>) => {
    const result = parseCalendarInputs([{ ...base, ...changes }])
    return result.ok ? null : `${result.field}: ${result.message}`
  }

  test('is read into engine units, defaults filled in', () => {
    const result = parseCalendarInputs([
      {
        ...base,
        weekly_hours: {
          mon: [
            { start: '13:00', end: '17:00' },
            { start: '09:00', end: '12:00' },
          ],
          sun: [],
        },
        buffer_minutes: '15',
        days_off: ['2026-12-25', '2026-12-24', '2026-12-25'],
      },
    ])
    if (!result.ok) throw new Error(result.message)
    expect(result.calendars[0]).toMatchObject({
      weeklyHours: { mon: [range('09:00', '12:00'), range('13:00', '17:00')], sun: [] },
      bufferMinutes: 15,
      minimumNoticeMinutes: 0,
      maxDaysAhead: 180,
      daysOff: ['2026-12-24', '2026-12-25'],
    })
  })

  test.each<[Record<string, unknown>, string]>([
    [{ weekly_hours: [] }, `calendar_data[0].weekly_hours: ${AVAILABILITY_MESSAGES.notWeeklyHours}`],
    [{ weekly_hours: { funday: [] } }, `calendar_data[0].weekly_hours.funday: ${AVAILABILITY_MESSAGES.notWeekday}`],
    [{ weekly_hours: { mon: [{ start: '9:00', end: '12:00' }] } }, `calendar_data[0].weekly_hours.mon[0].start: ${AVAILABILITY_MESSAGES.badClock}`],
    [{ weekly_hours: { mon: [{ start: '12:00', end: '09:00' }] } }, `calendar_data[0].weekly_hours.mon[0].end: ${AVAILABILITY_MESSAGES.rangeOrder}`],
    [
      {
        weekly_hours: {
          mon: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
      `calendar_data[0].weekly_hours.mon[1].start: ${AVAILABILITY_MESSAGES.rangeOverlap}`,
    ],
    [{ buffer_minutes: 241 }, `calendar_data[0].buffer_minutes: ${AVAILABILITY_MESSAGES.outOfRange(0, 240)}`],
    [{ minimum_notice_minutes: -1 }, `calendar_data[0].minimum_notice_minutes: ${AVAILABILITY_MESSAGES.outOfRange(0, 20160)}`],
    [{ max_days_ahead: 0 }, `calendar_data[0].max_days_ahead: ${AVAILABILITY_MESSAGES.outOfRange(1, 365)}`],
    [{ days_off: ['2026-02-30'] }, `calendar_data[0].days_off[0]: ${AVAILABILITY_MESSAGES.badDay}`],
    [{ days_off: Array.from({ length: 101 }, () => '2026-12-25') }, `calendar_data[0].days_off: ${AVAILABILITY_MESSAGES.notDays}`],
  ])('%j is refused', (changes, message) => {
    expect(problem(changes)).toBe(message)
  })
})
