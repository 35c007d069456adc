// Contract 16's question types through the chat endpoint: each valid, invalid with its re-ask,
// an optional one skipped; the owner's submissions and CSV hold the typed values.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ambiguousDateReason, ANSWER_REASONS, choiceReason } from '../../src/features/forms/answer-check'
import { QUESTION_MESSAGES } from '../../src/features/chatbots/question-rules'
import { dateNoted, FORM_COMPLETE, OPTIONAL_HINT } from '../../src/features/chat/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot, placeNow } from '../support/chatbots'
import { parseRfc4180 } from '../support/csv'
import { path } from '../support/endpoints'

const OPTIONS = ['Chocolate', 'Lemon drizzle', 'Carrot']
const QUESTIONS = [
  { title: 'E-mail', question: 'Your e-mail?', type: 'email' },
  { title: 'Phone', question: 'Your phone number?', type: 'phone' },
  { title: 'Party date', question: 'When is the party?', type: 'date' },
  { title: 'Cake', question: 'Which cake?', type: 'choice', options: OPTIONS },
  { title: 'Notes', question: 'Anything else?', type: 'text', required: false },
  { title: 'Allergies', question: 'Any allergies?', type: 'choice', options: ['None', 'Nuts'], required: false },
]

let app: TestApp
let token: string
let chatbot: string

beforeAll(async () => {
  app = await startTestApp()
  // Thursday 10 December 2026, 23:30 UTC: Friday 11 December in Tokyo.
  placeNow(app, '2026-12-10T23:30:00Z')
  token = await subscribedToken(app, 'types@bakery.example')
  chatbot = (await createChatbot(app, token, 'data', { data_collection: QUESTIONS })).id
})
afterAll(() => app.stop())

test('each type is validated, re-asked with its reason, typed when stored; optional questions are skipped', async () => {
  const api = client(app.url)
  let session: string | undefined
  const say = async (message: string) => {
    const reply = await api.post(path.chat(chatbot), { message, visitor_id: 'v-types', time_zone: 'Asia/Tokyo', ...(session ? { session_id: session } : {}) })
    expect(reply.status).toBe(200)
    session = reply.body.session_id
    return reply.body
  }
  expect((await say('hi')).next_question).toEqual(QUESTIONS[0])

  expect(await say('jane at example')).toMatchObject({ reply: `${ANSWER_REASONS.email}\n\n${QUESTIONS[0].question}`, next_question: { title: 'E-mail' } })
  expect((await say(' jane@example.com ')).next_question).toMatchObject({ title: 'Phone' })

  expect((await say('call me')).reply).toStartWith(ANSWER_REASONS.phone)
  expect((await say('12345')).reply).toStartWith(ANSWER_REASONS.phone)
  expect((await say('+44 (20) 7946-0958')).next_question).toMatchObject({ title: 'Party date' })

  expect((await say('whenever')).reply).toBe(`${ANSWER_REASONS.date}\n\n${QUESTIONS[2].question}`)
  expect((await say('12/03')).reply).toStartWith(ambiguousDateReason('12/03', ['2027-03-12', '2027-12-03']))
  // "next Friday" in Tokyo, where it is Friday already: a week on, said back as read.
  const dated = await say('next Friday')
  expect(dated.reply).toBe(`${dateNoted('Friday 18 December 2026')}\n\nWhich cake?\n\n1. Chocolate\n2. Lemon drizzle\n3. Carrot`)
  expect(dated.next_question).toEqual(QUESTIONS[3])

  expect((await say('Banana')).reply).toStartWith(choiceReason(OPTIONS))
  expect((await say('4')).reply).toStartWith(choiceReason(OPTIONS))
  expect((await say('lemon DRIZZLE')).next_question).toEqual(QUESTIONS[4])

  expect((await say('hello')).next_question).toMatchObject({ title: 'Allergies' })
  // The optional text above was answered; the optional choice is skipped (any case).
  const last = await say('Skip')
  expect(last).toMatchObject({ reply: FORM_COMPLETE, done: true, next_question: null })

  const listed = await client(app.url, token).get(path.submissions(chatbot))
  expect(listed.body.submissions[0].answers).toEqual([
    { title: 'E-mail', type: 'email', value: 'jane@example.com' },
    { title: 'Phone', type: 'phone', value: '+44 (20) 7946-0958' },
    { title: 'Party date', type: 'date', value: '2026-12-18' },
    { title: 'Cake', type: 'choice', value: 'Lemon drizzle' },
    { title: 'Notes', type: 'text', value: 'hello' },
    { title: 'Allergies', type: 'choice', value: null },
  ])
  const csv = await fetch(`${app.url}${path.submissions(chatbot)}?format=csv`, { headers: { authorization: `Token ${token}` } })
  const [header, row] = parseRfc4180(await csv.text())
  expect(header.slice(2)).toEqual(QUESTIONS.map((q) => q.title))
  // The CSV's formula guard quotes a leading "+" so a spreadsheet does not evaluate the number.
  expect(row.slice(2)).toEqual(['jane@example.com', "'+44 (20) 7946-0958", '2026-12-18', 'Lemon drizzle', 'hello', ''])
})

test('a required question cannot be skipped, and an optional one says how to skip it', async () => {
  const api = client(app.url)
  const opened = await api.post(path.chat(chatbot), { message: 'hi', visitor_id: 'v-skip' })
  const skipped = await api.post(path.chat(chatbot), { message: 'skip', visitor_id: 'v-skip', session_id: opened.body.session_id })
  expect(skipped.body.reply).toStartWith(ANSWER_REASONS.email)
  const owner = client(app.url, token)
  const edited = await owner.post(path.edit(chatbot), { data_collection: [QUESTIONS[4]] })
  expect(edited.status).toBe(200)
  const fresh = await api.post(path.chat(chatbot), { message: 'hi', visitor_id: 'v-skip2' })
  expect(fresh.body.reply).toBe(`${QUESTIONS[4].question}\n\n${OPTIONAL_HINT}`)
  expect((await api.post(path.chat(chatbot), { message: 'hi', visitor_id: 'v-skip2', time_zone: 'Mars/Olympus' })).body).toMatchObject({ field: 'time_zone' })
})

test('choice options are checked when the form is saved', async () => {
  const owner = client(app.url, token)
  const refused = async (item: Record<string, unknown>, message: string) => {
    const reply = await owner.post(path.edit(chatbot), { data_collection: [item] })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ field: 'data_collection[0].options', error: `data_collection[0].options: ${message}` })
  }
  await refused({ title: 'Cake', question: 'Which?', type: 'choice' }, QUESTION_MESSAGES.optionsRequired)
  await refused({ title: 'Cake', question: 'Which?', type: 'choice', options: ['A', ' a '] }, QUESTION_MESSAGES.duplicateOption)
  await refused({ title: 'Name', question: 'Name?', type: 'text', options: ['A', 'B'] }, QUESTION_MESSAGES.optionsNotAllowed)
  const one = await owner.post(path.edit(chatbot), { data_collection: [{ title: 'Cake', question: 'Which?', type: 'choice', options: ['A'] }] })
  expect(one.status).toBe(400)
  expect(one.body.field).toStartWith('data_collection[0].options')
})
