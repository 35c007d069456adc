// Contract 14 (issue 53, finding 9): training PDFs and visitors' uploads are their owner's. They are
// served to the owner's token or dashboard session; anyone else gets 404. Where a URL leaves the
// service (a webhook payload, the owner's e-mail) it is a signed link that opens the file for 7 days.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SIGNED_URL_LIFETIME_MS } from '../../src/http/private-files'
import { client, outbox, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot, fileForm, pdfForm } from '../support/chatbots'
import { path } from '../support/endpoints'
import { startWebhookReceiver } from '../support/webhook-receiver'
import { signIn } from '../dashboard/browser-client'
import { textPdf } from '../training/pdf-fixtures'
import { tinyPng } from '../chat/tiny-images'

let app: TestApp
let ownerToken: string
let otherToken: string
const receiver = startWebhookReceiver()

beforeAll(async () => {
  app = await startTestApp()
  ownerToken = await subscribedToken(app, 'files-owner@example.com')
  otherToken = await subscribedToken(app, 'files-other@example.com')
})
afterAll(async () => {
  receiver.stop()
  await app.stop()
})

const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers, redirect: 'manual' })).status
const token = (t: string) => ({ authorization: `Token ${t}` })

/** The outbox's mail that holds `text` (the owner's notice is its own job, maybe still being written). */
async function mailHolding(text: string) {
  for (let i = 0; i < 50; i++) {
    const found = (await outbox(app)).find((m) => m.text?.includes(text))
    if (found) return found
    await Bun.sleep(20)
  }
  return undefined
}

/** Every way someone other than the owner may ask, each answered as a file that does not exist. */
async function strangersGet404(url: string, ownUrl: string) {
  const otherSession = (await signIn(app, 'files-other@example.com')).client
  const cookie = [...otherSession.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const tries: Record<string, Record<string, string>> = {
    anonymous: {},
    "another owner's token": token(otherToken),
    'a wrong token': token('not-a-token'),
    "another owner's session": { cookie },
  }
  for (const [who, headers] of Object.entries(tries)) expect([who, await status(url, headers)]).toEqual([who, 404])
  // The unknown id answers the same: nothing tells a stranger the file exists.
  expect(await status(ownUrl.replace(/[0-9a-f]{4}\/$/, '0000/'), {})).toBe(404)
}

describe('a training PDF', () => {
  let chatbot: string
  let file: string
  let documentId: string
  const pdf = textPdf({ title: 'Internal handbook' })

  beforeAll(async () => {
    chatbot = (await createChatbot(app, ownerToken, 'knowledge')).id
    const added = await client(app.url, ownerToken).form(path.documentAdd(chatbot), pdfForm([{ bytes: await pdf, name: 'handbook.pdf' }]))
    expect(added.status).toBe(200)
    const view = await client(app.url, ownerToken).get(path.documentView(chatbot))
    ;({ file, document_id: documentId } = view.body.documents[0])
  })

  test('is served to its owner by token and by dashboard session, to nobody else', async () => {
    const byToken = await fetch(file, { headers: token(ownerToken) })
    expect(byToken.status).toBe(200)
    expect(byToken.headers.get('content-type')).toBe('application/pdf')
    expect(byToken.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await byToken.arrayBuffer())).toEqual(new Uint8Array(await pdf))

    const session = (await signIn(app, 'files-owner@example.com')).client
    const bySession = await session.get(new URL(file).pathname)
    expect(bySession.status).toBe(200)
    expect(bySession.html.slice(0, 5)).toBe('%PDF-')

    await strangersGet404(file, file)
    // A signature made up for it does not open it either.
    expect(await status(`${file}?expires=${Math.floor(Date.now() / 1000) + 3600}&signature=${'0'.repeat(64)}`)).toBe(404)
  })

  test('a chat reply cites the document by title and snippet, with no file URL', async () => {
    const reply = await client(app.url).post(path.chat(chatbot), { message: 'How long does the sourdough rise?', visitor_id: 'reader-1' })
    expect(reply.status).toBe(200)
    const cited = reply.body.sources.find((s: { title: string }) => s.title === 'Internal handbook')
    expect(cited).toMatchObject({ title: 'Internal handbook', url: null, snippet: expect.stringContaining('eighteen hours') })
    expect(JSON.stringify(reply.body)).not.toContain(`/media/documents/${documentId}/`)
  })
})

