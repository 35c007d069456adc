import { afterAll, beforeAll, expect, test } from 'bun:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { CREATION_BODY_LIMIT, JSON_BODY_LIMIT, MiB } from '../../src/http/body-limits'
import { BODY_TOO_LARGE } from '../../src/http/errors'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'
import { bodyPieces, rawRequest } from '../support/raw-http'
import { signIn } from '../dashboard/browser-client'

let app: TestApp
let token: string
let port: number
let chatbotId: string

beforeAll(async () => {
  app = await startTestApp()
  port = Number(new URL(app.url).port)
  token = await subscribedToken(app, 'limits@example.com')
  chatbotId = (await client(app.url, token).post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])).body.chatbot_id
})
afterAll(() => app.stop())

const json = { 'content-type': 'application/json' }

test('a chunked JSON body past 1 MiB is refused with 413 before the client has sent it all', async () => {
  const reply = await rawRequest(port, { path: '/api/v1.0/login/', headers: json, chunked: true, body: bodyPieces('{"email_address":"', 20 * MiB) })
  expect(reply.status).toBe(413)
  expect(JSON.parse(reply.body)).toMatchObject({ error: BODY_TOO_LARGE })
  expect(reply.sentAll).toBe(false)
  expect(reply.sentBytes).toBeLessThan(20 * MiB)
})

test('a chunked JSON body within its limit is read as usual', async () => {
  const body = JSON.stringify({ email_address: 'limits@example.com' })
  const reply = await rawRequest(port, { path: '/api/v1.0/login/', headers: json, chunked: true, body: [new TextEncoder().encode(body)] })
  expect(reply.status).toBe(200)
})

