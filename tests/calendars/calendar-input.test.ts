import { describe, expect, test } from 'bun:test'
import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { DEFAULT_AVAILABILITY } from '../../src/features/calendars/availability-input'
import { CALENDAR_MESSAGES, CalendarInputSchema, parseCalendarEdit, parseCalendarInputs } from '../../src/features/calendars/calendar-input'

const valid = {
  calendar_name: 'Consultations',
  calendar_email: 'desk@example.com',
  daily_start: '9:00 AM',
  daily_end: '5:00 PM',
  local_timezone: 'America/New_York',
  description: 'Zoom link follows by e-mail.',
  include_weekends: false,
  min15App: false,
  min30App: true,
  min45App: false,
  min60App: true,
}

/** The error of a one-calendar list whose first item is `valid` with `changes` applied. */
function errorOf(changes: Record<string, unknown>, removed: string[] = []) {
  const item: Record<string, unknown> = { ...valid, ...changes }
  for (const key of removed) delete item[key]
  const result = parseCalendarInputs([item])
  if (result.ok) throw new Error('expected a validation error')
  return `${result.field}: ${result.message}`
}

describe('parseCalendarInputs accepts', () => {
  test('a full calendar, converted to the engine units', () => {
    expect(parseCalendarInputs([valid])).toEqual({
      ok: true,
      calendars: [
        {
          name: 'Consultations',
          email: 'desk@example.com',
          dailyStart: 540,
          dailyEnd: 1020,
          timeZone: 'America/New_York',
          description: 'Zoom link follows by e-mail.',
          includeWeekends: false,
          durations: [30, 60],
          ...DEFAULT_AVAILABILITY,
        },
      ],
    })
  })

  test('the minimal calendar: defaults false and empty description; trimmed text', () => {
    const result = parseCalendarInputs([
      {
        calendar_name: '  Clinic ',
        calendar_email: ' clinic@example.org ',
        daily_start: '12:00 AM',
        daily_end: '11:59 pm',
        local_timezone: 'asia/kolkata',
        min45App: true,
      },
    ])
    expect(result).toEqual({
      ok: true,
      calendars: [
        {
          name: 'Clinic',
          email: 'clinic@example.org',
          dailyStart: 0,
          dailyEnd: 1439,
          timeZone: 'Asia/Kolkata',
          description: '',
          includeWeekends: false,
          durations: [45],
          ...DEFAULT_AVAILABILITY,
        },
      ],
    })
  })

  test("the strings 'true'/'false' that multipart forms send", () => {
    const result = parseCalendarInputs([{ ...valid, include_weekends: 'true', min15App: 'true', min30App: 'false', min45App: 'true', min60App: 'false' }])
    if (!result.ok) throw new Error(result.message)
    expect(result.calendars[0].includeWeekends).toBe(true)
    expect(result.calendars[0].durations).toEqual([15, 45])
  })

  test('a JSON string holding the list, and several calendars', () => {
    const result = parseCalendarInputs(JSON.stringify([valid, { ...valid, calendar_name: 'Second' }]))
    if (!result.ok) throw new Error(result.message)
    expect(result.calendars.map((calendar) => calendar.name)).toEqual(['Consultations', 'Second'])
  })

  test('null for optional fields means absent', () => {
    const result = parseCalendarInputs([{ ...valid, description: null, include_weekends: null }])
    if (!result.ok) throw new Error(result.message)
    expect(result.calendars[0].description).toBe('')
    expect(result.calendars[0].includeWeekends).toBe(false)
  })

  test('text at the length limits', () => {
    const result = parseCalendarInputs([
      {
        ...valid,
        calendar_name: 'n'.repeat(100),
        description: 'd'.repeat(2000),
        calendar_email: `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
      },
    ])
    expect(result.ok).toBe(true)
  })
})

describe('parseCalendarInputs refuses', () => {
  test('a value that is not a list', () => {
    expect(parseCalendarInputs({ ...valid })).toMatchObject({ ok: false, field: 'calendar_data', message: 'must be a list of calendars' })
    expect(parseCalendarInputs('not json')).toMatchObject({ ok: false, field: 'calendar_data', message: CALENDAR_MESSAGES.notList })
    expect(parseCalendarInputs(undefined, 'calendars')).toMatchObject({ ok: false, field: 'calendars', message: CALENDAR_MESSAGES.notList })
  })

  test('an empty list', () => {
    expect(parseCalendarInputs([])).toMatchObject({
      ok: false,
      field: 'calendar_data',
      message: 'must contain at least one calendar',
    })
  })

  test('an item that is not an object, naming its index', () => {
    expect(parseCalendarInputs([valid, valid, 'x'])).toMatchObject({
      ok: false,
      field: 'calendar_data[2]',
      message: 'must be an object',
    })
    expect(parseCalendarInputs([[valid]])).toMatchObject({ field: 'calendar_data[0]', message: 'must be an object' })
  })

  test('the index of the bad item among good ones', () => {
    const result = parseCalendarInputs([valid, valid, { ...valid, daily_start: '25:00' }])
    expect(result).toMatchObject({ ok: false, field: 'calendar_data[2].daily_start', message: 'must be a time like 9:00 AM' })
  })

  test('calendar_name', () => {
    expect(errorOf({}, ['calendar_name'])).toBe('calendar_data[0].calendar_name: is required')
    expect(errorOf({ calendar_name: null })).toBe('calendar_data[0].calendar_name: is required')
    expect(errorOf({ calendar_name: 7 })).toBe('calendar_data[0].calendar_name: must be a string')
    expect(errorOf({ calendar_name: '   ' })).toBe('calendar_data[0].calendar_name: must not be empty')
    expect(errorOf({ calendar_name: 'n'.repeat(101) })).toBe('calendar_data[0].calendar_name: must be at most 100 characters')
  })

  test('calendar_email', () => {
    expect(errorOf({}, ['calendar_email'])).toBe('calendar_data[0].calendar_email: is required')
    expect(errorOf({ calendar_email: '' })).toBe('calendar_data[0].calendar_email: must not be empty')
    expect(errorOf({ calendar_email: ['a@b.co'] })).toBe('calendar_data[0].calendar_email: must be a string')
    expect(errorOf({ calendar_email: 'desk.example.com' })).toBe('calendar_data[0].calendar_email: must be a valid e-mail address')
    expect(errorOf({ calendar_email: 'desk@example' })).toBe('calendar_data[0].calendar_email: must be a valid e-mail address')
    expect(errorOf({ calendar_email: 'desk @example.com' })).toBe('calendar_data[0].calendar_email: must be a valid e-mail address')
    expect(errorOf({ calendar_email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` })).toBe('calendar_data[0].calendar_email: must be at most 254 characters')
  })

  test('daily_start and daily_end', () => {
    expect(errorOf({}, ['daily_start'])).toBe('calendar_data[0].daily_start: is required')
    expect(errorOf({}, ['daily_end'])).toBe('calendar_data[0].daily_end: is required')
    expect(errorOf({ daily_start: '09:00' })).toBe('calendar_data[0].daily_start: must be a time like 9:00 AM')
    expect(errorOf({ daily_start: 900 })).toBe('calendar_data[0].daily_start: must be a time like 9:00 AM')
    expect(errorOf({ daily_end: '0:00 PM' })).toBe('calendar_data[0].daily_end: must be a time like 9:00 AM')
  })

  test('daily_end not after daily_start', () => {
    expect(errorOf({ daily_start: '5:00 PM', daily_end: '9:00 AM' })).toBe('calendar_data[0].daily_end: must be after daily_start')
    expect(errorOf({ daily_start: '9:00 AM', daily_end: '09:00 am' })).toBe('calendar_data[0].daily_end: must be after daily_start')
    // 12:00 AM is midnight at the start of the day, so it cannot close one.
    expect(errorOf({ daily_start: '9:00 AM', daily_end: '12:00 AM' })).toBe('calendar_data[0].daily_end: must be after daily_start')
  })

  test('local_timezone', () => {
    expect(errorOf({}, ['local_timezone'])).toBe('calendar_data[0].local_timezone: is required')
    expect(errorOf({ local_timezone: 'Foo/Bar' })).toBe('calendar_data[0].local_timezone: must be a time zone name like America/New_York')
    expect(errorOf({ local_timezone: '' })).toBe('calendar_data[0].local_timezone: must be a time zone name like America/New_York')
    expect(errorOf({ local_timezone: '+05:00' })).toBe('calendar_data[0].local_timezone: must be a time zone name like America/New_York')
    expect(errorOf({ local_timezone: 5 })).toBe('calendar_data[0].local_timezone: must be a time zone name like America/New_York')
  })

  test('description', () => {
    expect(errorOf({ description: 12 })).toBe('calendar_data[0].description: must be a string')
    expect(errorOf({ description: 'd'.repeat(2001) })).toBe('calendar_data[0].description: must be at most 2,000 characters')
  })

  test('booleans that are not true or false', () => {
    expect(errorOf({ include_weekends: 'yes' })).toBe('calendar_data[0].include_weekends: must be true or false')
    expect(errorOf({ min15App: 1 })).toBe('calendar_data[0].min15App: must be true or false')
    expect(errorOf({ min60App: 'TRUE ' })).toBe('calendar_data[0].min60App: must be true or false')
  })

  test('no appointment length enabled', () => {
    expect(errorOf({ min30App: false, min60App: 'false' })).toBe('calendar_data[0]: must enable at least one of min15App, min30App, min45App, min60App')
    expect(errorOf({}, ['min15App', 'min30App', 'min45App', 'min60App'])).toBe(`calendar_data[0]: ${CALENDAR_MESSAGES.noDuration}`)
  })
})

