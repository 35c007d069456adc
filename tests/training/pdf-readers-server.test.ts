// The server's PDF readers as the service runs them (`bun src/main.ts serve`): uploads reuse the
// warm readers, and stopping the server (SIGTERM) leaves no reader behind.
import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDF_CHILDREN, pdfReaders } from '../../src/features/training/pdf-extractor'
import { startTestApp, subscribedToken } from '../support/app'
import { CREATION_BODIES, createChatbot, pdfForm } from '../support/chatbots'
import { dropTestDatabase } from '../support/database'
import { grantedToken, spawnServer } from '../support/process'
import { textPdf } from './pdf-fixtures'
import { isRunning, readerPids } from './pdf-processes'

test('uploads are read by the same warm readers, and SIGTERM ends them with the server', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdf-readers-'))
  const server = await spawnServer(dataDir)
  try {
    const token = await grantedToken(server, dataDir, 'readers@example.com')
    const auth = { authorization: `Token ${token}` }
    const created = await fetch(`${server.url}/api/v1.0/api-knowledge-retrieval/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/']),
    }).then((r) => r.json())
    // No reader runs before the first PDF.
    expect(readerPids(server.child.pid)).toEqual([])

    const upload = async (round: number) => {
      const files = await Promise.all([0, 1, 2].map(async (i) => ({ bytes: await textPdf({ title: `Round ${round} file ${i}` }), name: `r${round}-${i}.pdf` })))
      const r = await fetch(`${server.url}/api/v1.0/chatbot-document-add/${created.chatbot_id}/`, { method: 'POST', headers: auth, body: pdfForm(files) })
      expect(r.status).toBe(200)
    }
    await upload(1)
    const readers = readerPids(server.child.pid)
    expect(readers.length).toBeGreaterThanOrEqual(1)
    expect(readers.length).toBeLessThanOrEqual(PDF_CHILDREN)
    await upload(2)
    await upload(3)
    // Nine files, and still the readers the first upload started.
    expect(readerPids(server.child.pid)).toEqual(readers)

    server.child.kill('SIGTERM')
    expect(await server.child.exited).toBe(0)
    expect(readers.filter(isRunning)).toEqual([])
  } finally {
    if (server.child.exitCode === null) await server.kill9()
    await dropTestDatabase(dataDir)
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 60_000)

test('stopping the app ends its readers while this process lives on', async () => {
  await pdfReaders.close() // none left from earlier tests in this process
  const app = await startTestApp()
  let readers: number[] = []
  try {
    const token = await subscribedToken(app, 'stop@example.com')
    const chatbot = await createChatbot(app, token, 'knowledge')
    const r = await fetch(`${app.url}/api/v1.0/chatbot-document-add/${chatbot.id}/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: pdfForm([{ bytes: await textPdf(), name: 'handbook.pdf' }]),
    })
    expect(r.status).toBe(200)
    readers = pdfReaders.readers().map((reader) => reader.pid)
    expect(readers).toHaveLength(1)
    expect(readerPids()).toEqual(readers)
  } finally {
    await app.stop()
  }
  expect(pdfReaders.readers()).toEqual([])
  expect(readers.filter(isRunning)).toEqual([])
})
