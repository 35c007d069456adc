import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SUBSCRIPTION_REQUIRED } from '../../src/features/chatbots/texts'
import { extractPdfText } from '../../src/features/training/pdf-text'
import { countWords } from '../../src/lib/words'
import { DOCUMENT_DELETED, documentNotFound, DOCUMENTS_ADDED, DOCUMENTS_WRONG_CHATBOT, notEnoughWords, ONLY_PDF } from '../../src/features/training/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { encryptedPdf, imageOnlyPdf, PAGE_LINES, textPdf } from './pdf-fixtures'
import { referenceText, TRACEMONKEY_PDF } from './pdf-reference'
import { createChatbot, pdfForm } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { availableWords, lapse, plansFile } from './support'

/** Room for one third-party paper (about 13,300 words) but not two. */
const ALLOWANCE = 20_000

let app: TestApp
let owner: string
let stranger: string
let lapsed: string
let bot: string

beforeAll(async () => {
  app = await startTestApp({ PLANS_FILE: plansFile(ALLOWANCE) })
  ;[owner, stranger, lapsed] = await Promise.all([
    subscribedToken(app, 'docs-owner@example.com'),
    subscribedToken(app, 'docs-stranger@example.com'),
    subscribedToken(app, 'docs-lapsed@example.com'),
  ])
  bot = (await createChatbot(app, owner, 'knowledge')).id
})
afterAll(() => app.stop())

/** A real paper we did not write (see pdf-reference.ts). */
const paper = () => new Uint8Array(readFileSync(TRACEMONKEY_PDF.path))
const storedPdfs = (chatbotId: string): string[] => {
  const dir = join(app.dataDir, 'files', 'chatbots', chatbotId, 'documents')
  // Beside each PDF its extracted text is kept (<id>.text.json) for re-indexing; these are the PDFs.
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.pdf')) : []
}

test('PDFs are added with their titles, listed, served without a token and deleted', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  const handbookBytes = await textPdf({ title: 'Harbour Bakery Handbook' })
  const added = await api.form(
    path.documentAdd(chatbotId),
    pdfForm([
      { bytes: handbookBytes, name: 'handbook.pdf' },
      { bytes: await textPdf(), name: 'Price List 2025.PDF' },
    ]),
  )
  expect(added.status).toBe(200)
  expect(added.body).toEqual({ message: DOCUMENTS_ADDED })

  const viewed = await api.get(path.documentView(chatbotId))
  expect(viewed.status).toBe(200)
  expect(viewed.body.response).toBe('success')
  const documents: { title: string; file: string; word_count: number; text: string; document_id: string }[] = viewed.body.documents
  expect(documents.map((d) => d.title).sort()).toEqual(['Harbour Bakery Handbook', 'Price List 2025'])
  for (const doc of documents) {
    expect(doc.word_count).toBe(countWords(PAGE_LINES.flat().join(' ')))
    expect(doc.text).toStartWith('Welcome to the Harbour Bakery handbook. Our sourdough rises for eighteen hours.')
    expect(doc.text.length).toBeLessThanOrEqual(500)
    expect(doc.document_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(doc.file).toBe(`${app.url}/media/documents/${doc.document_id}/`)
  }
  expect(await availableWords(app, owner, chatbotId)).toBe(ALLOWANCE - 82)

  // The file URL serves the very bytes uploaded to the owner's token; without it, nothing (contract 14).
  const handbook = documents.find((d) => d.title === 'Harbour Bakery Handbook')!
  expect((await fetch(handbook.file)).status).toBe(404)
  const served = await fetch(handbook.file, { headers: { authorization: `Token ${owner}` } })
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('application/pdf')
  expect(served.headers.get('content-disposition')).toContain('Harbour Bakery Handbook.pdf')
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(handbookBytes))
  // Stored under our own id, never the client's file name.
  expect(storedPdfs(chatbotId).sort()).toEqual(documents.map((d) => `${d.document_id}.pdf`).sort())

  const deleted = await api.post(path.documentDelete(chatbotId), { document_id: handbook.document_id })
  expect(deleted.status).toBe(200)
  expect(deleted.body).toEqual({ response: DOCUMENT_DELETED })
  expect((await api.get(path.documentView(chatbotId))).body.documents.map((d: { title: string }) => d.title)).toEqual(['Price List 2025'])
  expect(await availableWords(app, owner, chatbotId)).toBe(ALLOWANCE - 41)
  expect((await fetch(handbook.file, { headers: { authorization: `Token ${owner}` } })).status).toBe(404)
  expect(storedPdfs(chatbotId)).toHaveLength(1)

  const again = await api.post(path.documentDelete(chatbotId), { document_id: handbook.document_id })
  expect(again.status).toBe(404)
  expect(again.body.error).toBe(documentNotFound(handbook.document_id))
})

