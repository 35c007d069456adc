// Answers the owner writes (contract 15): add, view, delete, and a visitor asking the same in
// other words gets the owner's answer first, cited as the owner's question.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { CHATBOT_NOT_FOUND } from '../../src/http/errors'
import { notAvailableForType } from '../../src/features/chat/texts'
import { FAQ_DELETED, faqNotFound } from '../../src/features/owner-faqs/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { addPdf } from '../answers/support'

let app: TestApp
let owner: string
let stranger: string

beforeAll(async () => {
  app = await startTestApp()
  ;[owner, stranger] = await Promise.all([subscribedToken(app, 'faq-owner@example.com'), subscribedToken(app, 'faq-stranger@example.com')])
})
afterAll(() => app.stop())

const SHIPPING = { question: 'What are your shipping costs?', answer: 'Shipping is a flat 4.50 within the country, free over 60.' }
const ask = async (chatbotId: string, message: string) => {
  const r = await client(app.url).post(path.chat(chatbotId), { message, visitor_id: `visitor-${crypto.randomUUID()}` })
  expect(r.status).toBe(200)
  return r.body as { reply: string; answered: boolean; sources: { title: string; url: string | null }[] }
}

test('added, listed and deleted; the next visitor asking in other words gets the owner answer first', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  // Material that also speaks of shipping: the owner's answer must still come first.
  await addPdf(app, owner, chatbotId, 'Shop guide', [['Orders ship within two days of payment.', 'Shipping costs depend on the parcel weight.']])

  const added = await api.post(path.faqAdd(chatbotId), SHIPPING)
  expect(added.status).toBe(200)
  const faqId: string = added.body.faq_id
  expect(typeof faqId).toBe('string')

  const viewed = await api.get(path.faqView(chatbotId))
  expect(viewed.status).toBe(200)
  expect(viewed.body).toEqual({ response: 'success', faqs: [{ faq_id: faqId, ...SHIPPING, created_at: expect.any(String) }] })

  const answer = await ask(chatbotId, 'How much does it cost to ship an order?')
  expect(answer.reply).toBe(SHIPPING.answer)
  expect(answer.answered).toBe(true)
  expect(answer.sources[0]).toMatchObject({ title: SHIPPING.question, url: null })
  // A question that shares only one of its words is not the owner's question.
  expect((await ask(chatbotId, 'Do you ship to Canada?')).reply).not.toBe(SHIPPING.answer)

  const deleted = await api.post(path.faqDelete(chatbotId), { faq_id: faqId })
  expect(deleted.status).toBe(200)
  expect(deleted.body).toEqual({ response: FAQ_DELETED })
  expect((await api.get(path.faqView(chatbotId))).body.faqs).toEqual([])
  expect((await ask(chatbotId, 'How much does it cost to ship an order?')).reply).not.toBe(SHIPPING.answer)
  const again = await api.post(path.faqDelete(chatbotId), { faq_id: faqId })
  expect(again.status).toBe(404)
  expect(again.body.error).toBe(faqNotFound(faqId))
})

test('validation, ownership and type: 400 naming the field, 403, 404 and 400 for another type', async () => {
  const api = client(app.url, owner)
  const business = (await createChatbot(app, owner, 'business')).id
  const other = (await createChatbot(app, owner, 'knowledge')).id
  const quote = (await createChatbot(app, owner, 'quote')).id

  for (const [body, field] of [
    [{ answer: 'x' }, 'question'],
    [{ question: '  ', answer: 'x' }, 'question'],
    [{ question: 'Q?', answer: '' }, 'answer'],
    [{ question: 'Q?', answer: 'x'.repeat(5001) }, 'answer'],
  ] as const) {
    const r = await api.post(path.faqAdd(business), body)
    expect(r.status).toBe(400)
    expect(r.body.field).toBe(field)
  }
  const { faq_id } = (await api.post(path.faqAdd(business), SHIPPING)).body
  // Business Enquiries answers from it too.
  expect((await ask(business, 'What does shipping cost?')).sources[0]).toMatchObject({ title: SHIPPING.question, url: null })

  // Another chatbot's FAQ, even the same owner's, is not found through this chatbot; it stays.
  expect((await api.post(path.faqDelete(other), { faq_id })).status).toBe(404)
  expect((await api.post(path.faqDelete(business), { faq_id: UNKNOWN_ID })).body.error).toBe(faqNotFound(UNKNOWN_ID))
  expect((await api.post(path.faqDelete(business), {})).status).toBe(404)
  expect((await api.get(path.faqView(business))).body.faqs).toHaveLength(1)

  const foreign = client(app.url, stranger)
  expect((await foreign.get(path.faqView(business))).status).toBe(403)
  expect((await foreign.post(path.faqAdd(business), SHIPPING)).status).toBe(403)
  expect((await foreign.post(path.faqDelete(business), { faq_id })).status).toBe(403)
  const missing = await api.get(path.faqView(UNKNOWN_ID))
  expect(missing.status).toBe(404)
  expect(missing.body.error).toBe(CHATBOT_NOT_FOUND)
  const wrongType = await api.post(path.faqAdd(quote), SHIPPING)
  expect(wrongType.status).toBe(400)
  expect(wrongType.body.error).toBe(notAvailableForType('Quote Generation'))
})
