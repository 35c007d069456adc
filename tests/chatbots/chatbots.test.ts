import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { MARKED_INTEGRITY, MARKED_VERSION } from '../../src/features/chatbots/marked-pin'
import { asForm, CREATION_BODIES, PNG_1x1, PNG_DATA_URL, PRICE_LIST, QUESTIONS, TYPE_OF_PATH } from '../support/chatbots'

let app: TestApp
let token: string
let otherToken: string

beforeAll(async () => {
  const plans = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json')
  writeFileSync(
    plans,
    JSON.stringify([{ id: 'standard', name: 'Standard', price: '29.00', currency: 'usd', interval: 'month', stripe_price_id: null, chatbots: 50, training_words: 100000 }]),
  )
  app = await startTestApp({ PLANS_FILE: plans })
  token = await subscribedToken(app, 'owner@example.com')
  otherToken = await subscribedToken(app, 'other@example.com')
})
afterAll(() => app.stop())

const api = () => client(app.url, token)

const expectedEmbed = (id: string) =>
  [
    `<link rel="stylesheet" href="${app.url}/widget/chatbot.css">`,
    `<script defer src="${app.url}/widget/chatbot.js" data-chatbot-id="${id}"></script>`,
    `<script async src="https://cdn.jsdelivr.net/npm/marked@${MARKED_VERSION}/lib/marked.umd.js" integrity="${MARKED_INTEGRITY}" crossorigin="anonymous"></script>`,
  ].join('\n')

describe('creation of every type, in JSON and multipart', () => {
  for (const [path, body] of Object.entries(CREATION_BODIES)) {
    for (const encoding of ['json', 'multipart'] as const) {
      test(`${TYPE_OF_PATH[path]} (${encoding})`, async () => {
        const created = encoding === 'json' ? await api().post(path, body) : await api().form(path, asForm(body))
        expect(created.status).toBe(200)
        expect(created.body.response).toBe('SUCCESS')
        const id: string = created.body.chatbot_id
        expect(id).toMatch(/^[0-9a-f-]{36}$/)
        if (path.includes('knowledge')) {
          expect(created.body.message).toContain('chatbot-document-add')
          expect(created.body.embed_code).toBeUndefined()
        } else {
          expect(created.body.embed_code).toBe(expectedEmbed(id))
        }
        if (path.includes('quote')) expect(created.body.webhook_secret).toMatch(/^whsec_/)

        const got = await api().get(`/api/v1.0/chatbot-get/${id}/`)
        expect(got.status).toBe(200)
        expect(got.body).toMatchObject({
          chatbot_id: id,
          chatbot_name: 'Helper',
          chatbot_title: 'Helper',
          chatbot_type: TYPE_OF_PATH[path],
          chatbot_greeting: 'Hello! How can I help?',
          conversation_count: 0,
          user_allowance: 100,
          available_word_count: 100000,
          chatbot_color1: '#1f6feb',
          chatbot_color2: '#ffffff',
          embed_code: expectedEmbed(id),
        })
        expect(got.body.reset_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(typeof got.body.chatbot_instructions).toBe('string')
        if (path.includes('customer-support') || path.includes('quote')) expect(got.body.pricing_plans).toEqual(PRICE_LIST)
        if (path.includes('data-collection')) expect(got.body.data_collection).toEqual(QUESTIONS)
        if (path.includes('quote')) {
          expect(got.body.currency).toBe('€')
          const logo = await fetch(got.body.logo_url)
          expect(logo.headers.get('content-type')).toBe('image/png')
          expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG_1x1)
        }
      })
    }
  }

  test('reset_date is the end of the subscription period', async () => {
    const created = await api().post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
    const got = await api().get(`/api/v1.0/chatbot-get/${created.body.chatbot_id}/`)
    const sub = await app.ctx.db
      .selectFrom('subscriptions')
      .innerJoin('accounts', 'accounts.id', 'subscriptions.account_id')
      .where('accounts.email', '=', 'owner@example.com')
      .select('current_period_end')
      .executeTakeFirstOrThrow()
    expect(got.body.reset_date).toBe(sub.current_period_end.slice(0, 10))
  })
})

