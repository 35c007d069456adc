/**
 * The booking core against the real database of a started app. 'now' is placed with the app's
 * AdjustableClock; the chatbots are created over HTTP first, while the subscription is current.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { AppError } from '../../src/http/errors'
import { isUniqueViolation } from '../../src/db/errors'
import { insertAppointment } from '../../src/features/bookings/repo'
import { availableSlots, bookAppointment, listAppointments, type BookingInput } from '../../src/features/bookings/service'
import { publicCalendars } from '../../src/features/calendars/service'
import { SLOT_TAKEN } from '../../src/features/calendars/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'

let app: TestApp
let chatbot: string
let otherChatbot: string
/** calendar name -> id */
const ids: Record<string, string> = {}

const calendarInput = (name: string, changes: Record<string, unknown>) => ({
  calendar_name: name,
  calendar_email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
  daily_start: '9:00 AM',
  daily_end: '5:00 PM',
  local_timezone: 'America/New_York',
  description: 'Video call',
  include_weekends: false,
  ...changes,
})

const nights = { daily_start: '12:00 AM', daily_end: '4:00 AM', include_weekends: true, min30App: true, min60App: true }

const CALENDARS = [
  calendarInput('NY office', { min30App: true, min60App: true }),
  calendarInput('NY nights', nights),
  calendarInput('London nights', { ...nights, local_timezone: 'Europe/London' }),
  calendarInput('Kolkata', { local_timezone: 'Asia/Kolkata', min30App: true }),
  calendarInput('NY weekends', { include_weekends: true, min60App: true }),
]

async function createBot(token: string, calendarData: unknown[]): Promise<string> {
  const reply = await client(app.url, token).post('/api/v1.0/api-appointment-calendar/', {
    chatbot_name: 'Clinic',
    chatbot_greeting: 'Book a visit',
    business_industry: 'Health',
    calendar_data: calendarData,
  })
  if (reply.status !== 200) throw new Error(`creation: ${JSON.stringify(reply.body)}`)
  return reply.body.chatbot_id
}

/** Moves the app's clock so that it reads `iso` now. */
function placeNow(iso: string): void {
  app.clock.advance(Date.parse(iso) - app.clock.now().getTime())
}

const starts = (answer: { slots: { start: string }[] }) => answer.slots.map((s) => s.start)
const pairs = (answer: { slots: { start: string; end: string }[] }) => answer.slots.map((s) => `${s.start} ${s.end}`)

const booking = (calendar: string, start: string, duration = 60, name = 'Ada'): BookingInput => ({
  calendar_id: ids[calendar],
  duration,
  start,
  client_name: name,
  client_email: `${name.toLowerCase()}@client.example`,
  answers: [{ title: 'Reason', value: 'Check-up' }],
})

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (error) {
    const http = error as AppError
    return { status: http.status, message: http.message }
  }
  throw new Error('expected a failure')
}

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'clinic@example.com')
  chatbot = await createBot(token, CALENDARS)
  otherChatbot = await createBot(token, [calendarInput('Elsewhere', { min60App: true })])
  for (const calendar of await publicCalendars(app.ctx, chatbot)) ids[calendar.name] = calendar.calendar_id
  ids.Elsewhere = (await publicCalendars(app.ctx, otherChatbot))[0].calendar_id
})
afterAll(async () => {
  await app.stop()
})

