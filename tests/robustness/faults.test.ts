import { expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { CREATION_BODIES } from '../support/chatbots'
import { grantedToken, spawnServer } from '../support/process'
import { dropTestDatabase, onPostgres } from '../support/database'
import { gate, startHeldServer } from '../support/held-server'

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage().drawText(text, { x: 40, y: 700, size: 12, font })
  return doc.save()
}

const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
  } catch {
    return []
  }
}

test('kill -9 with links and a webhook queued and an upload in flight loses no accepted work', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-'))
  // A site that holds every answer until released, and a webhook receiver that hangs until released.
  const { opened: released, open: release } = gate()
  const site = startHeldServer(released, (req) => {
    const n = new URL(req.url).pathname
    return new Response(`<html><head><title>Page ${n}</title></head><body><p>Durable queue page ${n} with several words of real content.</p></body></html>`, {
      headers: { 'content-type': 'text/html' },
    })
  })
  const deliveries: { headers: Record<string, string>; body: string }[] = []
  const receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const body = await req.text()
      await released
      deliveries.push({ headers: Object.fromEntries(req.headers), body })
      return new Response('ok')
    },
  })

  let server = await spawnServer(dataDir, { ALLOW_PRIVATE_LINKS: 'true' })
  try {
    const token = await grantedToken(server, dataDir, 'faults@example.com')
    const auth = { authorization: `Token ${token}`, 'content-type': 'application/json' }
    const post = (path: string, body: unknown) =>
      fetch(server.url + path, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }))

    const kr = await post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
    const links = Array.from({ length: 6 }, (_, i) => `http://127.0.0.1:${site.port}/p${i}`)
    const queued = await post(`/api/v1.0/chatbot-link-add/${kr.body.chatbot_id}/`, { links })
    expect(queued.status).toBe(200)

    const qg = await post('/api/v1.0/api-quote-generation/', { ...CREATION_BODIES['/api/v1.0/api-quote-generation/'], webhook_url: `http://127.0.0.1:${receiver.port}/hook` })
    const quote = await post(`/api/v1.0/chat/${qg.body.chatbot_id}/quote/`, {
      visitor_id: 'v1',
      client_name: 'Ann',
      client_email: 'ann@example.com',
      items: [{ name: 'Hosting', quantity: 2 }],
    })
    expect(quote.status).toBe(200)

    // A document upload that is cut off half way through its body.
    const pdf = await onePagePdf('This upload never finishes.')
    const boundary = 'cut-off-boundary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
    const socket = connect(server.port, '127.0.0.1')
    socket.on('error', () => {})
    socket.write(
      `POST /api/v1.0/chatbot-document-add/${kr.body.chatbot_id}/ HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + pdf.length + 100}\r\n\r\n${head}`,
    )
    socket.write(pdf.slice(0, pdf.length >> 1))

    // Wait until the worker is inside the fetches, then kill the process without warning.
    for (let i = 0; i < 200 && site.asked() === 0; i++) await Bun.sleep(25)
    expect(site.asked()).toBeGreaterThan(0)
    await server.kill9()
    socket.destroy()
    release()

    server = await spawnServer(dataDir, { ALLOW_PRIVATE_LINKS: 'true' }, server.port)
    const status = async () =>
      (await (await fetch(`${server.url}/api/v1.0/chatbot-link-status/${kr.body.chatbot_id}/`, { headers: auth })).json()).jobs as { link: string; status: string }[]
    for (let i = 0; i < 400; i++) {
      const jobs = await status()
      if (jobs.every((j) => j.status !== 'queued') && deliveries.length > 0) break
      await Bun.sleep(50)
    }
    const jobs = await status()
    expect(jobs.map((j) => j.status)).toEqual(Array(6).fill('added'))
    const view = await (await fetch(`${server.url}/api/v1.0/chatbot-link-view/${kr.body.chatbot_id}/`, { headers: auth })).json()
    expect(view.links.map((l: { link: string }) => l.link).sort()).toEqual([...links].sort())

    // The lead's webhook was delivered after the restart, signed as Standard Webhooks says.
    const secret = qg.body.webhook_secret
    const delivered = deliveries.at(-1)!
    const payload = new Webhook(secret).verify(delivered.body, delivered.headers) as { type: string; data: { lead: { client_email: string } } }
    expect(payload.type).toBe('lead.created')
    expect(payload.data.lead.client_email).toBe('ann@example.com')

    // The cut-off upload left nothing behind: no document, no stored file.
    const docs = await (await fetch(`${server.url}/api/v1.0/chatbot-document-view/${kr.body.chatbot_id}/`, { headers: auth })).json()
    expect(docs.documents).toEqual([])
    expect(filesUnder(join(dataDir, 'files', 'chatbots', kr.body.chatbot_id)).filter((f) => f.includes('documents'))).toEqual([])
  } finally {
    await server.kill9()
    site.stop()
    receiver.stop(true)
  }
  if (onPostgres()) {
    await dropTestDatabase(dataDir)
  } else {
    const db = new Database(join(dataDir, 'chatbot.sqlite'), { readonly: true })
    expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
    db.close()
  }
  rmSync(dataDir, { recursive: true, force: true })
}, 60_000)
