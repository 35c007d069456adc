// business_name (every type) and Business Enquiries' currency (contract 4) over HTTP: stored,
// shown by get and the widget config, and what clients read (quote PDF, e-mail sender and subject, prices in replies).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { client, startTestApp, type TestApp } from '../support/app'
import { startSmtpSink } from '../support/smtp-sink'
import { createChatbot, subscribedTokenViaSmtp } from '../support/chatbots'
import { path } from '../support/endpoints'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let token: string

beforeAll(async () => {
  smtp = await startSmtpSink()
  app = await startTestApp({ SMTP_URL: smtp.url })
  token = await subscribedTokenViaSmtp(app, smtp, 'names@bakery.example')
})
afterAll(async () => {
  await app.stop()
  await smtp.stop()
})

test('business_name defaults to chatbot_name, is edited and cleared, and is checked', async () => {
  const api = client(app.url, token)
  const plain = await createChatbot(app, token, 'knowledge')
  expect((await api.get(path.get(plain.id))).body.business_name).toBe('Harbour Bakery')
  expect((await client(app.url).get(path.widget(plain.id))).body).toMatchObject({ business_name: 'Harbour Bakery', chatbot_language: null })
  expect((await api.post(path.edit(plain.id), { business_name: 'Harbour Bakery Ltd', chatbot_language: 'de' })).status).toBe(200)
  expect((await client(app.url).get(path.widget(plain.id))).body).toMatchObject({ business_name: 'Harbour Bakery Ltd', chatbot_language: 'de' })
  expect((await api.post(path.edit(plain.id), { business_name: null })).status).toBe(200)
  expect((await api.get(path.get(plain.id))).body.business_name).toBe('Harbour Bakery')
  const long = await api.post(path.edit(plain.id), { business_name: 'x'.repeat(201) })
  expect(long.status).toBe(400)
  expect(long.body.error).toContain('business_name')
  const badLanguage = await api.post(path.edit(plain.id), { chatbot_language: 'not a language' })
  expect(badLanguage.status).toBe(400)
  expect(badLanguage.body.error).toContain('chatbot_language')
})

test('a quote is from the business: PDF header, e-mail sender name, subject and body', async () => {
  const quote = await createChatbot(app, token, 'quote', { chatbot_name: 'Cake quotes', business_name: 'Harbour Bakery Ltd' })
  // Without a title the window shows the business.
  expect((await client(app.url).get(path.widget(quote.id))).body.chatbot_title).toBe('Harbour Bakery Ltd')
  const made = await client(app.url).post(path.quote(quote.id), {
    visitor_id: 'v-name',
    client_name: 'Jane Doe',
    client_email: 'jane@client.example',
    items: [{ name: 'Wedding cake', quantity: 1 }],
  })
  expect(made.status).toBe(200)
  const mail = await smtp.waitFor('jane@client.example', (m) => (m.subject ?? '').includes('quote'))
  expect(mail.subject).toBe(`Your quote ${made.body.quote_number} from Harbour Bakery Ltd`)
  expect(mail.from?.value[0]?.name).toBe('Harbour Bakery Ltd')
  expect(mail.text).toContain('your quote from Harbour Bakery Ltd')
  expect(mail.text).not.toContain('Cake quotes')
  const pdf = new Uint8Array(await (await fetch(made.body.quote_url)).arrayBuffer())
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true })
  expect(text).toContain('Harbour Bakery Ltd')
  expect(text).not.toContain('Cake quotes')
})

test('Business Enquiries takes currency: get, widget config and price replies show it', async () => {
  const api = client(app.url, token)
  const business = await createChatbot(app, token, 'business', { currency: '€' })
  expect((await api.get(path.get(business.id))).body.currency).toBe('€')
  expect((await client(app.url).get(path.widget(business.id))).body.currency).toBe('€')
  const reply = await client(app.url).post(path.chat(business.id), { message: 'How much is the wedding cake?', visitor_id: 'v-cur' })
  expect(reply.status).toBe(200)
  expect(reply.body.reply).toContain('€250.00')
  const tooLong = await api.post(path.edit(business.id), { currency: 'x'.repeat(21) })
  expect(tooLong.status).toBe(400)
  expect(tooLong.body.error).toContain('currency')
})