describe('validation names the field and creates nothing', () => {
  const kr = CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/']
  const cases: [string, Record<string, unknown>, string][] = [
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, chatbot_name: undefined }, 'chatbot_name: is required'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, chatbot_name: '   ' }, 'chatbot_name: must not be empty'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, chatbot_name: 'x'.repeat(101) }, 'chatbot_name: must be at most 100 characters'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, chatbot_greeting: 'x'.repeat(1001) }, 'chatbot_greeting: must be at most 1000 characters'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, chatbot_instructions: undefined }, 'chatbot_instructions: is required'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, business_industry: '' }, 'business_industry: must not be empty'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, user_allowance: 0 }, 'user_allowance: must be at least 1'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, user_allowance: 100001 }, 'user_allowance: must be at most 100000'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, user_allowance: 2.5 }, 'user_allowance: must be an integer'],
    ['/api/v1.0/api-knowledge-retrieval/', { ...kr, chatbot_color1: 'blue' }, 'chatbot_color1: must be a hex colour such as #1f6feb'],
    [
      '/api/v1.0/api-knowledge-retrieval/',
      { ...kr, business_logo: 'data:image/png;base64,' + Buffer.from('<svg onload=alert(1)>').toString('base64') },
      'business_logo: must be a PNG, JPEG, GIF or WebP image',
    ],
    ['/api/v1.0/api-customer-support/', { ...CREATION_BODIES['/api/v1.0/api-customer-support/'], business_website: undefined }, 'business_website: is required'],
    [
      '/api/v1.0/api-customer-support/',
      { ...CREATION_BODIES['/api/v1.0/api-customer-support/'], pricing_plans: Array(51).fill(PRICE_LIST[0]) },
      'pricing_plans: must have at most 50 items',
    ],
    [
      '/api/v1.0/api-customer-support/',
      { ...CREATION_BODIES['/api/v1.0/api-customer-support/'], pricing_plans: [PRICE_LIST[0], { ...PRICE_LIST[1], 'Price including VAT': '-1' }] },
      'pricing_plans[1].Price including VAT: must be a price such as 12.50',
    ],
    [
      '/api/v1.0/api-customer-support/',
      { ...CREATION_BODIES['/api/v1.0/api-customer-support/'], pricing_plans: [{ 'Product/Service Name': 'x', 'Product/Service Description': '', 'Price excluding VAT': '1' }] },
      'pricing_plans[0].Price including VAT: is required',
    ],
    [
      '/api/v1.0/api-data-collection/',
      { ...CREATION_BODIES['/api/v1.0/api-data-collection/'], data_collection: [...QUESTIONS, { title: 'CV', question: 'Your CV?', type: 'docx' }] },
      'data_collection[3].type: must be one of text, number, boolean, image, pdf_document, email, phone, date, choice',
    ],
    [
      '/api/v1.0/api-data-collection/',
      { ...CREATION_BODIES['/api/v1.0/api-data-collection/'], data_collection: [{ title: 'Name', type: 'text' }] },
      'data_collection[0].question: is required',
    ],
    ['/api/v1.0/api-data-collection/', { ...CREATION_BODIES['/api/v1.0/api-data-collection/'], data_collection: undefined }, 'data_collection: is required'],
    ['/api/v1.0/api-quote-generation/', { ...CREATION_BODIES['/api/v1.0/api-quote-generation/'], business_logo: undefined }, 'business_logo: is required'],
    ['/api/v1.0/api-quote-generation/', { ...CREATION_BODIES['/api/v1.0/api-quote-generation/'], currency: undefined }, 'currency: is required'],
    [
      '/api/v1.0/api-appointment-calendar/',
      {
        ...CREATION_BODIES['/api/v1.0/api-appointment-calendar/'],
        calendar_data: Array(11).fill((CREATION_BODIES['/api/v1.0/api-appointment-calendar/'].calendar_data as unknown[])[0]),
      },
      'calendar_data: must have at most 10 items',
    ],
  ]
  for (const [path, body, message] of cases) {
    test(message, async () => {
      const before = (await api().get('/api/v1.0/chatbot-list/')).body.chatbots.length
      const r = await api().post(path, body)
      expect(r.status).toBe(400)
      expect(r.body.error).toBe(message)
      expect((await api().get('/api/v1.0/chatbot-list/')).body.chatbots.length).toBe(before)
    })
  }

  test('a logo over 2 MiB is 413, a bad JSON list part is 400', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10)
    big.set(PNG_1x1)
    const form = asForm(kr)
    form.append('business_logo', new Blob([big]), 'big.png')
    const r = await api().form('/api/v1.0/api-knowledge-retrieval/', form)
    expect(r.status).toBe(413)
    expect(r.body.error).toBe('business_logo: must be at most 2 MiB')
    const bad = asForm(CREATION_BODIES['/api/v1.0/api-data-collection/'])
    bad.set('data_collection', '[{"title": ')
    const r2 = await api().form('/api/v1.0/api-data-collection/', bad)
    expect(r2.status).toBe(400)
    expect(r2.body.error).toBe('data_collection: must be a JSON list')
  })

  test('colours are normalised and user_allowance kept', async () => {
    const r = await api().post('/api/v1.0/api-knowledge-retrieval/', {
      ...kr,
      chatbot_color1: 'ABC',
      chatbot_color2: '#A1B2C3',
      user_allowance: 7,
      chatbot_title: 'Ask Acme',
      business_logo: PNG_DATA_URL,
    })
    const got = await api().get(`/api/v1.0/chatbot-get/${r.body.chatbot_id}/`)
    expect(got.body).toMatchObject({ chatbot_color1: '#aabbcc', chatbot_color2: '#a1b2c3', user_allowance: 7, chatbot_title: 'Ask Acme' })
  })
})

