// Contract 10's access rules for every owner endpoint it adds: the token (401), ownership
// (403 `Access Denied` across accounts), an unknown chatbot (404 `Chatbot not found.`) and a
// chatbot of a type the endpoint does not serve (400 "This operation is not available for <type>
// chatbots."). The conversation endpoints are checked the same way in tests/conversations/inbox.test.ts.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { ChatbotType } from '../../src/db/schema'
import { ACCESS_DENIED, CHATBOT_NOT_FOUND } from '../../src/http/errors'
import { notAvailableForType } from '../../src/features/chat/texts'
import { TYPES } from '../../src/features/chatbots/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot, type Kind } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'

let app: TestApp
let token: string
let otherToken: string
const ids = {} as Record<Kind, string>

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'access-owner@example.com')
  otherToken = await subscribedToken(app, 'access-other@example.com')
  for (const kind of ['business', 'data', 'quote', 'appointment'] as const) ids[kind] = (await createChatbot(app, token, kind)).id
})
afterAll(() => app.stop())

/** Each endpoint of contract 10 that serves some types only: how it is called, the type it serves and one it does not. */
const ENDPOINTS: { name: string; call: (c: ReturnType<typeof client>, id: string) => ReturnType<ReturnType<typeof client>['post']>; serves: Kind; not: Kind }[] = [
  { name: 'chatbot-calendar-edit', call: (c, id) => c.post(path.calendarEdit(id), { calendar_id: UNKNOWN_ID, calendar_name: 'X' }), serves: 'appointment', not: 'quote' },
  { name: 'chatbot-appointment-cancel', call: (c, id) => c.post(path.appointmentCancel(id), { appointment_id: UNKNOWN_ID }), serves: 'appointment', not: 'data' },
  { name: 'chatbot-lead-delete', call: (c, id) => c.post(path.leadDelete(id), { lead_id: UNKNOWN_ID }), serves: 'quote', not: 'business' },
  { name: 'chatbot-submission-delete', call: (c, id) => c.post(path.submissionDelete(id), { submission_id: UNKNOWN_ID }), serves: 'data', not: 'quote' },
]
const TYPE_NAMES: Record<Kind, ChatbotType> = {
  knowledge: TYPES.knowledge,
  business: TYPES.business,
  data: TYPES.dataCollection,
  quote: TYPES.quote,
  appointment: TYPES.appointment,
}

for (const endpoint of ENDPOINTS) {
  test(`${endpoint.name}: 401 without a token, 403 across accounts, 404 for an unknown chatbot, 400 for another type`, async () => {
    const id = ids[endpoint.serves]
    expect((await endpoint.call(client(app.url), id)).status).toBe(401)
    const foreign = await endpoint.call(client(app.url, otherToken), id)
    expect([foreign.status, foreign.body.error]).toEqual([403, ACCESS_DENIED])
    const unknown = await endpoint.call(client(app.url, token), UNKNOWN_ID)
    expect([unknown.status, unknown.body.error]).toEqual([404, CHATBOT_NOT_FOUND])
    const wrong = await endpoint.call(client(app.url, token), ids[endpoint.not])
    expect([wrong.status, wrong.body.error]).toEqual([400, notAvailableForType(TYPE_NAMES[endpoint.not])])
    // The owner's own chatbot of the right type gets as far as the unknown record (404 naming it).
    const own = await endpoint.call(client(app.url, token), id)
    expect(own.status).toBe(404)
    expect(own.body.error).toContain(UNKNOWN_ID)
  })
}

test('chatbot-edit (every type): 403 across accounts, 404 for an unknown chatbot; the CSV exports 403 across accounts too', async () => {
  const foreign = await client(app.url, otherToken).post(path.edit(ids.business), { owner_notifications: false })
  expect([foreign.status, foreign.body.error]).toEqual([403, ACCESS_DENIED])
  expect((await client(app.url, token).get(path.get(ids.business))).body.owner_notifications).toBe(true)
  const unknown = await client(app.url, token).post(path.edit(UNKNOWN_ID), { owner_notifications: false })
  expect(unknown.status).toBe(404)
  for (const url of [path.leads(ids.quote), path.submissions(ids.data), path.appointments(ids.appointment)]) {
    const csv = await client(app.url, otherToken).get(`${url}?format=csv`)
    expect([csv.status, csv.body.error]).toEqual([403, ACCESS_DENIED])
  }
})
