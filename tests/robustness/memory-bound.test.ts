import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MiB } from '../../src/http/body-limits'
import { CREATION_BODIES } from '../support/chatbots'
import { dropTestDatabase } from '../support/database'
import { grantedToken, spawnServer } from '../support/process'
import { peakMiB, watchHealth } from '../support/health'
import { bodyPieces, rawRequest } from '../support/raw-http'
import { BOMB_VARIANTS, GiB, pdfBomb } from './pdf-bombs'

test('PDF bombs and oversized streamed bodies are refused while the server keeps answering within 600 MiB', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memory-bound-'))
  const bombs = await Promise.all(BOMB_VARIANTS.map(async (variant) => ({ variant, bytes: await pdfBomb(variant, GiB) })))
  for (const { bytes } of bombs) expect(bytes.length).toBeLessThan(2.5 * MiB)
  const site = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(new Uint8Array(bombs[0].bytes), { headers: { 'content-type': 'application/pdf' } }) })
  const server = await spawnServer(dataDir, { ALLOW_PRIVATE_LINKS: 'true' })
  try {
    const token = await grantedToken(server, dataDir, 'bombs@example.com')
    const auth = { authorization: `Token ${token}` }
    const created = await fetch(`${server.url}/api/v1.0/api-knowledge-retrieval/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/']),
    }).then((r) => r.json())
    const chatbotId: string = created.chatbot_id
    const health = watchHealth(server.url)

    // Each bomb (about 1 MB, decoding to 1 GiB) alone, all four at once, as documents.
    const refusals = await Promise.all(
      bombs.map(async ({ variant, bytes }) => {
        const form = new FormData()
        form.append('documents', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${variant}.pdf`)
        const r = await fetch(`${server.url}/api/v1.0/chatbot-document-add/${chatbotId}/`, { method: 'POST', headers: auth, body: form })
        return { variant, status: r.status, body: await r.json() }
      }),
    )
    for (const { variant, status, body } of refusals) {
      expect(status).toBe(400)
      expect(body.error).toBe(`"${variant}.pdf" needs more memory to read than one PDF may use.`)
    }

    // The same bomb behind a link: the job fails, naming the memory budget.
    const queued = await fetch(`${server.url}/api/v1.0/chatbot-link-add/${chatbotId}/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ links: [`http://127.0.0.1:${site.port}/manual.pdf`] }),
    })
    expect(queued.status).toBe(200)

    // Twelve 60 MiB chunked JSON bodies at once: each is refused once past 1 MiB, none is read whole.
    const port = server.port
    const bodies = await Promise.all(
      Array.from({ length: 12 }, () =>
        rawRequest(port, {
          path: '/api/v1.0/api-knowledge-retrieval/',
          headers: { ...auth, 'content-type': 'application/json' },
          chunked: true,
          body: bodyPieces('{"chatbot_name":"', 60 * MiB),
        }),
      ),
    )
    for (const reply of bodies) {
      expect(reply.status).toBe(413)
      expect(reply.sentAll).toBe(false)
    }

    let jobs: { status: string; reason: string | null }[] = []
    for (let i = 0; i < 600; i++) {
      jobs = (await (await fetch(`${server.url}/api/v1.0/chatbot-link-status/${chatbotId}/`, { headers: auth })).json()).jobs
      if (jobs[0]?.status !== 'queued') break
      await Bun.sleep(50)
    }
    expect(jobs).toEqual([expect.objectContaining({ status: 'failed', reason: '"manual.pdf" needs more memory to read than one PDF may use.' })])

    await health.stop()
    expect(health.failures).toEqual([])
    expect(health.polls()).toBeGreaterThan(10)
    expect((await fetch(`${server.url}/api/v1.0/chatbot-document-view/${chatbotId}/`, { headers: auth }).then((r) => r.json())).documents).toEqual([])
    const peak = peakMiB(server.child.pid)
    console.log(`serving process peak resident memory: ${peak.toFixed(0)} MiB`)
    expect(peak).toBeLessThan(600)
  } finally {
    await server.kill9()
    site.stop(true)
    await dropTestDatabase(dataDir)
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 120_000)