describe('edit', () => {
  test('changes only the supplied fields, all or nothing', async () => {
    const { body } = await api().post('/api/v1.0/api-quote-generation/', CREATION_BODIES['/api/v1.0/api-quote-generation/'])
    const id = body.chatbot_id
    const edited = await api().post(`/api/v1.0/chatbot-edit/${id}/`, { chatbot_name: 'Quotes', chatbot_color2: '#000', webhook_url: 'https://hooks.example/leads' })
    expect(edited.status).toBe(200)
    expect(edited.body).toEqual({ response: 'Data updated successfully' })
    const got = await api().get(`/api/v1.0/chatbot-get/${id}/`)
    expect(got.body).toMatchObject({ chatbot_name: 'Quotes', chatbot_color2: '#000000', chatbot_greeting: 'Hello! How can I help?', webhook_url: 'https://hooks.example/leads' })

    const unknown = await api().post(`/api/v1.0/chatbot-edit/${id}/`, { chatbot_name: 'X', chatbot_type: 'Data Collection' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: 'Unknown field: chatbot_type' })
    const none = await api().post(`/api/v1.0/chatbot-edit/${id}/`, {})
    expect(none.body).toMatchObject({ error: 'No editable fields were supplied.' })
    const invalid = await api().post(`/api/v1.0/chatbot-edit/${id}/`, { chatbot_name: 'Changed', user_allowance: -1 })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error).toBe('user_allowance: must be at least 1')
    const badColour = await api().post(`/api/v1.0/chatbot-edit/${id}/`, { chatbot_name: 'Changed', chatbot_color1: '#12' })
    expect(badColour.body.error).toBe('chatbot_color1: must be a hex colour such as #1f6feb')
    expect((await api().get(`/api/v1.0/chatbot-get/${id}/`)).body.chatbot_name).toBe('Quotes')
  })

  test('webhook_url is every type’s field (contract 12), http or https only; the secret is shown to the owner', async () => {
    const { body } = await api().post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
    expect(body.webhook_secret).toStartWith('whsec_')
    const r = await api().post(`/api/v1.0/chatbot-edit/${body.chatbot_id}/`, { webhook_url: 'https://x.example/hooks' })
    expect(r.status).toBe(200)
    const view = await api().get(`/api/v1.0/chatbot-get/${body.chatbot_id}/`)
    expect(view.body).toMatchObject({ webhook_url: 'https://x.example/hooks', webhook_secret: body.webhook_secret })
    const ftp = await api().post(`/api/v1.0/chatbot-edit/${body.chatbot_id}/`, { webhook_url: 'ftp://x.example/hooks' })
    expect(ftp.status).toBe(400)
    expect(ftp.body.field).toBe('webhook_url')
  })
})

