import { test } from 'bun:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { client } from '../support/app'
import { startSuite } from './harness'
test('explore', async () => {
  const s = await startSuite({ before: async ({ api, ids }) => {
    const doc = await PDFDocument.create(); doc.setTitle('Lighthouse Manual')
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([595, 842])
    const lines = ['Chapter one covers the tower and its stairs.', 'The lighthouse keeper polishes the brass lantern every Thursday at dawn.', 'Visitors may climb the tower on Sundays.']
    lines.forEach((l, i) => page.drawText(l, { x: 50, y: 780 - i * 20, size: 12, font }))
    const form = new FormData(); form.append('documents', new Blob([await doc.save()], { type: 'application/pdf' }), 'lighthouse.pdf')
    const r = await api.form(`/api/v1.0/chatbot-document-add/${ids.knowledge}/`, form); console.log(r.status, r.body)
  }})
  const pub = client(s.app.url)
  const ask = async (k: any, m: string, sid?: string) => { const r = await pub.post(`/api/v1.0/chat/${s.ids[k]}/`, { message: m, visitor_id: 'v1', session_id: sid }); console.log(k, JSON.stringify(r.body, null, 1)); return r.body }
  await ask('knowledge', 'When does the keeper polish the brass lantern?')
  await ask('business', 'What are your prices?')
  await ask('business', 'When are you open?')
  await ask('quote', 'hello')
  await ask('appointment', 'hello')
  const d = await ask('data', 'hi')
  console.log(JSON.stringify(s.chatbots.quote), JSON.stringify((await s.api.get(`/api/v1.0/chatbot-document-view/${s.ids.knowledge}/`)).body))
  console.log(JSON.stringify((await pub.get(`/api/v1.0/widget/${s.ids.appointment}/`)).body))
  await s.stop()
})
