// Contract 14: a form body is read part by part, and refused at the first part that decides it:
// a public upload no question asks for before its file is taken, an oversized document at its
// own limit, never after the whole body is in.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NO_FILE_QUESTION_PENDING } from '../../src/features/chat/texts'
import { documentTooLarge } from '../../src/features/training/texts'
import { MiB } from '../../src/http/body-limits'
import { SERVER_BUSY } from '../../src/http/errors'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES, createChatbot } from '../support/chatbots'
import { dropTestDatabase } from '../support/database'
import { path } from '../support/endpoints'
import { peakMiB, watchHealth } from '../support/health'
import { grantedToken, spawnServer } from '../support/process'
import { bodyPieces, rawRequest } from '../support/raw-http'

let app: TestApp
let port: number
let token: string
let chatbotId: string
let libraryId: string

beforeAll(async () => {
  app = await startTestApp()
  port = Number(new URL(app.url).port)
  token = await subscribedToken(app, 'streams@example.com')
  const questions = [{ title: 'Photo', question: 'A photo of the venue, please.', type: 'image' }]
  chatbotId = (await createChatbot(app, token, 'data', { data_collection: questions })).id
  libraryId = (await createChatbot(app, token, 'knowledge')).id
})
afterAll(() => app.stop())

const BOUNDARY = 'stream-boundary'
const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }
const textPart = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const filePart = (name: string, filename: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`

test('an anonymous upload into no session is refused from the parts before the file, while the 10 MiB file is still coming', async () => {
  const declared = 10 * MiB
  const reply = await rawRequest(port, {
    path: path.upload(chatbotId),
    headers: { ...multipart, 'content-length': String(declared) },
    body: bodyPieces(textPart('visitor_id', 'stranger') + filePart('file', 'big.png', 'image/png'), declared),
  })
  expect(reply.status).toBe(400)
  expect(JSON.parse(reply.body).error).toBe(NO_FILE_QUESTION_PENDING)
  expect(reply.sentAll).toBe(false)
  // The same from the query string, the file the only part.
  const fromQuery = await rawRequest(port, {
    path: `${path.upload(chatbotId)}?visitor_id=stranger&session_id=00000000-0000-4000-8000-000000000000`,
    headers: { ...multipart, 'content-length': String(declared) },
    body: bodyPieces(filePart('file', 'big.png', 'image/png'), declared),
  })
  expect(fromQuery.status).toBe(400)
  expect(JSON.parse(fromQuery.body).error).toBe(NO_FILE_QUESTION_PENDING)
  expect(fromQuery.sentAll).toBe(false)
  expect(await app.ctx.db.selectFrom('chat_uploads').select('id').execute()).toEqual([])
})

test('a document past its 20 MiB limit is refused with 413 at that limit, before the rest of the body is sent', async () => {
  const declared = 49 * MiB
  const reply = await rawRequest(port, {
    path: `/api/v1.0/chatbot-document-add/${libraryId}/`,
    headers: { ...multipart, authorization: `Token ${token}`, 'content-length': String(declared) },
    body: bodyPieces(`${textPart('note', 'one big file')}${filePart('documents', 'big.pdf', 'application/pdf')}%PDF-1.4\n`, declared),
  })
  expect(reply.status).toBe(413)
  expect(JSON.parse(reply.body).error).toBe(documentTooLarge('big.pdf', 20))
  expect(reply.sentAll).toBe(false)
  expect(reply.sentBytes).toBeLessThan(30 * MiB)
  expect((await client(app.url, token).get(`/api/v1.0/chatbot-document-view/${libraryId}/`)).body.documents).toEqual([])
})

test('parallel uploads that name their visitor after the file hold at most 64 MiB between them: the rest get 503 with Retry-After', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'streamed-forms-'))
  const server = await spawnServer(dataDir)
  try {
    const owner = await grantedToken(server, dataDir, 'bound@example.com')
    const created = await fetch(`${server.url}/api/v1.0/api-data-collection/`, {
      method: 'POST',
      headers: { authorization: `Token ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...CREATION_BODIES['/api/v1.0/api-data-collection/'], data_collection: [{ title: 'Photo', question: 'A photo?', type: 'image' }] }),
    }).then((r) => r.json())
    const health = watchHealth(server.url, 1_000)
    // Sixty 10 MiB files, each before its visitor_id: the server has to hold a file to decide on it.
    const size = 10 * MiB
    const replies = await Promise.all(
      Array.from({ length: 60 }, () =>
        rawRequest(server.port, {
          path: path.upload(created.chatbot_id),
          headers: { ...multipart, 'content-length': String(size) },
          body: bodyPieces(filePart('file', 'big.png', 'image/png'), size),
        }),
      ),
    )
    await health.stop()
    const busy = replies.filter((r) => r.status === 503)
    expect(replies.filter((r) => r.status !== 503 && r.status !== 400)).toEqual([])
    expect(busy.length).toBeGreaterThan(0)
    for (const reply of busy) {
      expect(JSON.parse(reply.body)).toMatchObject({ error: SERVER_BUSY, code: 'rate_limited' })
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(health.failures).toEqual([])
    const peak = peakMiB(server.child.pid)
    console.log(`60 parallel 10 MiB uploads: ${busy.length} busy, peak resident memory ${peak.toFixed(0)} MiB`)
    expect(peak).toBeLessThan(400)
  } finally {
    await server.kill9()
    await dropTestDatabase(dataDir)
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 60_000)
