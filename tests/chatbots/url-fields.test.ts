import { afterAll, beforeAll, expect, test } from 'bun:test'
import { HTTP_URL_MESSAGE, URL_CREDENTIALS_MESSAGE } from '../../src/http/validate'
import { normaliseLinkUrl } from '../../src/features/training/links'
import { INVALID_RETURN_URL } from '../../src/features/accounts/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'

let app: TestApp
let token: string

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'urls@example.com')
})
afterAll(() => app.stop())

const BAD_URLS = ['ftp://files.example/price-list', 'javascript:alert(1)', 'data:text/html,<b>hi</b>', 'mailto:owner@example.com', '//example.com/no-scheme']

const URL_FIELDS: [string, string][] = [
  ['/api/v1.0/api-knowledge-retrieval/', 'business_website'],
  ['/api/v1.0/api-customer-support/', 'business_website'],
  ['/api/v1.0/api-customer-support/', 'terms_of_service'],
  ['/api/v1.0/api-customer-support/', 'privacy_policy'],
  ['/api/v1.0/api-data-collection/', 'business_website'],
  ['/api/v1.0/api-quote-generation/', 'webhook_url'],
  ['/api/v1.0/api-appointment-calendar/', 'business_website'],
]

const chatbotCount = async () => (await client(app.url, token).get('/api/v1.0/chatbot-list/')).body.chatbots.length

test('creation refuses a URL field of any scheme but http and https, naming the field, and creates nothing', async () => {
  const before = await chatbotCount()
  for (const [path, field] of URL_FIELDS) {
    for (const bad of BAD_URLS) {
      const reply = await client(app.url, token).post(path, { ...CREATION_BODIES[path], [field]: bad })
      expect([path, bad, reply.status, reply.body.error, reply.body.field]).toEqual([path, bad, 400, `${field}: ${HTTP_URL_MESSAGE}`, field])
    }
    const good = await client(app.url, token).post(path, { ...CREATION_BODIES[path], [field]: 'HTTPS://Example.com/Terms' })
    expect([path, field, good.status]).toEqual([path, field, 200])
  }
  expect(await chatbotCount()).toBe(before + URL_FIELDS.length)
})

test('edit refuses a webhook_url of another scheme and keeps the old one', async () => {
  const path = '/api/v1.0/api-quote-generation/'
  const created = await client(app.url, token).post(path, { ...CREATION_BODIES[path], webhook_url: 'https://hooks.example/quotes' })
  const id = created.body.chatbot_id as string
  for (const bad of BAD_URLS) {
    const reply = await client(app.url, token).post(`/api/v1.0/chatbot-edit/${id}/`, { webhook_url: bad })
    expect([bad, reply.status, reply.body.error, reply.body.field]).toEqual([bad, 400, `webhook_url: ${HTTP_URL_MESSAGE}`, 'webhook_url'])
  }
  expect((await client(app.url, token).get(`/api/v1.0/chatbot-get/${id}/`)).body.webhook_url).toBe('https://hooks.example/quotes')
})

test('return_url and links follow the same rule', async () => {
  for (const bad of BAD_URLS) {
    const started = await client(app.url).post('/api/v1.0/create-subscription/', { email_address: 'new-urls@example.com', return_url: bad })
    expect([bad, started.status, started.body.error, started.body.field]).toEqual([bad, 400, INVALID_RETURN_URL, 'return_url'])
  }
  const path = '/api/v1.0/api-knowledge-retrieval/'
  const created = await client(app.url, token).post(path, CREATION_BODIES[path])
  for (const bad of BAD_URLS) {
    const reply = await client(app.url, token).post(`/api/v1.0/chatbot-link-add/${created.body.chatbot_id}/`, { links: ['https://example.com/', bad] })
    expect([bad, reply.status, reply.body.field]).toEqual([bad, 400, 'links[1]'])
  }
})

test('webhook_url with a user name or password is refused as link-add refuses it, on creation and edit', async () => {
  const path = '/api/v1.0/api-quote-generation/'
  const before = await chatbotCount()
  for (const bad of ['https://user:pass@hooks.example/quotes', 'https://token@hooks.example', ' http://:secret@hooks.example:8443/x ']) {
    const created = await client(app.url, token).post(path, { ...CREATION_BODIES[path], webhook_url: bad })
    expect([bad, created.status, created.body.error, created.body.field]).toEqual([bad, 400, `webhook_url: ${URL_CREDENTIALS_MESSAGE}`, 'webhook_url'])
  }
  expect(await chatbotCount()).toBe(before)
  const created = await client(app.url, token).post(path, { ...CREATION_BODIES[path], webhook_url: 'https://hooks.example/a@b?c=d@e' })
  expect(created.status).toBe(200)
  const id = created.body.chatbot_id as string
  const edit = await client(app.url, token).post(`/api/v1.0/chatbot-edit/${id}/`, { webhook_url: 'https://user:pass@hooks.example/quotes' })
  expect([edit.status, edit.body.error, edit.body.field]).toEqual([400, `webhook_url: ${URL_CREDENTIALS_MESSAGE}`, 'webhook_url'])
  expect((await client(app.url, token).get(`/api/v1.0/chatbot-get/${id}/`)).body.webhook_url).toBe('https://hooks.example/a@b?c=d@e')
  // link-add's own check says the same words.
  expect(normaliseLinkUrl('https://user:pass@docs.example/')).toEqual({ problem: URL_CREDENTIALS_MESSAGE })
})