test('a third-party paper: words as MuPDF reads them, title from the file name, preview of 500 characters', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'business')).id
  const reply = await api.form(path.documentAdd(chatbotId), pdfForm([{ bytes: paper(), name: TRACEMONKEY_PDF.name }]))
  expect(reply.status).toBe(200)
  const [doc] = (await api.get(path.documentView(chatbotId))).body.documents
  expect(doc.title).toBe(TRACEMONKEY_PDF.title)
  const referenceWords = countWords(referenceText(paper()).text)
  expect(Math.abs(doc.word_count - referenceWords) / referenceWords).toBeLessThan(0.03)
  expect(doc.text.length).toBe(500)
  expect(await availableWords(app, owner, chatbotId)).toBe(ALLOWANCE - doc.word_count)
  // The served file is the uploaded paper, byte for byte.
  expect(new Uint8Array(await (await fetch(doc.file, { headers: { authorization: `Token ${owner}` } })).arrayBuffer())).toEqual(paper())
})

test('all or nothing: documents over the word allowance, or one bad file, add nothing', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  const small = await textPdf({ title: 'Small notes' })
  expect((await api.form(path.documentAdd(chatbotId), pdfForm([{ bytes: small, name: 'small.pdf' }]))).status).toBe(200)
  const available = ALLOWANCE - 41

  const paperWords = (await extractPdfText(paper())).wordCount
  expect(paperWords).toBeGreaterThan(ALLOWANCE / 2)

  const over = await api.form(
    path.documentAdd(chatbotId),
    pdfForm([
      { bytes: paper(), name: 'first.pdf' },
      { bytes: paper(), name: 'second.pdf' },
    ]),
  )
  expect(over.status).toBe(400)
  expect(over.body).toMatchObject({ error: notEnoughWords(paperWords * 2, available) })

  const withText = await api.form(
    path.documentAdd(chatbotId),
    (() => {
      const form = pdfForm([{ bytes: small, name: 'ok.pdf' }])
      form.append('documents', new Blob(['plain text, not a PDF']), 'notes.pdf')
      return form
    })(),
  )
  expect(withText.status).toBe(400)
  expect(withText.body.error).toBe(ONLY_PDF)
  expect(withText.body.detail).toContain('"notes.pdf"')

  const withScan = await api.form(
    path.documentAdd(chatbotId),
    pdfForm([
      { bytes: small, name: 'ok.pdf' },
      { bytes: await imageOnlyPdf(), name: 'scan.pdf' },
    ]),
  )
  expect(withScan.status).toBe(400)
  expect(withScan.body.error).toContain('"scan.pdf" has no extractable text')

  const documents = (await api.get(path.documentView(chatbotId))).body.documents
  expect(documents.map((d: { title: string }) => d.title)).toEqual(['Small notes'])
  expect(storedPdfs(chatbotId)).toHaveLength(1)
  expect(await availableWords(app, owner, chatbotId)).toBe(available)

  // One paper still fits, and then the allowance is what is left.
  const one = await api.form(path.documentAdd(chatbotId), pdfForm([{ bytes: paper(), name: 'one.pdf' }]))
  expect(one.status).toBe(200)
  expect(await availableWords(app, owner, chatbotId)).toBe(available - paperWords)
  const second = await api.form(path.documentAdd(chatbotId), pdfForm([{ bytes: paper(), name: 'two.pdf' }]))
  expect(second.body).toMatchObject({ error: notEnoughWords(paperWords, available - paperWords) })
})

test('two uploads racing for the last words: exactly one is added', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  const replies = await Promise.all(['left.pdf', 'right.pdf'].map((name) => api.form(path.documentAdd(chatbotId), pdfForm([{ bytes: paper(), name }]))))
  expect(replies.map((r) => r.status).sort()).toEqual([200, 400])
  expect(replies.find((r) => r.status === 400)!.body.error).toStartWith('Not enough training words left:')
  expect((await api.get(path.documentView(chatbotId))).body.documents).toHaveLength(1)
  expect(storedPdfs(chatbotId)).toHaveLength(1)
})