describe('availableSlots', () => {
  test('America/New_York spring forward: 2:00 AM does not exist', async () => {
    placeNow('2026-03-01T12:00:00Z')
    const answer = await availableSlots(app.ctx, chatbot, ids['NY nights'], '60', '2026-03-08')
    expect(answer).toMatchObject({ calendar_id: ids['NY nights'], date: '2026-03-08', duration: 60, time_zone: 'America/New_York' })
    expect(pairs(answer)).toEqual([
      '2026-03-08T00:00:00-05:00 2026-03-08T01:00:00-05:00',
      '2026-03-08T01:00:00-05:00 2026-03-08T03:00:00-04:00',
      '2026-03-08T03:00:00-04:00 2026-03-08T04:00:00-04:00',
    ])
  })

  test('America/New_York fall back: 1:00 AM is offered once, at its first occurrence', async () => {
    placeNow('2026-10-20T12:00:00Z')
    const answer = await availableSlots(app.ctx, chatbot, ids['NY nights'], 60, '2026-11-01')
    expect(pairs(answer)).toEqual([
      '2026-11-01T00:00:00-04:00 2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-04:00 2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00 2026-11-01T03:00:00-05:00',
      '2026-11-01T03:00:00-05:00 2026-11-01T04:00:00-05:00',
    ])
  })

  test('Europe/London spring forward and fall back', async () => {
    placeNow('2026-03-20T12:00:00Z')
    expect(starts(await availableSlots(app.ctx, chatbot, ids['London nights'], '60', '2026-03-29'))).toEqual([
      '2026-03-29T00:00:00+00:00',
      '2026-03-29T02:00:00+01:00',
      '2026-03-29T03:00:00+01:00',
    ])
    placeNow('2026-10-20T12:00:00Z')
    expect(starts(await availableSlots(app.ctx, chatbot, ids['London nights'], '30', '2026-10-25'))).toEqual([
      '2026-10-25T00:00:00+01:00',
      '2026-10-25T00:30:00+01:00',
      '2026-10-25T01:00:00+01:00',
      '2026-10-25T01:30:00+01:00',
      '2026-10-25T02:00:00+00:00',
      '2026-10-25T02:30:00+00:00',
      '2026-10-25T03:00:00+00:00',
      '2026-10-25T03:30:00+00:00',
    ])
  })

  test('Asia/Kolkata: half-hour offset, its own day', async () => {
    placeNow('2026-11-25T00:00:00Z')
    const answer = await availableSlots(app.ctx, chatbot, ids.Kolkata, '30', '2026-12-01')
    expect(answer.time_zone).toBe('Asia/Kolkata')
    expect(answer.slots).toHaveLength(16)
    expect(answer.slots[0]).toEqual({ start: '2026-12-01T09:00:00+05:30', end: '2026-12-01T09:30:00+05:30' })
    expect(answer.slots[15]).toEqual({ start: '2026-12-01T16:30:00+05:30', end: '2026-12-01T17:00:00+05:30' })
  })

  test('across a weekend: Friday and Monday only, unless the calendar includes weekends', async () => {
    placeNow('2026-11-25T00:00:00Z')
    const days = ['2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07']
    const weekdaysOnly = await Promise.all(days.map((d) => availableSlots(app.ctx, chatbot, ids['NY office'], '60', d)))
    expect(weekdaysOnly.map((a) => a.slots.length)).toEqual([8, 0, 0, 8])
    const everyDay = await Promise.all(days.map((d) => availableSlots(app.ctx, chatbot, ids['NY weekends'], '60', d)))
    expect(everyDay.map((a) => a.slots.length)).toEqual([8, 8, 8, 8])
    expect(everyDay[1].slots[0].start).toBe('2026-12-05T09:00:00-05:00')
  })

  test('today drops the past; a past day or one over 180 days ahead has no slots', async () => {
    placeNow('2026-12-01T15:10:00Z') // 10:10 AM in New York
    expect(starts(await availableSlots(app.ctx, chatbot, ids['NY office'], '60', '2026-12-01'))[0]).toBe('2026-12-01T11:00:00-05:00')
    expect((await availableSlots(app.ctx, chatbot, ids['NY office'], '60', '2026-11-30')).slots).toEqual([])
    expect((await availableSlots(app.ctx, chatbot, ids['NY office'], '60', '2027-06-30')).slots).toEqual([])
  })

  test('400 naming the parameter: unknown calendar, duration not enabled, bad date', async () => {
    placeNow('2026-11-25T00:00:00Z')
    const cases: [Promise<unknown>, string][] = [
      [availableSlots(app.ctx, chatbot, 'no-such-calendar', '60', '2026-12-01'), 'calendar_id: is not a calendar of this chatbot'],
      [availableSlots(app.ctx, chatbot, ids.Elsewhere, '60', '2026-12-01'), 'calendar_id: is not a calendar of this chatbot'],
      [availableSlots(app.ctx, chatbot, undefined, '60', '2026-12-01'), 'calendar_id: is required'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, '60', '2026-12-01'), 'duration: must be one this calendar offers: 30'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, '20', '2026-12-01'), 'duration: must be one of 15, 30, 45, 60'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, 'abc', '2026-12-01'), 'duration: must be one of 15, 30, 45, 60'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, undefined, '2026-12-01'), 'duration: is required'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, '30', '2026-02-30'), 'date: must be a date like 2026-12-01'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, '30', '1/12/2026'), 'date: must be a date like 2026-12-01'],
      [availableSlots(app.ctx, chatbot, ids.Kolkata, '30', undefined), 'date: is required'],
    ]
    // Every call is under way at once: catch them all now, so none is an unhandled rejection while an
    // earlier one waits on the database.
    const outcomes = cases.map(([call, message]) => [failure(call), message] as const)
    for (const [outcome, message] of outcomes) expect(await outcome).toEqual({ status: 400, message })
  })
})

