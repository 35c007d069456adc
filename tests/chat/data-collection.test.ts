// A Data Collection conversation end to end: questions, re-asks, uploads, the owner's submissions.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ANSWER_REASONS } from '../../src/features/forms/answer-check'
import {
  FORM_ALREADY_COMPLETE,
  FORM_COMPLETE,
  notAvailableForType,
  UPLOAD_ANSWER_NOT_FOUND,
  UPLOAD_TOO_LARGE,
  UPLOAD_WRONG_KIND,
  NO_FILE_QUESTION_PENDING,
  UPLOADS_NOT_TAKEN,
} from '../../src/features/chat/texts'
import { ACCESS_DENIED } from '../../src/http/errors'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { textPdf } from '../training/pdf-fixtures'
import { createChatbot, fileForm, BAKERY_QUESTIONS } from '../support/chatbots'
import { path } from '../support/endpoints'
import { tinyPng } from './tiny-images'

let app: TestApp
let token: string
let chatbot: string

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'forms@bakery.example')
  chatbot = (await createChatbot(app, token, 'data')).id
})
afterAll(() => app.stop())

const q = (i: number) => BAKERY_QUESTIONS[i]

test('a visitor fills the form: bad answers are re-asked, files are uploaded, the owner sees the submission', async () => {
  const api = client(app.url)
  const visitor = 'visitor-1'
  const say = async (message: string, sessionId?: string) => {
    const reply = await api.post(path.chat(chatbot), { message, visitor_id: visitor, ...(sessionId ? { session_id: sessionId } : {}) })
    expect(reply.status).toBe(200)
    return reply.body
  }

  // Whatever the first message says, it gets the first question.
  const opened = await say('What is this?')
  const session: string = opened.session_id
  expect(opened).toEqual({ session_id: session, message_id: expect.any(String), reply: q(0).question, next_question: q(0), done: false })

  expect(await say('   ', session)).toMatchObject({ reply: `${ANSWER_REASONS.textEmpty}\n\n${q(0).question}`, next_question: q(0), done: false })
  expect(await say('  Jane Doe ', session)).toMatchObject({ reply: q(1).question, next_question: q(1), done: false })

  expect(await say('a dozen', session)).toMatchObject({ reply: `${ANSWER_REASONS.number}\n\n${q(1).question}`, next_question: q(1) })
  expect(await say('1,250.5', session)).toMatchObject({ next_question: q(2) })

  expect(await say('maybe', session)).toMatchObject({ reply: `${ANSWER_REASONS.boolean}\n\n${q(2).question}`, next_question: q(2) })
  expect(await say('YES', session)).toMatchObject({ next_question: q(3) })

  // Uploads: an HTML file named .png is refused by its content; a real PNG and PDF are taken.
  const html = await api.form(
    path.upload(chatbot),
    fileForm(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'venue.png', { visitor_id: visitor, session_id: session }),
  )
  expect(html.status).toBe(400)
  expect(html.body).toMatchObject({ error: UPLOAD_WRONG_KIND })
  const png = await api.form(path.upload(chatbot), fileForm(tinyPng(), 'venue.png', { visitor_id: visitor, session_id: session }))
  expect(png.status).toBe(200)
  expect(png.body).toEqual({ upload_id: expect.any(String), kind: 'image' })
  const pdfBytes = await textPdf()
  const pdf = await api.form(path.upload(chatbot), fileForm(pdfBytes, 'plan.pdf', { visitor_id: visitor, session_id: session }))
  expect(pdf.body).toEqual({ upload_id: expect.any(String), kind: 'pdf_document' })

  // The image question: a made-up id and the PDF are invalid answers, the PNG is right.
  expect(await say('here is the photo', session)).toMatchObject({ reply: `${ANSWER_REASONS.image}\n\n${q(3).question}`, next_question: q(3) })
  expect(await say('00000000-0000-4000-8000-000000000000', session)).toMatchObject({ reply: `${UPLOAD_ANSWER_NOT_FOUND}\n\n${q(3).question}` })
  expect(await say(pdf.body.upload_id, session)).toMatchObject({ reply: `${ANSWER_REASONS.image}\n\n${q(3).question}`, next_question: q(3) })
  expect(await say(png.body.upload_id, session)).toMatchObject({ next_question: q(4) })

  // Another session's upload is not this conversation's (that session takes one once it asks for a file).
  const other = (await say('hello')).session_id
  const early = await api.form(path.upload(chatbot), fileForm(pdfBytes, 'x.pdf', { visitor_id: visitor, session_id: other }))
  expect(early.status).toBe(400)
  expect(early.body).toMatchObject({ error: NO_FILE_QUESTION_PENDING })
  for (const answer of ['Ann', '3', 'no']) await say(answer, other)
  const foreign = await api.form(path.upload(chatbot), fileForm(pdfBytes, 'x.pdf', { visitor_id: visitor, session_id: other }))
  expect(foreign.status).toBe(200)
  expect(await say(foreign.body.upload_id, session)).toMatchObject({ reply: `${UPLOAD_ANSWER_NOT_FOUND}\n\n${q(4).question}` })
  // No submission holds the files yet: they are not served.
  expect((await fetch(`${app.url}/media/uploads/${png.body.upload_id}/`, { headers: { authorization: `Token ${token}` } })).status).toBe(404)

  const finished = await say(pdf.body.upload_id, session)
  expect(finished).toEqual({ session_id: session, message_id: expect.any(String), reply: FORM_COMPLETE, next_question: null, done: true })
  expect(await say('one more thing', session)).toEqual({ session_id: session, message_id: expect.any(String), reply: FORM_ALREADY_COMPLETE, next_question: null, done: true })

  const listed = await client(app.url, token).get(path.submissions(chatbot))
  expect(listed.status).toBe(200)
  expect(listed.body).toEqual({
    response: 'success',
    submissions: [
      {
        submission_id: expect.any(String),
        created_at: expect.any(String),
        answers: [
          { title: 'Name', type: 'text', value: 'Jane Doe' },
          { title: 'Guests', type: 'number', value: 1250.5 },
          { title: 'Vegetarian', type: 'boolean', value: true },
          { title: 'Venue photo', type: 'image', value: `${app.url}/media/uploads/${png.body.upload_id}/` },
          { title: 'Floor plan', type: 'pdf_document', value: `${app.url}/media/uploads/${pdf.body.upload_id}/` },
        ],
      },
    ],
  })

  // The files are served to their owner as stored, never sniffed into something else; to nobody else.
  const owner = { headers: { authorization: `Token ${token}` } }
  expect((await fetch(listed.body.submissions[0].answers[3].value)).status).toBe(404)
  const image = await fetch(listed.body.submissions[0].answers[3].value, owner)
  expect(image.headers.get('content-type')).toBe('image/png')
  expect(image.headers.get('x-content-type-options')).toBe('nosniff')
  expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(tinyPng()))).toBe(true)
  const document = await fetch(listed.body.submissions[0].answers[4].value, owner)
  expect(document.headers.get('content-type')).toBe('application/pdf')
  expect(Buffer.from(await document.arrayBuffer()).equals(Buffer.from(pdfBytes))).toBe(true)
})

