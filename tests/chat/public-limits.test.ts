// Contract 11: the public endpoints' limits per client address and per client e-mail. Past each:
// 429 with the contract's text and Retry-After, and nothing created or sent (checked in the owner's
// lists and at a real SMTP sink). X-Forwarded-For is the client only under TRUST_PROXY.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DAILY_LIMIT_REACHED } from '../../src/features/chat/texts'
import { TOO_MANY_REQUESTS } from '../../src/http/rate-limit'
import { client, type Reply, startTestApp, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'
import { BAKERY_CALENDAR, createChatbot, placeNow, subscribedTokenViaSmtp } from '../support/chatbots'
import { path } from '../support/endpoints'
import { mailboxKey } from '../../src/lib/email'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let token: string

beforeAll(async () => {
  smtp = await startSmtpSink()
  // Tuesday 1 December 2026, 12:00 UTC (07:00 in New York).
  app = await startTestApp({ SMTP_URL: smtp.url })
  placeNow(app, '2026-12-01T12:00:00Z')
  token = await subscribedTokenViaSmtp(app, smtp, 'limits@bakery.example')
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

/** A refusal of contract 11: the text, the code, and a Retry-After within `maxSeconds`. */
function expectTooMany(reply: Reply, maxSeconds: number): number {
  expect(reply.status).toBe(429)
  expect(reply.body).toMatchObject({ error: TOO_MANY_REQUESTS, code: 'rate_limited' })
  const retryAfter = Number(reply.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  // A widget on another site may read it.
  expect(reply.headers.get('access-control-allow-origin')).toBe('*')
  expect(reply.headers.get('access-control-expose-headers')).toContain('Retry-After')
  return retryAfter
}

/** Seconds from the app's now to the next UTC midnight. */
const toMidnight = () => {
  const now = app.clock.now()
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000)
}

const mailsTo = (address: string) => smtp.messages.filter((m) => (m.to as { text: string } | undefined)?.text.includes(address)).length

const order = (email: string, visitor = 'v') => ({ visitor_id: visitor, client_name: 'Jane Doe', client_email: email, items: [{ name: 'Sourdough loaf', quantity: 1 }] })

describe('quotes', () => {
  test('at most 10 per client address per chatbot per hour; a forged X-Forwarded-For does not help without TRUST_PROXY', async () => {
    const quote = (await createChatbot(app, token, 'quote')).id
    const api = client(app.url)
    for (let i = 0; i < 10; i++) {
      const reply = await api.post(path.quote(quote), order(`client${i}@hourly.example`, `v${i}`), { 'x-forwarded-for': `203.0.113.${i}` })
      expect(reply.status).toBe(200)
    }
    const refused = await api.post(path.quote(quote), order('eleventh@hourly.example', 'v10'), { 'x-forwarded-for': '203.0.113.99' })
    expectTooMany(refused, 3600)

    await app.ctx.jobs.idle()
    const leads = (await client(app.url, token).get(path.leads(quote))).body.leads
    expect(leads).toHaveLength(10)
    expect(leads.some((l: { client_email: string }) => l.client_email === 'eleventh@hourly.example')).toBe(false)
    await smtp.waitFor('client9@hourly.example')
    expect(mailsTo('eleventh@hourly.example')).toBe(0)

    // The count is per chatbot, and the next hour starts afresh.
    const other = (await createChatbot(app, token, 'quote')).id
    expect((await api.post(path.quote(other), order('other@hourly.example'))).status).toBe(200)
    app.clock.advance(3600_000)
    expect((await api.post(path.quote(quote), order('eleventh@hourly.example', 'v10'))).status).toBe(200)
  })

  test('at most 3 quote e-mails to one client_email per chatbot per UTC day, however the address is written', async () => {
    const quote = (await createChatbot(app, token, 'quote')).id
    const api = client(app.url)
    // One mailbox (contract 14): case, a +tag, quoting and a trailing dot of the domain count as the same.
    for (const email of ['victim@relay.example', 'Victim+1@Relay.example', ' "victim"@relay.example. ']) {
      expect((await api.post(path.quote(quote), order(email))).status).toBe(200)
    }
    // Taken before the request: Retry-After is rounded up from the moment the server answers.
    const untilMidnight = toMidnight()
    expectTooMany(await api.post(path.quote(quote), order('VICTIM+shop@relay.example.')), untilMidnight)

    await app.ctx.jobs.idle()
    expect((await client(app.url, token).get(path.leads(quote))).body.leads).toHaveLength(3)
    // Mail goes to the address as typed (the quoted one is left to the mail server to take or refuse).
    expect(mailsTo('victim@relay.example')).toBe(1)
    expect(mailsTo('victim+1@relay.example')).toBe(1)

    // Another address is served, and so is this one the next UTC day.
    expect((await api.post(path.quote(quote), order('someone@else.example'))).status).toBe(200)
    app.clock.advance(toMidnight() * 1000)
    expect((await api.post(path.quote(quote), order('victim@relay.example'))).status).toBe(200)
  })
})

describe('bookings', () => {
  const bookingOf = (calendarId: string, start: string, email: string) => ({
    visitor_id: `visitor-${email}`,
    calendar_id: calendarId,
    duration: 60,
    start,
    client_name: 'Jane Doe',
    client_email: email,
  })
  const setUp = async () => {
    const chatbot = (await createChatbot(app, token, 'appointment', { calendar_data: [{ ...BAKERY_CALENDAR, calendar_email: 'desk@bakery.example' }] })).id
    const calendarId: string = (await client(app.url).get(path.widget(chatbot))).body.calendars[0].calendar_id
    return { chatbot, calendarId }
  }
  /** Hourly starts on the day after the app's today, 10:00 to 16:00 in New York (15:00Z to 21:00Z). */
  const slotOn = (hour: number) => {
    const now = app.clock.now()
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 15 + hour))
    return day.toISOString().replace('.000', '')
  }

  test('at most 5 per client address per chatbot per UTC day', async () => {
    const { chatbot, calendarId } = await setUp()
    const api = client(app.url)
    for (let i = 0; i < 5; i++) {
      const reply = await api.post(path.book(chatbot), bookingOf(calendarId, slotOn(i), `guest${i}@book.example`), { 'x-forwarded-for': `198.51.100.${i}` })
      expect(reply.status).toBe(200)
    }
    // Taken before the request: Retry-After is rounded up from the moment the server answers.
    const untilMidnight = toMidnight()
    expectTooMany(await api.post(path.book(chatbot), bookingOf(calendarId, slotOn(5), 'sixth@book.example')), untilMidnight)

    await app.ctx.jobs.idle()
    const booked = (await client(app.url, token).get(path.appointments(chatbot))).body.appointments
    expect(booked).toHaveLength(5)
    await smtp.waitFor('guest4@book.example')
    expect(mailsTo('sixth@book.example')).toBe(0)
    // The refused slot is still free.
    const date = slotOn(5).slice(0, 10)
    const slots = (await api.get(`${path.slots(chatbot)}?calendar_id=${calendarId}&duration=60&date=${date}`)).body.slots
    expect(slots.some((s: { start: string }) => Date.parse(s.start) === Date.parse(slotOn(5)))).toBe(true)
  })

  test('at most 3 upcoming appointments per client_email per chatbot; one that has begun no longer counts', async () => {
    const { chatbot, calendarId } = await setUp()
    // Each booking from its own address (under TRUST_PROXY=0 the socket is the same: a new day each time).
    const api = client(app.url)
    for (let i = 0; i < 3; i++) expect((await api.post(path.book(chatbot), bookingOf(calendarId, slotOn(i), 'Repeat@Book.example'))).status).toBe(200)
    const first = Date.parse(slotOn(0))
    const asked = app.clock.now().getTime()
    const retryAfter = expectTooMany(await api.post(path.book(chatbot), bookingOf(calendarId, slotOn(3), 'repeat@book.example')), 2 * 86_400)
    const answered = app.clock.now().getTime()
    // Retry-After runs until the earliest of them begins, rounded up from the moment the server
    // answered: somewhere between the request and the reply (a second's edge may fall between).
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((first - answered) / 1000))
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((first - asked) / 1000))

    await app.ctx.jobs.idle()
    expect((await client(app.url, token).get(path.appointments(chatbot))).body.appointments).toHaveLength(3)
    expect(mailsTo('repeat@book.example')).toBe(3)

    // Another client is served; once the first appointment has begun, the client may book again.
    expect((await api.post(path.book(chatbot), bookingOf(calendarId, slotOn(4), 'other@book.example'))).status).toBe(200)
    const later = slotOn(5)
    app.clock.advance(first - app.clock.now().getTime() + 1000)
    expect((await api.post(path.book(chatbot), bookingOf(calendarId, later, 'repeat@book.example'))).status).toBe(200)
  })
})