describe('bookAppointment', () => {
  test('books an offered slot; it and every overlapping slot disappear', async () => {
    placeNow('2026-11-25T00:00:00Z')
    // Written in UTC: the same instant as 10:00 AM New York; the answer uses the calendar's offset.
    const booked = await bookAppointment(app.ctx, chatbot, booking('NY office', '2026-12-02T15:00:00Z'))
    expect(booked).toEqual({
      appointment_id: expect.any(String),
      calendar_id: ids['NY office'],
      start: '2026-12-02T10:00:00-05:00',
      end: '2026-12-02T11:00:00-05:00',
      status: 'confirmed',
    })
    const hours = starts(await availableSlots(app.ctx, chatbot, ids['NY office'], '60', '2026-12-02'))
    expect(hours).not.toContain('2026-12-02T10:00:00-05:00')
    expect(hours).toHaveLength(7)
    const halves = starts(await availableSlots(app.ctx, chatbot, ids['NY office'], '30', '2026-12-02'))
    expect(halves).toContain('2026-12-02T09:30:00-05:00')
    expect(halves).not.toContain('2026-12-02T10:00:00-05:00')
    expect(halves).not.toContain('2026-12-02T10:30:00-05:00')
    expect(halves).toContain('2026-12-02T11:00:00-05:00')
    // Another calendar of the chatbot is not affected.
    expect(starts(await availableSlots(app.ctx, chatbot, ids['NY weekends'], '60', '2026-12-02'))).toContain('2026-12-02T10:00:00-05:00')

    const again = await failure(bookAppointment(app.ctx, chatbot, booking('NY office', '2026-12-02T10:00:00-05:00', 60, 'Bob')))
    expect(again).toEqual({ status: 409, message: SLOT_TAKEN })
    const overlapping = await failure(bookAppointment(app.ctx, chatbot, booking('NY office', '2026-12-02T10:30:00-05:00', 30, 'Cy')))
    expect(overlapping).toEqual({ status: 409, message: SLOT_TAKEN })
  })

  test('a start that is past, off the grid or outside hours: 409', async () => {
    placeNow('2026-12-03T15:10:00Z') // 10:10 AM in New York
    for (const start of ['2026-12-03T09:00:00-05:00', '2026-12-03T11:15:00-05:00', '2026-12-03T17:00:00-05:00', '2026-12-05T11:00:00-05:00']) {
      expect(await failure(bookAppointment(app.ctx, chatbot, booking('NY office', start)))).toEqual({ status: 409, message: SLOT_TAKEN })
    }
    expect((await bookAppointment(app.ctx, chatbot, booking('NY office', '2026-12-03T11:00:00-05:00'))).status).toBe('confirmed')
  })

  test('books across a DST change at the real instant', async () => {
    placeNow('2026-10-20T12:00:00Z')
    const booked = await bookAppointment(app.ctx, chatbot, booking('NY nights', '2026-11-01T05:00:00Z'))
    expect([booked.start, booked.end]).toEqual(['2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00'])
    // The repeated 1:00 AM (EST) is not a slot start.
    expect(await failure(bookAppointment(app.ctx, chatbot, booking('NY nights', '2026-11-01T01:00:00-05:00')))).toEqual({ status: 409, message: SLOT_TAKEN })
  })

  test('400 naming the field for an unknown calendar, a duration not enabled, a bad start or e-mail', async () => {
    placeNow('2026-11-25T00:00:00Z')
    const start = '2026-12-08T09:00:00-05:00'
    const cases: [BookingInput, string][] = [
      [{ ...booking('NY office', start), calendar_id: 'nope' }, 'calendar_id: is not a calendar of this chatbot'],
      [booking('Elsewhere', start), 'calendar_id: is not a calendar of this chatbot'],
      [booking('NY office', start, 45), 'duration: must be one this calendar offers: 30, 60'],
      [booking('NY office', '2026-12-08 09:00'), 'start: must be an ISO 8601 date-time with an offset, like 2026-12-01T09:00:00-05:00'],
      [booking('NY office', '2026-12-08T09:00:00'), 'start: must be an ISO 8601 date-time with an offset, like 2026-12-01T09:00:00-05:00'],
      [{ ...booking('NY office', start), client_email: 'not-mail' }, 'client_email: must be a valid e-mail address'],
      [{ ...booking('NY office', start), client_name: ' ' }, 'client_name: must not be empty'],
    ]
    for (const [input, message] of cases) expect(await failure(bookAppointment(app.ctx, chatbot, input))).toEqual({ status: 400, message })
  })

  test('20 simultaneous bookings of one slot: exactly one succeeds, 19 get 409', async () => {
    placeNow('2026-11-25T00:00:00Z')
    const start = '2026-12-09T14:00:00-05:00'
    // Mixed durations and spellings of the same instant: all compete for 2:00 PM.
    const attempts = Array.from({ length: 20 }, (_, i) =>
      bookAppointment(app.ctx, chatbot, booking('NY office', i % 2 ? '2026-12-09T19:00:00Z' : start, i % 3 ? 60 : 30, `Client${i}`)).then(
        (b) => ({ ok: true as const, b }),
        (e: AppError) => ({ ok: false as const, status: e.status, message: e.message }),
      ),
    )
    const results = await Promise.all(attempts)
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const refused = results.filter((r) => !r.ok)
    expect(refused).toHaveLength(19)
    expect(refused.every((r) => !r.ok && r.status === 409 && r.message === SLOT_TAKEN)).toBe(true)
    const rows = await app.ctx.db
      .selectFrom('appointments')
      .select('start_at')
      .where('calendar_id', '=', ids['NY office'])
      .where('start_at', '=', '2026-12-09T19:00:00.000Z')
      .execute()
    expect(rows).toHaveLength(1)
  })

  test('the unique (calendar_id, start_at) index stands behind the check, and is recognised', async () => {
    const row = {
      chatbotId: chatbot,
      calendarId: ids.Kolkata,
      start: new Date('2026-12-10T03:30:00Z'),
      end: new Date('2026-12-10T04:00:00Z'),
      duration: 30,
      clientName: 'Raw',
      clientEmail: 'raw@client.example',
      answers: [],
      now: new Date(),
    }
    await insertAppointment(app.ctx.db, row)
    let caught: unknown
    try {
      await insertAppointment(app.ctx.db, { ...row, clientName: 'Second' })
    } catch (error) {
      caught = error
    }
    expect(isUniqueViolation(caught)).toBe(true)
    expect(isUniqueViolation(new Error('other'))).toBe(false)
  })

  test('listAppointments: earliest first, in each calendar offset, with the answers', async () => {
    const list = await listAppointments(app.ctx, chatbot)
    expect(list.length).toBeGreaterThanOrEqual(4)
    expect(list.map((a) => a.start)).toEqual([...list.map((a) => a.start)].sort((a, b) => Date.parse(a) - Date.parse(b)))
    const first = list.find((a) => a.start === '2026-12-02T10:00:00-05:00')
    expect(first).toEqual({
      appointment_id: expect.any(String),
      calendar_id: ids['NY office'],
      calendar_name: 'NY office',
      start: '2026-12-02T10:00:00-05:00',
      end: '2026-12-02T11:00:00-05:00',
      duration: 60,
      client_name: 'Ada',
      client_email: 'ada@client.example',
      answers: [{ title: 'Reason', value: 'Check-up' }],
      created_at: expect.any(String),
      status: 'confirmed',
    })
    expect(list.find((a) => a.calendar_name === 'Kolkata')?.start).toBe('2026-12-10T09:00:00+05:30')
    expect(await listAppointments(app.ctx, otherChatbot)).toEqual([])
  })
})
