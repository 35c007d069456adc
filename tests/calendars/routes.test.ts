import { endSubscription } from '../../src/features/billing/service'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ADD_SUBSCRIPTION_REQUIRED,
  ADD_WRONG_TYPE,
  CALENDAR_DATA_REQUIRED,
  CALENDAR_DELETED,
  CALENDAR_LIMIT_REACHED,
  CALENDARS_ADDED,
  calendarNotFound,
  MANAGE_WRONG_TYPE,
  SUBSCRIPTION_REQUIRED,
  VIEW_WRONG_TYPE,
} from '../../src/features/calendars/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'

let app: TestApp
let owner: string
let stranger: string
let lapsed: string

const ADD = (id: string) => `/api/v1.0/chatbot-calendar-add/${id}/`
const VIEW = (id: string) => `/api/v1.0/chatbot-calendar-view/${id}/`
const DELETE = (id: string) => `/api/v1.0/chatbot-calendar-delete/${id}/`
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const calendarInput = (n: number, changes: Record<string, unknown> = {}) => ({
  calendar_name: `Room ${n}`,
  calendar_email: `room${n}@example.com`,
  daily_start: '9:00 AM',
  daily_end: '5:00 PM',
  local_timezone: 'America/New_York',
  description: `Room ${n}, second floor`,
  include_weekends: false,
  min30App: true,
  ...changes,
})
const calendars = (count: number, from = 1) => Array.from({ length: count }, (_, i) => calendarInput(from + i))

async function createAppointmentBot(token: string, calendarData: unknown[]): Promise<string> {
  const reply = await client(app.url, token).post('/api/v1.0/api-appointment-calendar/', {
    chatbot_name: 'Booker',
    chatbot_greeting: 'Hi! Want to book?',
    business_industry: 'Health',
    calendar_data: calendarData,
  })
  if (reply.status !== 200) throw new Error(`creation: ${JSON.stringify(reply.body)}`)
  return reply.body.chatbot_id
}

async function createKnowledgeBot(token: string): Promise<string> {
  const reply = await client(app.url, token).post('/api/v1.0/api-knowledge-retrieval/', {
    chatbot_name: 'Library',
    chatbot_greeting: 'Ask me',
    chatbot_instructions: 'Ask about manuals',
    business_industry: 'Software',
  })
  if (reply.status !== 200) throw new Error(`creation: ${JSON.stringify(reply.body)}`)
  return reply.body.chatbot_id
}

async function view(token: string, id: string) {
  return client(app.url, token).get(VIEW(id))
}

beforeAll(async () => {
  // Many small chatbots below: a plan with room for them.
  const plans = join(mkdtempSync(join(tmpdir(), 'calendar-plans-')), 'plans.json')
  writeFileSync(plans, JSON.stringify([{ id: 'big', name: 'Big', price: '1.00', currency: 'usd', interval: 'year', stripe_price_id: null, chatbots: 100, training_words: 1000 }]))
  app = await startTestApp({ PLANS_FILE: plans })
  owner = await subscribedToken(app, 'owner@example.com')
  stranger = await subscribedToken(app, 'stranger@example.com')
  lapsed = await subscribedToken(app, 'lapsed@example.com')
  // The lapsed account keeps its token but its subscription has ended.
  const account = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'lapsed@example.com').executeTakeFirstOrThrow()
  await endSubscription(app.ctx, account.id)
})
afterAll(async () => {
  await app.stop()
})