describe('access', () => {
  test('another account gets 403 Access Denied, an unknown id 404', async () => {
    const { body } = await api().post('/api/v1.0/api-data-collection/', CREATION_BODIES['/api/v1.0/api-data-collection/'])
    const other = client(app.url, otherToken)
    for (const [method, path] of [
      ['get', `/api/v1.0/chatbot-get/${body.chatbot_id}/`],
      ['post', `/api/v1.0/chatbot-edit/${body.chatbot_id}/`],
      ['post', `/api/v1.0/chatbot-delete/${body.chatbot_id}/`],
    ] as const) {
      const r = method === 'get' ? await other.get(path) : await other.post(path, { chatbot_name: 'Mine now' })
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ error: 'Access Denied' })
      const missing =
        method === 'get'
          ? await api().get(path.replace(body.chatbot_id, crypto.randomUUID()))
          : await api().post(path.replace(body.chatbot_id, crypto.randomUUID()), { chatbot_name: 'x' })
      expect(missing.status).toBe(404)
      expect(missing.body).toMatchObject({ error: 'Chatbot not found.' })
    }
    expect((await other.get('/api/v1.0/chatbot-list/')).body.chatbots).toEqual([])
  })

  test('delete removes the chatbot and its files, and the allowance is not given back', async () => {
    const before = await app.ctx.db.selectFrom('accounts').select('chatbots_created').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow()
    const { body } = await api().post('/api/v1.0/api-quote-generation/', CREATION_BODIES['/api/v1.0/api-quote-generation/'])
    const row = await app.ctx.db.selectFrom('chatbots').select('logo_key').where('id', '=', body.chatbot_id).executeTakeFirstOrThrow()
    const logoPath = join(app.dataDir, 'files', row.logo_key!)
    expect(existsSync(logoPath)).toBe(true)
    const deleted = await api().post(`/api/v1.0/chatbot-delete/${body.chatbot_id}/`)
    expect(deleted.body).toEqual({ response: 'Chatbot deleted successfully.' })
    expect(existsSync(logoPath)).toBe(false)
    expect((await api().get(`/api/v1.0/chatbot-get/${body.chatbot_id}/`)).status).toBe(404)
    const after = await app.ctx.db.selectFrom('accounts').select('chatbots_created').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow()
    expect(after.chatbots_created).toBe(before.chatbots_created + 1)
  })
})

test('the plan allowance stops creation, even when requests race', async () => {
  const plans = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json')
  writeFileSync(plans, JSON.stringify([{ id: 'tiny', name: 'Tiny', price: '1.00', currency: 'usd', interval: 'month', stripe_price_id: null, chatbots: 2, training_words: 10 }]))
  const small = await startTestApp({ PLANS_FILE: plans })
  try {
    const t = await subscribedToken(small, 'small@example.com')
    const body = CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/']
    const replies = await Promise.all(Array.from({ length: 6 }, () => client(small.url, t).post('/api/v1.0/api-knowledge-retrieval/', body)))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2)
    for (const r of replies.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ error: 'You have reached the maximum number of chatbots allowed by your subscription plan.' })
    }
    expect((await client(small.url, t).get('/api/v1.0/chatbot-list/')).body.chatbots).toHaveLength(2)
  } finally {
    await small.stop()
  }
})

test('creation without a subscription gets the subscription text', async () => {
  const t = await subscribedToken(app, 'expiring@example.com')
  app.clock.advance(40 * 86_400_000)
  const r = await client(app.url, t).post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
  expect(r.status).toBe(400)
  expect(r.body).toMatchObject({ error: 'You need an active subscription to access this API, please use create_subscription endpoint to get a subscription.' })
})

test('the OpenAPI document describes every creation body with its field types', async () => {
  const doc = (await client(app.url).get('/swagger/json')).body
  for (const path of Object.keys(CREATION_BODIES)) {
    const content = doc.paths[path].post.requestBody.content
    const schema = content['application/json'].schema
    expect(schema.properties.chatbot_name.type).toBe('string')
    expect(schema.required).toContain('chatbot_name')
    expect(content['multipart/form-data'].schema.properties.chatbot_name.type).toBe('string')
  }
  const quote = doc.paths['/api/v1.0/api-quote-generation/'].post.requestBody.content['application/json'].schema
  expect(quote.required).toEqual(expect.arrayContaining(['business_logo', 'currency', 'pricing_plans']))
  expect(quote.properties.pricing_plans.items.properties['Price excluding VAT'].type).toBe('string')
  expect(quote.properties.user_allowance.type).toBe('integer')
})
