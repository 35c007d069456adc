// The date reader as a table: what people type, read against a fixed today in a zone.
import { describe, expect, test } from 'bun:test'
import { describeDay, readDate } from '../../src/features/forms/date-answer'

// Thursday 10 December 2026, 23:30 UTC: already Friday 11 December in Tokyo.
const NOW = new Date('2026-12-10T23:30:00Z')

describe('readDate reads', () => {
  test.each<[string, string, string]>([
    ['2027-03-03', 'UTC', '2027-03-03'],
    ['3 March', 'UTC', '2027-03-03'],
    ['3rd of March 2028', 'UTC', '2028-03-03'],
    ['March 3, 2027', 'UTC', '2027-03-03'],
    ['Sept 9', 'UTC', '2027-09-09'],
    ['Friday 25 December', 'UTC', '2026-12-25'],
    ['25/12', 'UTC', '2026-12-25'],
    ['12/25/2026', 'UTC', '2026-12-25'],
    ['13.01.27', 'UTC', '2027-01-13'],
    ['04/04/85', 'UTC', '1985-04-04'],
    ['today', 'UTC', '2026-12-10'],
    ['today', 'Asia/Tokyo', '2026-12-11'],
    ['tomorrow', 'America/Los_Angeles', '2026-12-11'],
    ['next Friday', 'UTC', '2026-12-11'],
    ['next Friday', 'Asia/Tokyo', '2026-12-18'],
    ['thursday', 'UTC', '2026-12-17'],
    ['10 December', 'UTC', '2026-12-10'],
    ['9 December', 'UTC', '2027-12-09'],
    ['29 February', 'UTC', '2028-02-29'],
  ])('%p in %s as %s', (typed, zone, date) => {
    expect(readDate(typed, NOW, zone)).toEqual({ ok: true, date })
  })
})

describe('readDate refuses', () => {
  test.each(['31/02/2027', '2027-02-30', 'soon', 'the 5th', 'Marchember 3', '', '1/2/3/4'])('%p', (typed) => {
    expect(readDate(typed, NOW, 'UTC')).toEqual({ ok: false, ambiguous: null })
  })

  test('a numeric date both orders make real gives both readings', () => {
    expect(readDate('12/03', NOW, 'UTC')).toEqual({ ok: false, ambiguous: ['2027-03-12', '2027-12-03'] })
    expect(readDate('01/02/2027', NOW, 'UTC')).toEqual({ ok: false, ambiguous: ['2027-02-01', '2027-01-02'] })
    // The same number twice is one date.
    expect(readDate('05/05/2027', NOW, 'UTC')).toEqual({ ok: true, date: '2027-05-05' })
  })

  test('days are described for people', () => {
    expect(describeDay('2027-03-12')).toBe('Friday 12 March 2027')
  })
})
