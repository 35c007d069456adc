// Contract 14: a form body is read part by part, and refused at the first part that decides it:
// a public upload no question asks for before its file is taken, an oversized document at its
// own limit, never after the whole body is in.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { NO_FILE_QUESTION_PENDING } from '../../src/features/chat/texts'
import { MiB } from '../../src/http/body-limits'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { bodyPieces, rawRequest } from '../support/raw-http'

let app: TestApp
let port: number
let token: string
let chatbotId: string

beforeAll(async () => {
  app = await startTestApp()
  port = Number(new URL(app.url).port)
  token = await subscribedToken(app, 'streams@example.com')
  const questions = [{ title: 'Photo', question: 'A photo of the venue, please.', type: 'image' }]
  chatbotId = (await createChatbot(app, token, 'data', { data_collection: questions })).id
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
