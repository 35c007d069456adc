// Documents with names (contract 15): chatbot-document-edit renames a document, in document-view
// and in chat sources; a new PDF whose Title metadata reads as an internal id takes its file name.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { DOCUMENT_UPDATED, documentNotFound } from '../../src/features/training/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot, pdfForm } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { textPdf } from './pdf-fixtures'

let app: TestApp
let owner: string
let stranger: string

beforeAll(async () => {
  app = await startTestApp()
  ;[owner, stranger] = await Promise.all([subscribedToken(app, 'rename-owner@example.com'), subscribedToken(app, 'rename-stranger@example.com')])
})
afterAll(() => app.stop())

const PAGES = [['Quince paste is made each autumn from ripe quinces.', 'It keeps for a year in a cool larder.']]

async function addOne(chatbotId: string, title: string, name: string): Promise<{ document_id: string; title: string }> {
  const api = client(app.url, owner)
  const added = await api.form(path.documentAdd(chatbotId), pdfForm([{ bytes: await textPdf({ title, pages: PAGES }), name }]))
  expect(added.status).toBe(200)
  const { documents } = (await api.get(path.documentView(chatbotId))).body
  return documents[documents.length - 1]
}

test('a Title that reads as an internal id gives way to the file name; a real title is kept', async () => {
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  expect((await addOne(chatbotId, '20231104_0001', 'Quince recipes.pdf')).title).toBe('Quince recipes')
  expect((await addOne(chatbotId, 'Owner handbook', 'scan_0042.pdf')).title).toBe('Owner handbook')
})

test('a renamed document shows its new title in document-view and in chat sources', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  const doc = await addOne(chatbotId, 'Owner handbook', 'handbook.pdf')

  const renamed = await api.post(path.documentEdit(chatbotId), { document_id: doc.document_id, title: '  Larder guide  ' })
  expect(renamed.status).toBe(200)
  expect(renamed.body).toEqual({ response: DOCUMENT_UPDATED })
  expect((await api.get(path.documentView(chatbotId))).body.documents.map((d: { title: string }) => d.title)).toEqual(['Larder guide'])

  const chat = await client(app.url).post(path.chat(chatbotId), { message: 'How long does quince paste keep?', visitor_id: 'visitor-rename' })
  expect(chat.status).toBe(200)
  expect(chat.body.sources.map((s: { title: string }) => s.title)).toEqual(['Larder guide'])
})

test('bad titles are refused naming the field; unknown, missing and foreign documents answer 404', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  const other = (await createChatbot(app, owner, 'knowledge')).id
  const doc = await addOne(chatbotId, 'Owner handbook', 'handbook.pdf')

  for (const title of ['', '   ', 'x'.repeat(201), 7]) {
    const r = await api.post(path.documentEdit(chatbotId), { document_id: doc.document_id, title })
    expect(r.status).toBe(400)
    expect(r.body.field).toBe('title')
    expect(r.body.error).toStartWith('title: ')
  }
  expect((await api.post(path.documentEdit(chatbotId), { document_id: doc.document_id, title: 'y'.repeat(200) })).status).toBe(200)

  const unknown = await api.post(path.documentEdit(chatbotId), { document_id: UNKNOWN_ID, title: 'New' })
  expect(unknown.status).toBe(404)
  expect(unknown.body.error).toBe(documentNotFound(UNKNOWN_ID))
  expect((await api.post(path.documentEdit(chatbotId), { title: 'New' })).status).toBe(404)
  // Another chatbot's document, even the same owner's, is not found through this chatbot.
  expect((await api.post(path.documentEdit(other), { document_id: doc.document_id, title: 'New' })).body.error).toBe(documentNotFound(doc.document_id))
  expect((await client(app.url, stranger).post(path.documentEdit(chatbotId), { document_id: doc.document_id, title: 'New' })).status).toBe(403)
  expect((await api.get(path.documentView(chatbotId))).body.documents[0].title).toBe('y'.repeat(200))
})