describe('every problem at once', () => {
  test('each field of each calendar reports its first problem; the result names the first of all', () => {
    const result = parseCalendarInputs([
      { ...valid, calendar_name: ' ', calendar_email: 'desk.example.com', daily_start: '5:00 PM', daily_end: '9:00 AM', min30App: false, min60App: false },
      valid,
      { ...valid, local_timezone: 'Foo/Bar', description: 7 },
    ])
    if (result.ok) throw new Error('expected a validation error')
    expect(result.problems.map((p) => `${p.field}: ${p.kind}`)).toEqual([
      'calendar_data[0].calendar_name: empty',
      'calendar_data[0].calendar_email: badEmail',
      'calendar_data[0].daily_end: endNotAfterStart',
      'calendar_data[0]: noDuration',
      'calendar_data[2].local_timezone: badZone',
      'calendar_data[2].description: notString',
    ])
    expect(result).toMatchObject({ field: 'calendar_data[0].calendar_name', message: CALENDAR_MESSAGES.empty })
    // A time that cannot be read is reported once: it is not compared with the other.
    const unreadable = parseCalendarInputs([{ ...valid, daily_start: '25:00', daily_end: '8:00 AM' }])
    expect(unreadable.ok ? [] : unreadable.problems.map((p) => p.kind)).toEqual(['badTime'])
  })

  test('calendar-edit lists them under the field names themselves', () => {
    const stored = parseCalendarInputs([valid])
    if (!stored.ok) throw new Error('valid calendar refused')
    const edit = parseCalendarEdit(stored.calendars[0], { calendar_email: 'nope', daily_end: '8:00 AM', min30App: false, min60App: false })
    expect(edit.ok ? [] : edit.problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'calendar_email: must be a valid e-mail address',
      'daily_end: must be after daily_start',
      'calendar_id: must enable at least one of min15App, min30App, min45App, min60App',
    ])
  })
})

describe('CalendarInputSchema', () => {
  test('describes the spec fields for the OpenAPI document', () => {
    // The spec's fields, then contract 16's availability.
    expect(Object.keys(CalendarInputSchema.properties)).toEqual([...Object.keys(valid), 'weekly_hours', 'buffer_minutes', 'minimum_notice_minutes', 'max_days_ahead', 'days_off'])
    const required: string[] | undefined = CalendarInputSchema.required
    expect(required).toEqual(['calendar_name', 'calendar_email', 'daily_start', 'daily_end', 'local_timezone'])
  })

  test('a valid JSON body matches it', () => {
    // The email format is registered by the web framework, not here; check the rest.
    const properties: Record<string, TSchema> = CalendarInputSchema.properties
    for (const [key, value] of Object.entries(valid)) {
      if (key !== 'calendar_email') expect(Value.Check(properties[key], value)).toBe(true)
    }
    expect(Value.Check(CalendarInputSchema.properties.min15App, 'maybe')).toBe(false)
    expect(Value.Check(CalendarInputSchema.properties.calendar_name, 'n'.repeat(101))).toBe(false)
  })
})
