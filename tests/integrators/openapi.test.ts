// The document declares what integrators rely on: Idempotency-Key and its 409, the paging
// parameters, and every webhook event's payload.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { EVENT_TYPES } from '../../src/features/webhooks/model'
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../src/http/idempotency'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }
let doc: {
  paths: Record<string, Record<string, Operation>>
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>
}

beforeAll(async () => {
  app = await startTestApp()
  doc = await (await fetch(`${app.url}/swagger/json`)).json()
})
afterAll(() => app.stop())

const IDEMPOTENT = [
  ['/api/v1.0/api-knowledge-retrieval/', 'post'],
  ['/api/v1.0/api-customer-support/', 'post'],
  ['/api/v1.0/api-data-collection/', 'post'],
  ['/api/v1.0/api-quote-generation/', 'post'],
  ['/api/v1.0/api-appointment-calendar/', 'post'],
  ['/api/v1.0/chatbot-document-add/{uniqueId}/', 'post'],
  ['/api/v1.0/chatbot-link-add/{uniqueId}/', 'post'],
  ['/api/v1.0/chatbot-calendar-add/{uniqueId}/', 'post'],
  ['/api/v1.0/chat/{uniqueId}/quote/', 'post'],
  ['/api/v1.0/chat/{uniqueId}/book/', 'post'],
] as const

const PAGED = [
  'chatbot-list/',
  'chatbot-document-view/{uniqueId}/',
  'chatbot-link-view/{uniqueId}/',
  'chatbot-link-status/{uniqueId}/',
  'chatbot-leads/{uniqueId}/',
  'chatbot-submissions/{uniqueId}/',
  'chatbot-appointments/{uniqueId}/',
  'chatbot-webhook-deliveries/{uniqueId}/',
]

test('each idempotent operation declares the Idempotency-Key header, the replay header and the 409', () => {
  for (const [path, method] of IDEMPOTENT) {
    const operation = doc.paths[path][method]
    expect(operation.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER)).toBe(true)
    expect(Object.keys(operation.responses['200'].headers ?? {})).toContain(REPLAYED_HEADER)
    expect(operation.responses['409']).toBeDefined()
  }
})

test('each paged list declares limit and starting_after', () => {
  for (const path of PAGED) {
    const names = (doc.paths[`/api/v1.0/${path}`].get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
    expect(names).toEqual(expect.arrayContaining(['limit', 'starting_after']))
  }
})

test('webhooks declares every event with its payload', () => {
  expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort())
  for (const type of EVENT_TYPES) {
    const schema = doc.webhooks[type].post.requestBody.content['application/json'].schema
    expect(Object.keys(schema.properties)).toEqual(['type', 'timestamp', 'data'])
  }
})