test('unreadable, encrypted and non-PDF files are refused, naming the file', async () => {
  const api = client(app.url, owner)
  const add = (bytes: Uint8Array, name: string) => api.form(path.documentAdd(bot), pdfForm([{ bytes, name }]))

  const html = await add(new TextEncoder().encode('<!doctype html><title>x</title>'), 'page.pdf')
  expect(html.status).toBe(400)
  expect(html.body.error).toBe(ONLY_PDF)

  const good = await textPdf()
  const cut = await add(good.slice(0, Math.floor(good.length * 0.5)), 'cut.pdf')
  expect(cut.status).toBe(400)
  expect(cut.body).toMatchObject({ error: '"cut.pdf" could not be read as a PDF.' })

  const locked = await add(encryptedPdf(good, { user: 'user-pw', owner: 'owner-pw' }), 'locked.pdf')
  expect(locked.status).toBe(400)
  expect(locked.body).toMatchObject({ error: '"locked.pdf" is password-protected.' })

  const scan = await add(await imageOnlyPdf(), 'scan.pdf')
  expect(scan.status).toBe(400)
  expect(scan.body.error).toBe('"scan.pdf" has no extractable text (is it a scan?).')

  // A path in the file name is only a name: the title keeps its last segment, the store its own id.
  const sneaky = await add(good, '../../etc/passwd.pdf')
  expect(sneaky.status).toBe(200)
  const row = await app.ctx.db.selectFrom('documents').selectAll().where('title', '=', 'passwd').executeTakeFirstOrThrow()
  expect(row.file_key).toBe(`chatbots/${bot}/documents/${row.id}.pdf`)
})

test('upload limits: 10 files, 20 MiB a file, 50 MiB a request, multipart only', async () => {
  const api = client(app.url, owner)
  const small = await textPdf()
  const eleven = await api.form(path.documentAdd(bot), pdfForm(Array.from({ length: 11 }, (_, i) => ({ bytes: small, name: `f${i}.pdf` }))))
  expect(eleven.status).toBe(400)
  expect(eleven.body.error).toBe('documents: at most 10 files per request')

  const big = new Uint8Array(20 * 1024 * 1024 + 1)
  big.set(new TextEncoder().encode('%PDF-1.7\n'))
  const tooBig = await api.form(path.documentAdd(bot), pdfForm([{ bytes: big, name: 'big.pdf' }]))
  expect(tooBig.status).toBe(413)
  expect(tooBig.body.error).toBe('big.pdf: each document must be at most 20 MiB')

  const nineteen = big.subarray(0, 19 * 1024 * 1024)
  const tooMuch = await api.form(path.documentAdd(bot), pdfForm([1, 2, 3].map((i) => ({ bytes: nineteen, name: `part${i}.pdf` }))))
  expect(tooMuch.status).toBe(413)

  const json = await api.post(path.documentAdd(bot), { documents: ['x'] })
  expect(json.status).toBe(400)
  expect(json.body.error).toBe('documents: send the PDF files as multipart/form-data file parts')

  const form = new FormData()
  form.append('note', 'text parts are not documents')
  const none = await api.form(path.documentAdd(bot), form)
  expect(none.status).toBe(400)
  expect(none.body.error).toBe('documents: at least one PDF file is required')

  // Any field name is a document.
  const otherName = await api.form(path.documentAdd(bot), pdfForm([{ bytes: small, name: 'any-field.pdf' }], 'file'))
  expect(otherName.status).toBe(200)
})

