// Slots for visitors (contract 10): `time_zone` shows a calendar's free times on the visitor's own
// day and clock, and an empty day says which later day has a free slot (next_available_date).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BOOKING_MESSAGES } from '../../src/features/calendars/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { BAKERY_CALENDAR, createChatbot, placeNow } from '../support/chatbots'
import { path } from '../support/endpoints'

let app: TestApp
/** 9:00 to 17:00 in New York, every day. */
let fullDays: { chatbot: string; calendar: string }
/** One hour a weekday, 9:00 to 10:00 in New York. */
let mornings: { chatbot: string; calendar: string }

async function appointmentChatbot(token: string, calendar: Record<string, unknown>) {
  const chatbot = (await createChatbot(app, token, 'appointment', { calendar_data: [calendar] })).id
  return { chatbot, calendar: (await client(app.url).get(path.widget(chatbot))).body.calendars[0].calendar_id as string }
}

const slots = (at: { chatbot: string; calendar: string }, query: string) => client(app.url).get(`${path.slots(at.chatbot)}?calendar_id=${at.calendar}&duration=60&${query}`)

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'zones@bakery.example')
  fullDays = await appointmentChatbot(token, BAKERY_CALENDAR)
  mornings = await appointmentChatbot(token, { ...BAKERY_CALENDAR, daily_start: '9:00 AM', daily_end: '10:00 AM', include_weekends: false })
  // 07:00 in New York on Tuesday 1 December 2026 (21:00 in Tokyo).
  placeNow(app, '2026-12-01T12:00:00Z')
})
afterAll(() => app.stop())

describe('time_zone', () => {
  test("the visitor's day and offsets: New York's 9:00 to 17:00 is 15:00 to 23:00 in Paris", async () => {
    const answer = await slots(fullDays, 'date=2026-12-02&time_zone=Europe/Paris')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ calendar_id: fullDays.calendar, date: '2026-12-02', duration: 60, time_zone: 'Europe/Paris' })
    expect(answer.body.slots).toHaveLength(8)
    expect(answer.body.slots[0]).toEqual({ start: '2026-12-02T15:00:00+01:00', end: '2026-12-02T16:00:00+01:00' })
    expect(answer.body.slots[7]).toEqual({ start: '2026-12-02T22:00:00+01:00', end: '2026-12-02T23:00:00+01:00' })
    expect(answer.body.next_available_date).toBeUndefined()
  })

  test("a Tokyo day takes slots from two of the calendar's days, in order", async () => {
    const answer = await slots(fullDays, 'date=2026-12-03&time_zone=asia/tokyo')
    expect(answer.status).toBe(200)
    expect(answer.body.time_zone).toBe('Asia/Tokyo')
    expect(answer.body.slots.map((s: { start: string }) => s.start)).toEqual([
      // 10:00 to 16:00 on Wednesday 2 December in New York...
      ...['00', '01', '02', '03', '04', '05', '06'].map((h) => `2026-12-03T${h}:00:00+09:00`),
      // ...and 9:00 on Thursday 3 December there.
      '2026-12-03T23:00:00+09:00',
    ])
  })

  test('without it nothing changes: the calendar zone and its offsets', async () => {
    const answer = await slots(fullDays, 'date=2026-12-02')
    expect(answer.body.time_zone).toBe('America/New_York')
    expect(answer.body.slots[0]).toEqual({ start: '2026-12-02T09:00:00-05:00', end: '2026-12-02T10:00:00-05:00' })
  })

  test('a name that is not a known IANA zone is refused with 400 naming time_zone', async () => {
    for (const zone of ['Mars/Olympus_Mons', '+05:00', '']) {
      const answer = await slots(fullDays, `date=2026-12-02&time_zone=${encodeURIComponent(zone)}`)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toBe(`time_zone: ${BOOKING_MESSAGES.unknownZone}`)
    }
  })
})

describe('next_available_date', () => {
  test('an empty day names the first later day with a free slot, bookings and weekends skipped', async () => {
    const saturday = await slots(mornings, 'date=2026-12-05')
    expect(saturday.status).toBe(200)
    expect(saturday.body.slots).toEqual([])
    expect(saturday.body.next_available_date).toBe('2026-12-07')

    const booked = await client(app.url).post(path.book(mornings.chatbot), {
      visitor_id: 'early-bird',
      calendar_id: mornings.calendar,
      duration: 60,
      start: '2026-12-07T09:00:00-05:00',
      client_name: 'Early Bird',
      client_email: 'early@client.example',
    })
    expect(booked.status).toBe(200)
    expect((await slots(mornings, 'date=2026-12-05')).body.next_available_date).toBe('2026-12-08')
    expect((await slots(mornings, 'date=2026-12-07')).body).toMatchObject({ slots: [], next_available_date: '2026-12-08' })
  })

  test("in the visitor's zone: New York's 9:00 is 23:00 the same day in Tokyo", async () => {
    const wednesday = await slots(mornings, 'date=2026-12-02&time_zone=Asia/Tokyo')
    expect(wednesday.body.slots).toEqual([{ start: '2026-12-02T23:00:00+09:00', end: '2026-12-03T00:00:00+09:00' }])
    // Sunday and Monday in Tokyo: New York's weekend, then the booked Monday morning.
    const sunday = await slots(mornings, 'date=2026-12-06&time_zone=Asia/Tokyo')
    expect(sunday.body).toMatchObject({ time_zone: 'Asia/Tokyo', slots: [], next_available_date: '2026-12-08' })
  })

  test('null when no day within the 180-day window has a free slot', async () => {
    const beyond = await slots(mornings, 'date=2027-07-01')
    expect(beyond.body).toMatchObject({ slots: [], next_available_date: null })
  })

  test('a day with slots carries no next_available_date', async () => {
    const tuesday = await slots(mornings, 'date=2026-12-08')
    expect(tuesday.body.slots).toHaveLength(1)
    expect('next_available_date' in tuesday.body).toBe(false)
  })
})