test('uploads over 10 MiB are refused with 413, and a file is required', async () => {
  const api = client(app.url)
  const opened = await api.post(path.chat(chatbot), { message: 'hi', visitor_id: 'big' })
  const fields = { visitor_id: 'big', session_id: opened.body.session_id }
  // Up to the image question, where a file is asked for.
  for (const message of ['Big', '1', 'no']) await api.post(path.chat(chatbot), { message, ...fields })
  const big = new Uint8Array(10 * 1024 * 1024 + 1)
  big.set(tinyPng())
  const reply = await api.form(path.upload(chatbot), fileForm(big, 'huge.png', fields))
  expect(reply.status).toBe(413)
  expect(reply.body).toMatchObject({ error: UPLOAD_TOO_LARGE })
  expect(reply.headers.get('access-control-allow-origin')).toBe('*')

  const wayTooBig = await api.form(path.upload(chatbot), fileForm(new Uint8Array(12 * 1024 * 1024), 'huger.png', fields))
  expect(wayTooBig.status).toBe(413)
  expect(wayTooBig.headers.get('access-control-allow-origin')).toBe('*')

  const form = new FormData()
  form.append('visitor_id', 'big')
  form.append('session_id', fields.session_id)
  expect((await api.form(path.upload(chatbot), form)).body).toMatchObject({ error: 'file: is required' })
})

test('chatbots without file questions take no uploads', async () => {
  const business = (await createChatbot(app, token, 'business')).id
  const reply = await client(app.url).form(path.upload(business), fileForm(tinyPng(), 'a.png', { visitor_id: 'v' }))
  expect(reply.status).toBe(400)
  expect(reply.body).toMatchObject({ error: UPLOADS_NOT_TAKEN })
})

test('owner lists: another account gets 403, another type 400, no token 401', async () => {
  const quote = (await createChatbot(app, token, 'quote')).id
  const appointment = (await createChatbot(app, token, 'appointment')).id
  const stranger = client(app.url, await subscribedToken(app, 'stranger@example.com'))
  for (const p of [path.submissions(chatbot), path.leads(quote), path.appointments(appointment)]) {
    const reply = await stranger.get(p)
    expect(reply.status).toBe(403)
    expect(reply.body).toMatchObject({ error: ACCESS_DENIED })
    expect((await client(app.url).get(p)).status).toBe(401)
  }
  const owner = client(app.url, token)
  expect((await owner.get(path.leads(chatbot))).body).toMatchObject({ error: notAvailableForType('Data Collection') })
  expect((await owner.get(path.submissions(quote))).body).toMatchObject({ error: notAvailableForType('Quote Generation') })
  expect((await owner.get(path.appointments(quote))).status).toBe(400)
  expect((await owner.get(path.submissions('00000000-0000-4000-8000-000000000000'))).status).toBe(404)
})