describe('messages', () => {
  test('at most 20 × user_allowance per client address per chatbot per UTC day, whatever visitor_id says', async () => {
    const chatbot = (await createChatbot(app, token, 'knowledge', { user_allowance: 1 })).id
    const api = client(app.url)
    for (let i = 0; i < 20; i++) {
      const reply = await api.post(path.chat(chatbot), { message: 'hello', visitor_id: `rotating-${i}` }, { 'x-forwarded-for': `192.0.2.${i}` })
      expect(reply.status).toBe(200)
    }
    // The visitor's own allowance still answers first with its own text.
    expect((await api.post(path.chat(chatbot), { message: 'hello', visitor_id: 'rotating-0' })).body).toMatchObject({ error: DAILY_LIMIT_REACHED })
    // Taken before the request: Retry-After is rounded up from the moment the server answers.
    const untilMidnight = toMidnight()
    expectTooMany(await api.post(path.chat(chatbot), { message: 'hello', visitor_id: 'rotating-20' }, { 'x-forwarded-for': '192.0.2.200' }), untilMidnight)
    // Nothing was started for the refused messages.
    expect((await client(app.url, token).get(path.get(chatbot))).body.conversation_count).toBe(20)

    app.clock.advance(toMidnight() * 1000)
    expect((await api.post(path.chat(chatbot), { message: 'hello', visitor_id: 'rotating-20' })).status).toBe(200)
  })
})

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp
  beforeAll(async () => {
    // The per-minute request limiter on too (high enough never to refuse here): on PostgreSQL it
    // sweeps its finished windows from the same table, and must leave the longer counts alone.
    proxied = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1', RATE_LIMIT_PER_IP: '100000' })
  })
  afterAll(() => proxied.stop())

  test('the forwarded address is the one counted', async () => {
    // The day's count is per UTC day: start at 01:00 so the 16 minutes below never cross midnight.
    const now = proxied.clock.now()
    proxied.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1) - now.getTime())
    const owner = await subscribedTokenViaSmtp(proxied, smtp, 'proxied@bakery.example')
    const chatbot = (await createChatbot(proxied, owner, 'knowledge', { user_allowance: 1 })).id
    const api = client(proxied.url)
    const say = (visitor: string, forwarded: string) => api.post(path.chat(chatbot), { message: 'hi', visitor_id: visitor }, { 'x-forwarded-for': forwarded })
    // The proxy appends the address it saw: the client wrote the entries to its left.
    for (let i = 0; i < 20; i++) expect((await say(`a-${i}`, `10.9.9.${i}, 198.51.100.1`)).status).toBe(200)
    const refused = await say('a-20', '10.9.9.99, 198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ error: TOO_MANY_REQUESTS })
    expect(refused.headers.get('retry-after')).toBeTruthy()
    // Another client behind the same proxy is its own count.
    expect((await say('b-0', '198.51.100.2')).status).toBe(200)

    // Minutes later (the request limiter has swept its windows meanwhile) the day's count still holds.
    proxied.clock.advance(5 * 60_000)
    expect((await say('b-1', '198.51.100.2')).status).toBe(200)
    proxied.clock.advance(11 * 60_000)
    expect((await say('b-2', '198.51.100.2')).status).toBe(200)
    expect((await say('a-21', '198.51.100.1')).status).toBe(429)
  })
})

describe('mailboxKey', () => {
  test.each([
    ['a@x.com', 'a@x.com'],
    ['A@X.COM', 'a@x.com'],
    [' a+1@x.com ', 'a@x.com'],
    ['a+tag+more@x.com', 'a@x.com'],
    ['"a"@x.com.', 'a@x.com'],
    ['"A+b"@x.com', 'a@x.com'],
    ['"a\\"b"@x.com', 'a"b@x.com'],
    ['a@x.com..', 'a@x.com'],
    ['+a@x.com', '+a@x.com'],
    ['a.b@x.com', 'a.b@x.com'],
  ])('%s is the mailbox %s', (typed, key) => {
    expect(mailboxKey(typed)).toBe(key)
  })
})