test('who may touch documents: token, subscription, owner, type, document id', async () => {
  const mine = client(app.url, owner)
  const theirs = client(app.url, stranger)
  const expired = client(app.url, lapsed)
  const lapsedBot = (await createChatbot(app, lapsed, 'knowledge')).id
  await lapse(app, 'docs-lapsed@example.com')
  const dataBot = (await createChatbot(app, owner, 'data')).id
  const pdf = await textPdf()

  expect((await client(app.url).get(path.documentView(bot))).status).toBe(401)

  for (const api of [theirs]) {
    const add = await api.form(path.documentAdd(bot), pdfForm([{ bytes: pdf, name: 'x.pdf' }]))
    const view = await api.get(path.documentView(bot))
    const del = await api.post(path.documentDelete(bot), { document_id: UNKNOWN_ID })
    for (const reply of [add, view, del]) expect([reply.status, reply.body]).toMatchObject([403, { error: 'Access Denied' }])
  }
  for (const chatbotId of [UNKNOWN_ID, dataBot]) {
    const add = await mine.form(path.documentAdd(chatbotId), pdfForm([{ bytes: pdf, name: 'x.pdf' }]))
    const view = await mine.get(path.documentView(chatbotId))
    const del = await mine.post(path.documentDelete(chatbotId), { document_id: UNKNOWN_ID })
    for (const reply of [add, view, del]) expect([reply.status, reply.body]).toMatchObject([400, { error: DOCUMENTS_WRONG_CHATBOT }])
  }
  for (const chatbotId of [lapsedBot, UNKNOWN_ID]) {
    const add = await expired.form(path.documentAdd(chatbotId), pdfForm([{ bytes: pdf, name: 'x.pdf' }]))
    const view = await expired.get(path.documentView(chatbotId))
    const del = await expired.post(path.documentDelete(chatbotId), { document_id: UNKNOWN_ID })
    for (const reply of [add, view, del]) expect([reply.status, reply.body]).toMatchObject([400, { error: SUBSCRIPTION_REQUIRED }])
  }

  const unknown = await mine.post(path.documentDelete(bot), { document_id: UNKNOWN_ID })
  expect([unknown.status, unknown.body]).toMatchObject([404, { error: documentNotFound(UNKNOWN_ID) }])
  const absent = await mine.post(path.documentDelete(bot), {})
  expect(absent.status).toBe(404)
  expect(absent.body).toMatchObject({ error: documentNotFound(''), detail: 'document_id: is required' })

  // A document of the owner's other chatbot is not "of this chatbot".
  const other = (await createChatbot(app, owner, 'knowledge')).id
  await mine.form(path.documentAdd(other), pdfForm([{ bytes: pdf, name: 'other.pdf' }]))
  const otherId = (await mine.get(path.documentView(other))).body.documents[0].document_id
  const crossed = await mine.post(path.documentDelete(bot), { document_id: otherId })
  expect([crossed.status, crossed.body]).toMatchObject([404, { error: documentNotFound(otherId) }])
  expect((await mine.get(path.documentView(other))).body.documents).toHaveLength(1)
  expect((await fetch(`${app.url}/media/documents/${UNKNOWN_ID}/`, { headers: { authorization: `Token ${owner}` } })).status).toBe(404)
})

test('requests stay responsive while PDFs are read', async () => {
  const api = client(app.url, owner)
  const chatbotId = (await createChatbot(app, owner, 'knowledge')).id
  const files = Array.from({ length: 8 }, (_, i) => ({ bytes: paper(), name: `m${i}.pdf` }))
  // For the log: what one paper costs pdf.js here, i.e. the stall each file would cause in this thread.
  const before = performance.now()
  await extractPdfText(paper(), 'measure.pdf')
  const oneFileInThread = performance.now() - before

  // The app runs in this process: the longest pause between timer ticks is how long its event loop stalled
  // (logged, not asserted: on a loaded machine scheduling alone causes pauses).
  let last = performance.now()
  let longest = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 2)
  const started = performance.now()
  const upload = api.form(path.documentAdd(chatbotId), pdfForm(files))
  let pings = 0
  let done = false
  void upload.finally(() => (done = true))
  while (!done) {
    const health = await fetch(`${app.url}/healthz`)
    expect(health.status).toBe(200)
    pings++
    await Bun.sleep(5)
  }
  const reply = await upload
  clearInterval(ticker)
  const elapsed = performance.now() - started
  expect(reply.status).toBe(400) // over the allowance, after every file was read
  // Read in this thread, each paper would block the loop for its whole extraction: one or two health
  // checks per file at most, however busy the machine. Off the thread, they keep flowing.
  expect(pings).toBeGreaterThan(3 * files.length)
  console.log(
    `upload of 8 papers: ${Math.round(elapsed)} ms, ${pings} health checks answered, ` +
      `longest event-loop stall ${Math.round(longest)} ms (one paper read in this thread: ${Math.round(oneFileInThread)} ms)`,
  )
})