test('creation takes a JSON body up to 5 MiB and refuses one past it, declared or chunked', async () => {
  const headers = { ...json, authorization: `Token ${token}` }
  const field = (size: number) => JSON.stringify({ ...CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'], chatbot_instructions: 'q'.repeat(size) })
  // 2 MiB: past the general 1 MiB, within creation's 5 MiB; refused by the field's own length rule.
  const within = await client(app.url, token).raw('/api/v1.0/api-knowledge-retrieval/', { method: 'POST', headers, body: field(2 * MiB) })
  expect(within.status).toBe(400)
  expect(within.body.error).toStartWith('chatbot_instructions: ')
  const declared = await client(app.url, token).raw('/api/v1.0/api-knowledge-retrieval/', { method: 'POST', headers, body: field(CREATION_BODY_LIMIT) })
  expect(declared.status).toBe(413)
  const chunked = await rawRequest(port, {
    path: '/api/v1.0/api-knowledge-retrieval/',
    headers,
    chunked: true,
    body: bodyPieces('{"chatbot_instructions":"', CREATION_BODY_LIMIT + MiB),
  })
  expect(chunked.status).toBe(413)
  // Elsewhere 1 MiB is the limit.
  const edit = await rawRequest(port, { path: '/api/v1.0/chatbot-document-delete/x/', headers, chunked: true, body: bodyPieces('{"document_id":"', JSON_BODY_LIMIT + 1024) })
  expect(edit.status).toBe(413)
  expect((await client(app.url, token).get('/api/v1.0/chatbot-list/')).body.chatbots).toHaveLength(1)
})

test('a chunked document upload past 50 MiB is refused with 413 and stores nothing', async () => {
  const boundary = 'limit-boundary'
  const head = (n: number) =>
    `${n ? '\r\n' : ''}--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="part-${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`
  // Documents within their own 20 MiB, far past 50 MiB together: on a loaded machine the client may
  // write several MiB more before the answer reaches it (CI once saw all of a 60 MiB body written).
  function* documents() {
    for (let n = 0; n < 10; n++) yield* bodyPieces(head(n), 19 * MiB)
  }
  const reply = await rawRequest(port, {
    path: `/api/v1.0/chatbot-document-add/${chatbotId}/`,
    headers: { authorization: `Token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    chunked: true,
    body: documents(),
  })
  expect(reply.status).toBe(413)
  expect(JSON.parse(reply.body).error).toBe('documents: at most 50 MiB per request')
  expect(reply.sentAll).toBe(false)
  expect((await client(app.url, token).get(`/api/v1.0/chatbot-document-view/${chatbotId}/`)).body.documents).toEqual([])
})

test('a chunked document upload within the limit is read', async () => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage().drawText('Streamed uploads are counted as they arrive.', { x: 40, y: 700, size: 12, font })
  const form = new FormData()
  form.append('documents', new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' }), 'streamed.pdf')
  const encoded = new Response(form)
  const contentType = encoded.headers.get('content-type')!
  const bytes = new Uint8Array(await encoded.arrayBuffer())
  const reply = await rawRequest(port, {
    path: `/api/v1.0/chatbot-document-add/${chatbotId}/`,
    headers: { authorization: `Token ${token}`, 'content-type': contentType },
    chunked: true,
    body: [bytes.subarray(0, 100), bytes.subarray(100)],
  })
  expect(reply.status).toBe(200)
  const docs = (await client(app.url, token).get(`/api/v1.0/chatbot-document-view/${chatbotId}/`)).body.documents
  expect(docs.map((d: { title: string }) => d.title)).toEqual(['streamed'])
})

test('an anonymous document upload is refused before its body is read', async () => {
  // 50 MiB declared; the server answers from the headers alone, while the client is still sending.
  const reply = await rawRequest(port, {
    path: `/api/v1.0/chatbot-document-add/${chatbotId}/`,
    headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * MiB) },
    body: bodyPieces('--b\r\n', 50 * MiB),
  })
  expect(reply.status).toBe(401)
  expect(reply.sentAll).toBe(false)
})

test('an anonymous dashboard upload is refused before its body is read', async () => {
  const reply = await rawRequest(port, {
    path: `/dashboard/chatbots/${chatbotId}/documents/`,
    headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * MiB) },
    body: bodyPieces('--b\r\n', 50 * MiB),
  })
  expect(reply.status).toBe(303)
  expect(reply.headers.location).toBe('/dashboard/login/')
  expect(reply.sentAll).toBe(false)
})

test('a chunked multipart body past its limit is refused with 413 by the form parser too (creation, 5 MiB)', async () => {
  const boundary = 'creation-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="business_logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`
  const reply = await rawRequest(port, {
    path: '/api/v1.0/api-knowledge-retrieval/',
    headers: { authorization: `Token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    chunked: true,
    body: bodyPieces(head, 40 * MiB),
  })
  expect(reply.status).toBe(413)
  expect(JSON.parse(reply.body).error).toBe(BODY_TOO_LARGE)
  expect(reply.sentAll).toBe(false)
  expect((await client(app.url, token).get('/api/v1.0/chatbot-list/')).body.chatbots).toHaveLength(1)
})

test('a signed-in dashboard upload posted from another site is refused before its body is read; from the dashboard it is read', async () => {
  const { client: browser, csrf } = await signIn(app, 'limits@example.com')
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const foreign = await rawRequest(port, {
    path: `/dashboard/chatbots/${chatbotId}/documents/`,
    headers: { cookie, origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * MiB) },
    body: bodyPieces(`--b\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrf}\r\n--b\r\n`, 50 * MiB),
  })
  expect(foreign.status).toBe(403)
  expect(foreign.sentAll).toBe(false)

  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage().drawText('Uploaded from the dashboard itself.', { x: 40, y: 700, size: 12, font })
  const form = new FormData()
  form.append('_csrf', csrf)
  form.append('documents', new File([new Uint8Array(await doc.save())], 'dashboard.pdf', { type: 'application/pdf' }))
  const own = await fetch(`${app.url}/dashboard/chatbots/${chatbotId}/documents/`, {
    method: 'POST',
    headers: { cookie, origin: new URL(app.url).origin },
    body: form,
    redirect: 'manual',
  })
  expect(own.status).toBe(303)
  expect(own.headers.get('location')).toContain(`/dashboard/chatbots/${chatbotId}/training/`)
  const docs = (await client(app.url, token).get(`/api/v1.0/chatbot-document-view/${chatbotId}/`)).body.documents
  expect(docs.map((d: { title: string }) => d.title)).toContain('dashboard')
})