describe('calendar-add', () => {
  test('the limit is all-or-nothing: 8 + 3 is refused and leaves 8, 8 + 2 reaches 10', async () => {
    const id = await createAppointmentBot(owner, calendars(8))
    const api = client(app.url, owner)

    const tooMany = await api.post(ADD(id), { calendar_data: calendars(3, 9) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toMatchObject({ error: CALENDAR_LIMIT_REACHED })
    expect((await view(owner, id)).body.calendar_list).toHaveLength(8)

    const added = await api.post(ADD(id), { calendar_data: calendars(2, 9) })
    expect(added.status).toBe(200)
    expect(added.body).toEqual({ message: CALENDARS_ADDED })
    const list = (await view(owner, id)).body.calendar_list as { name: string }[]
    expect(list.map((c) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Room ${i + 1}`))

    const full = await api.post(ADD(id), { calendar_data: calendars(1, 11) })
    expect(full.status).toBe(400)
    expect(full.body).toMatchObject({ error: CALENDAR_LIMIT_REACHED })
  })

  test('concurrent adds cannot pass the limit together', async () => {
    const id = await createAppointmentBot(owner, calendars(8))
    const api = client(app.url, owner)
    const replies = await Promise.all([api.post(ADD(id), { calendar_data: calendars(2, 9) }), api.post(ADD(id), { calendar_data: calendars(2, 9) })])
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400])
    expect((await view(owner, id)).body.calendar_list).toHaveLength(10)
  })

  test('missing or bad calendar_data: the spec text, with detail naming the field; nothing added', async () => {
    const id = await createAppointmentBot(owner, calendars(1))
    const api = client(app.url, owner)
    const cases: [unknown, string][] = [
      [{}, 'calendar_data: is required'],
      [undefined, 'calendar_data: is required'],
      [{ calendar_data: null }, 'calendar_data: is required'],
      [{ calendar_data: 'nope' }, 'calendar_data: must be a list of calendars'],
      [{ calendar_data: [] }, 'calendar_data: must contain at least one calendar'],
      [{ calendar_data: [calendarInput(2), calendarInput(3, { daily_start: '25:00 PM' })] }, 'calendar_data[1].daily_start: must be a time like 9:00 AM'],
      [{ calendar_data: [calendarInput(2, { local_timezone: 'Mars/Olympus' })] }, 'calendar_data[0].local_timezone: must be a time zone name like America/New_York'],
      [{ calendar_data: [calendarInput(2, { min30App: false })] }, 'calendar_data[0]: must enable at least one of min15App, min30App, min45App, min60App'],
      [{ calendar_data: [calendarInput(2, { calendar_email: 'not-an-email' })] }, 'calendar_data[0].calendar_email: must be a valid e-mail address'],
    ]
    for (const [body, detail] of cases) {
      const reply = await api.post(ADD(id), body)
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ error: CALENDAR_DATA_REQUIRED, detail })
    }
    expect((await view(owner, id)).body.calendar_list).toHaveLength(1)
  })

  test('a chatbot of another type, an unknown chatbot, another account, no subscription, no token', async () => {
    const knowledge = await createKnowledgeBot(owner)
    const mine = await createAppointmentBot(owner, calendars(1))
    const body = { calendar_data: calendars(1, 5) }

    const wrongType = await client(app.url, owner).post(ADD(knowledge), body)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body).toMatchObject({ error: ADD_WRONG_TYPE })

    const unknown = await client(app.url, owner).post(ADD(UNKNOWN_ID), body)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ error: 'Chatbot not found.' })

    const foreign = await client(app.url, stranger).post(ADD(mine), body)
    expect(foreign.status).toBe(403)
    expect(foreign.body).toMatchObject({ error: 'Access Denied' })

    // The subscription is checked before the chatbot and the body.
    for (const target of [mine, UNKNOWN_ID]) {
      const unsubscribed = await client(app.url, lapsed).post(ADD(target), {})
      expect(unsubscribed.status).toBe(400)
      expect(unsubscribed.body).toMatchObject({ error: ADD_SUBSCRIPTION_REQUIRED })
    }

    const anonymous = await client(app.url).post(ADD(mine), body)
    expect(anonymous.status).toBe(401)
    expect((await view(owner, mine)).body.calendar_list).toHaveLength(1)
  })

  test('works without the trailing slash', async () => {
    const id = await createAppointmentBot(owner, calendars(1))
    const reply = await client(app.url, owner).post(ADD(id).slice(0, -1), { calendar_data: calendars(1, 2) })
    expect(reply.status).toBe(200)
  })
})

describe('calendar-view', () => {
  test('24-hour times for morning, afternoon, noon and midnight; zone name and abbreviation', async () => {
    const id = await createAppointmentBot(owner, [
      calendarInput(1, { daily_start: '9:05 AM', daily_end: '4:30 PM', min15App: true, min60App: true, include_weekends: true }),
      calendarInput(2, { daily_start: '12:00 AM', daily_end: '12:00 PM', local_timezone: 'Europe/London', description: '' }),
      calendarInput(3, { daily_start: '12:30 PM', daily_end: '11:59 PM', local_timezone: 'asia/kolkata', min30App: false, min45App: true }),
    ])
    const reply = await view(owner, id)
    expect(reply.status).toBe(200)
    expect(reply.body.response).toBe('success')
    const [first, second, third] = reply.body.calendar_list
    expect(typeof first.calendar_id).toBe('string')
    expect(first).toEqual({
      calendar_id: first.calendar_id,
      name: 'Room 1',
      calendar_email: 'room1@example.com',
      daily_start: '09:05',
      daily_end: '16:30',
      include_weekends: true,
      local_timezone: expect.stringMatching(/^E[SD]T$/),
      local_timezone_name: 'America/New_York',
      description: 'Room 1, second floor',
      min15App: true,
      min30App: true,
      min45App: false,
      min60App: true,
      // Contract 16's availability, at its defaults.
      weekly_hours: {},
      buffer_minutes: 0,
      minimum_notice_minutes: 0,
      max_days_ahead: 180,
      days_off: [],
    })
    expect([second.daily_start, second.daily_end, second.local_timezone_name, second.description]).toEqual(['00:00', '12:00', 'Europe/London', ''])
    expect(second.local_timezone).toMatch(/^(GMT|BST)$/)
    expect([third.daily_start, third.daily_end, third.local_timezone_name, third.local_timezone]).toEqual(['12:30', '23:59', 'Asia/Kolkata', 'GMT+5:30'])
    expect([third.min15App, third.min30App, third.min45App, third.min60App]).toEqual([false, false, true, false])
  })

  test('the abbreviation is the one in force on the current date (ctx.clock)', async () => {
    const id = await createAppointmentBot(owner, [calendarInput(1), calendarInput(2, { local_timezone: 'Europe/London' })])
    const abbreviations = async () => ((await view(owner, id)).body.calendar_list as { local_timezone: string }[]).map((c) => c.local_timezone)
    const winter = (await abbreviations()).join()
    app.clock.advance(182 * 86_400_000) // half a year on (within the yearly plan): the other side of both DST changes
    let summer: string
    try {
      summer = (await abbreviations()).join()
    } finally {
      app.clock.advance(-182 * 86_400_000)
    }
    expect(new Set([winter, summer])).toEqual(new Set(['EST,GMT', 'EDT,BST']))
  })

  test('a chatbot of another type, an unknown chatbot, another account, no subscription', async () => {
    const knowledge = await createKnowledgeBot(owner)
    const mine = await createAppointmentBot(owner, calendars(1))

    expect(await view(owner, knowledge)).toMatchObject({ status: 400, body: { error: VIEW_WRONG_TYPE } })
    expect(await view(owner, UNKNOWN_ID)).toMatchObject({ status: 404, body: { error: 'Chatbot not found.' } })
    expect(await view(stranger, mine)).toMatchObject({ status: 403, body: { error: 'Access Denied' } })
    expect(await view(lapsed, mine)).toMatchObject({ status: 400, body: { error: SUBSCRIPTION_REQUIRED } })
    expect((await view(lapsed, mine)).body).toMatchObject({ error: SUBSCRIPTION_REQUIRED })
  })
})

describe('calendar-delete', () => {
  test('deletes with Token and with Bearer; the calendar is gone from the view', async () => {
    const id = await createAppointmentBot(owner, calendars(3))
    const [first, second, third] = (await view(owner, id)).body.calendar_list as { calendar_id: string }[]

    const withToken = await client(app.url).post(DELETE(id), { calendar_id: first.calendar_id }, { authorization: `Token ${owner}` })
    expect(withToken.status).toBe(200)
    expect(withToken.body).toEqual({ response: CALENDAR_DELETED })

    const withBearer = await client(app.url).post(DELETE(id), { calendar_id: second.calendar_id }, { authorization: `Bearer ${owner}` })
    expect(withBearer.status).toBe(200)
    expect(withBearer.body).toEqual({ response: CALENDAR_DELETED })

    const left = (await view(owner, id)).body.calendar_list as { calendar_id: string }[]
    expect(left.map((c) => c.calendar_id)).toEqual([third.calendar_id])

    const again = await client(app.url, owner).post(DELETE(id), { calendar_id: first.calendar_id })
    expect(again.status).toBe(404)
    expect(again.body).toMatchObject({ error: calendarNotFound(first.calendar_id) })
  })

  test("an unknown id, or another chatbot's calendar: 404 with the id", async () => {
    const id = await createAppointmentBot(owner, calendars(1))
    const other = await createAppointmentBot(owner, calendars(1))
    const othersCalendar = (await view(owner, other)).body.calendar_list[0].calendar_id as string
    const api = client(app.url, owner)

    const unknown = await api.post(DELETE(id), { calendar_id: 'no-such-calendar' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ error: 'Calendar with ID: no-such-calendar not found.' })

    const crossed = await api.post(DELETE(id), { calendar_id: othersCalendar })
    expect(crossed.status).toBe(404)
    expect(crossed.body).toMatchObject({ error: calendarNotFound(othersCalendar) })
    expect((await view(owner, other)).body.calendar_list).toHaveLength(1)
  })

  test('a body without a usable calendar_id is the spec 404, with detail naming the field', async () => {
    const id = await createAppointmentBot(owner, calendars(1))
    const api = client(app.url, owner)
    expect(await api.post(DELETE(id), {})).toMatchObject({ status: 404, body: { error: 'Calendar with ID:  not found.', detail: 'calendar_id: is required' } })
    expect(await api.post(DELETE(id))).toMatchObject({ status: 404, body: { error: 'Calendar with ID:  not found.', detail: 'calendar_id: is required' } })
    expect(await api.post(DELETE(id), { calendar_id: 7 })).toMatchObject({
      status: 404,
      body: { error: 'Calendar with ID: 7 not found.', detail: 'calendar_id: must be a string' },
    })
    expect(await api.post(DELETE(id), { calendar_id: '' })).toMatchObject({
      status: 404,
      body: { error: 'Calendar with ID:  not found.', detail: 'calendar_id: must not be empty' },
    })
    expect((await view(owner, id)).body.calendar_list).toHaveLength(1)
  })

  test('another account: 403 Access Denied with either scheme, and nothing is deleted', async () => {
    const id = await createAppointmentBot(owner, calendars(1))
    const calendarId = (await view(owner, id)).body.calendar_list[0].calendar_id as string
    for (const scheme of ['Token', 'Bearer']) {
      const reply = await client(app.url).post(DELETE(id), { calendar_id: calendarId }, { authorization: `${scheme} ${stranger}` })
      expect(reply.status).toBe(403)
      expect(reply.body).toMatchObject({ error: 'Access Denied' })
    }
    expect((await view(owner, id)).body.calendar_list).toHaveLength(1)
  })

  test('a missing chatbot or one of another type: 400 manage text; no subscription: 400 subscription text', async () => {
    const knowledge = await createKnowledgeBot(owner)
    const mine = await createAppointmentBot(owner, calendars(1))
    const calendarId = (await view(owner, mine)).body.calendar_list[0].calendar_id as string
    const api = client(app.url, owner)

    expect(await api.post(DELETE(knowledge), { calendar_id: calendarId })).toMatchObject({ status: 400, body: { error: MANAGE_WRONG_TYPE } })
    expect(await api.post(DELETE(UNKNOWN_ID), { calendar_id: calendarId })).toMatchObject({ status: 400, body: { error: MANAGE_WRONG_TYPE } })
    // Chatbot checks come before the body.
    expect(await api.post(DELETE(UNKNOWN_ID), {})).toMatchObject({ status: 400, body: { error: MANAGE_WRONG_TYPE } })

    const unsubscribed = await client(app.url, lapsed).post(DELETE(mine), { calendar_id: calendarId })
    expect(unsubscribed.status).toBe(400)
    expect(unsubscribed.body).toMatchObject({ error: SUBSCRIPTION_REQUIRED })
    expect((await view(owner, mine)).body.calendar_list).toHaveLength(1)
  })
})

test('the OpenAPI document describes the three routes', async () => {
  const doc = (await client(app.url).get('/swagger/json')).body
  expect(doc.paths['/api/v1.0/chatbot-calendar-add/{uniqueId}/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('calendar_data')
  expect(doc.paths['/api/v1.0/chatbot-calendar-view/{uniqueId}/'].get.summary).toContain('calendars')
  expect(doc.paths['/api/v1.0/chatbot-calendar-delete/{uniqueId}/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('calendar_id')
})