describe("a visitor's upload", () => {
  const questions = [
    { title: 'Name', question: 'What is your name?', type: 'text' },
    { title: 'Photo', question: 'Please upload a photo.', type: 'image' },
  ]

  test('is served to the owner; the webhook payload and the owner e-mail carry a signed link that opens it for 7 days', async () => {
    const { id: chatbot } = await createChatbot(app, ownerToken, 'data', { data_collection: questions, webhook_url: receiver.url })
    const visitor = client(app.url)
    const say = (message: string, session_id?: string) => visitor.post(path.chat(chatbot), { message, visitor_id: 'uploader', ...(session_id ? { session_id } : {}) })
    const session: string = (await say('Hello')).body.session_id
    await say('Ada', session)
    const upload = await visitor.form(path.upload(chatbot), fileForm(tinyPng(), 'me.png', { visitor_id: 'uploader', session_id: session }))
    expect(upload.status).toBe(200)
    expect((await say(upload.body.upload_id, session)).body.done).toBe(true)

    const listed = await client(app.url, ownerToken).get(path.submissions(chatbot))
    const ownUrl: string = listed.body.submissions[0].answers[1].value
    expect(ownUrl).toBe(`${app.url}/media/uploads/${upload.body.upload_id}/`)
    const byOwner = await fetch(ownUrl, { headers: token(ownerToken) })
    expect([byOwner.status, byOwner.headers.get('content-type')]).toEqual([200, 'image/png'])
    expect(byOwner.headers.get('access-control-allow-origin')).toBeNull()
    await strangersGet404(ownUrl, ownUrl)

    app.ctx.jobs.kick()
    await app.ctx.jobs.idle()
    const event = JSON.parse(receiver.deliveries.find((d) => d.body.includes('submission.created'))?.body ?? '{}')
    const signed = new URL(event.data.submission.answers[1].value)
    expect(`${signed.origin}${signed.pathname}`).toBe(ownUrl)
    const expires = Number(signed.searchParams.get('expires'))
    // Seven days from when the submission was made, by the service's clock.
    expect(expires).toBe(Math.floor((Date.parse(listed.body.submissions[0].created_at) + SIGNED_URL_LIFETIME_MS) / 1000))
    expect(signed.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/)
    const mail = await mailHolding(signed.href)
    expect(mail?.to).toMatchObject({ text: 'files-owner@example.com' })

    // The signed link opens the file for anyone who has it, until it expires.
    const opened = await fetch(signed.href)
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'image/png'])
    expect(Buffer.from(await opened.arrayBuffer()).equals(Buffer.from(tinyPng()))).toBe(true)
    const altered = new URL(signed.href)
    altered.searchParams.set('expires', String(expires + 86_400))
    expect(await status(altered.href)).toBe(404)
    const resigned = new URL(signed.href)
    const signature = signed.searchParams.get('signature') ?? ''
    resigned.searchParams.set('signature', signature.slice(0, 63) + (signature.endsWith('0') ? '1' : '0'))
    expect(await status(resigned.href)).toBe(404)
    // Another file's path under this signature: 404.
    expect(await status(signed.href.replace(upload.body.upload_id, '00000000-0000-4000-8000-000000000000'))).toBe(404)

    app.clock.advance(expires * 1000 - app.clock.now().getTime() - 60_000)
    expect(await status(signed.href)).toBe(200)
    app.clock.advance(60_000)
    expect(await status(signed.href)).toBe(404)
    // The owner still opens it with their own credentials.
    expect(await status(ownUrl, token(ownerToken))).toBe(200)
  })
})
