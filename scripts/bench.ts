// Benchmarks of the compiled binary, each figure beside a baseline measured in the same run.
// Usage: npm run bench  (builds dist/chatbot-service when missing; installs wrk from Debian when missing)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import * as mupdf from 'mupdf'
import { PDFDocument, StandardFonts } from 'pdf-lib'

const root = resolve(import.meta.dir, '..')
const binary = join(root, 'dist', 'chatbot-service')
const outDir = join(root, 'bench-results')
const quick = process.argv.includes('--quick')
const SECONDS = quick ? 2 : 5
const CHATBOTS = quick ? 20 : 100
const DOCUMENTS = quick ? 200 : 2000

function sh(cmd: string[], opts: { cwd?: string } = {}): string {
  const r = Bun.spawnSync(cmd, { cwd: opts.cwd ?? root, stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed: ${r.stderr.toString().slice(0, 500)}`)
  return r.stdout.toString()
}

function ensureTools(): void {
  if (!existsSync(binary)) sh(['npm', 'run', 'build'])
  if (Bun.spawnSync(['which', 'wrk']).exitCode !== 0) {
    console.log('installing wrk from Debian')
    sh(['apt-get', 'update', '-qq'])
    sh(['apt-get', 'install', '-y', '-qq', 'wrk'])
  }
}

/** Every page's text, as MuPDF reads it: the baseline for the service's PDF extraction. */
function mupdfText(bytes: Uint8Array): string {
  const doc = new mupdf.PDFDocument(bytes)
  const pages: string[] = []
  for (let i = 0; i < doc.countPages(); i++) pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText())
  doc.destroy()
  return pages.join('\n\n')
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

interface BenchResults {
  creation_per_s: number
  edit_per_s: number
  document_uploads_per_s: number
  pdf_pages_per_s: { service: number; mupdf: number }
  search_chat_ms: { p50: number; p99: number }
  link_pages_per_s: number
  chatbot_get: Record<string, { service: WrkResult; bare: WrkResult; ratio: number }>
  rss_mb: number
  machine: { cpus: number; model: string | undefined; memory_gb: number; load_generator: string }
  data: { chatbots: number; documents: number; seconds_per_wrk_run: number }
}

interface WrkResult {
  rps: number
  p50ms: number
  p99ms: number
}

/** wrk in its own process, so the load generator never shares an event loop with the server. */
function wrk(url: string, connections: number, headers: Record<string, string>): WrkResult {
  const args = ['wrk', '-t', String(Math.min(2, connections)), '-c', String(connections), '-d', `${SECONDS}s`, '--latency']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`)
  const out = sh([...args, url])
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)
  const unit = (v: string, u: string) => Number(v) * (u === 'us' ? 0.001 : u === 's' ? 1000 : 1)
  const p = (label: string) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out)
    return m ? unit(m[1], m[2]) : NaN
  }
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw non-2xx answers for ${url}:\n${out}`)
  return { rps, p50ms: p('50'), p99ms: p('99') }
}

async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await Bun.sleep(50)
  }
  throw new Error(`${base} did not become healthy`)
}

const WORDS =
  'invoice shipping warranty battery firmware bracket torque valve sensor calibration schedule maintenance filter pressure pump turbine gasket manual voltage circuit relay thermostat compressor bearing coupling'.split(
    ' ',
  )
function paragraph(seed: number, words: number): string {
  let s = seed
  const out: string[] = []
  for (let i = 0; i < words; i++) {
    s = (s * 1103515245 + 12345) % 2147483648
    out.push(WORDS[s % WORDS.length])
    if (i % 12 === 11) out.push('.')
  }
  return out.join(' ').replace(/ \./g, '.')
}

async function makePdf(pages: number, seed: number, marker?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842])
    const text = (p === 0 && marker ? marker + '. ' : '') + paragraph(seed * 1000 + p, 280)
    const lines = text.match(/.{1,90}(\s|$)/g) ?? []
    for (const [i, line] of lines.entries()) page.drawText(line.trim(), { x: 40, y: 800 - i * 14, size: 10, font })
  }
  return doc.save()
}

async function main() {
  ensureTools()
  mkdirSync(outDir, { recursive: true })
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-bench-'))
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  const base = `http://127.0.0.1:${port}`
  const plans = join(dir, 'plans.json')
  writeFileSync(
    plans,
    JSON.stringify([{ id: 'bench', name: 'Bench', price: '0', currency: 'usd', interval: 'year', stripe_price_id: null, chatbots: 100000, training_words: 50_000_000 }]),
  )
  const env = {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    PLANS_FILE: plans,
    ALLOW_PRIVATE_LINKS: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_IP: '0',
    RATE_LIMIT_PER_TOKEN: '0',
  }
  const grant = Bun.spawnSync([binary, 'grant', 'bench@example.com'], { env, cwd: dir })
  if (grant.exitCode !== 0) throw new Error(grant.stderr.toString())
  const server = Bun.spawn([binary, 'serve'], { env, cwd: dir, stdout: 'ignore', stderr: 'inherit' })
  const results = {} as BenchResults
  try {
    await waitHealthy(base)
    // Token through the real login flow; the code comes from the outbox.
    const post = (path: string, body: unknown, token?: string) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) }, body: JSON.stringify(body) })
    await post('/api/v1.0/login/', { email_address: 'bench@example.com' })
    // The code is mailed by a job after the answer (contract 13): wait for it in the outbox.
    const outbox = join(dir, 'data', 'outbox')
    let code: string | undefined
    for (let i = 0; i < 400 && code === undefined; i++) {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []
      for (const file of files) code ??= /is (\d{6})\b/.exec(readFileSync(join(outbox, file), 'utf8'))?.[1]
      if (code === undefined) await Bun.sleep(25)
    }
    if (code === undefined) throw new Error('no login code reached the outbox')
    const token: string = (await (await post('/api/v1.0/login/', { email_address: 'bench@example.com', code })).json()).token
    const auth = { authorization: `Token ${token}` }

    // Creation and edit throughput, 8 requests in flight.
    const timed = async (count: number, one: (i: number) => Promise<Response>) => {
      const started = performance.now()
      let next = 0
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < count) {
            const r = await one(next++)
            if (!r.ok) throw new Error(`${r.status} ${await r.text()}`)
          }
        }),
      )
      return count / ((performance.now() - started) / 1000)
    }
    const ids: string[] = []
    results.creation_per_s = await timed(CHATBOTS, async (i) => {
      const r = await post(
        '/api/v1.0/api-knowledge-retrieval/',
        { chatbot_name: `Bench ${i}`, chatbot_greeting: 'Hi', chatbot_instructions: 'Ask', business_industry: 'Industry' },
        token,
      )
      const copy = r.clone()
      ids.push((await copy.json()).chatbot_id)
      return r
    })
    results.edit_per_s = await timed(CHATBOTS * 2, (i) => post(`/api/v1.0/chatbot-edit/${ids[i % ids.length]}/`, { chatbot_greeting: `Hello ${i}` }, token))

    // Indexed text: DOCUMENTS one-page documents spread over the chatbots, ten per request.
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf(1, i)))
    const started = performance.now()
    for (let d = 0; d < DOCUMENTS; d += 10) {
      const form = new FormData()
      for (const [i, pdf] of pdfs.entries()) form.append('documents', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `doc-${d + i}.pdf`)
      const r = await fetch(`${base}/api/v1.0/chatbot-document-add/${ids[(d / 10) % ids.length]}/`, { method: 'POST', headers: auth, body: form })
      if (!r.ok) throw new Error(`document-add: ${r.status} ${await r.text()}`)
    }
    results.document_uploads_per_s = DOCUMENTS / ((performance.now() - started) / 1000)

    // PDF extraction: one 200-page document through document-add, beside MuPDF (npm's official WASM
    // build, run in this process) reading the text of the same file.
    const big = await makePdf(200, 99)
    const t0 = performance.now()
    mupdfText(big)
    const mupdfMs = performance.now() - t0
    const target = ids[ids.length - 1]
    const form = new FormData()
    form.append('documents', new Blob([new Uint8Array(big)], { type: 'application/pdf' }), 'big.pdf')
    const t1 = performance.now()
    const added = await fetch(`${base}/api/v1.0/chatbot-document-add/${target}/`, { method: 'POST', headers: auth, body: form })
    if (!added.ok) throw new Error(`big document-add: ${added.status} ${await added.text()}`)
    const serviceMs = performance.now() - t1
    results.pdf_pages_per_s = { service: 200 / (serviceMs / 1000), mupdf: 200 / (mupdfMs / 1000) }

    // Search: chat questions to a trained chatbot (answers come from the full-text index).
    const latencies: number[] = []
    for (let i = 0; i < (quick ? 50 : 300); i++) {
      const q = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} maintenance?`
      const t = performance.now()
      const r = await fetch(`${base}/api/v1.0/chat/${ids[i % ids.length]}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: q, visitor_id: `bench-${i}` }),
      })
      if (!r.ok) throw new Error(`chat: ${r.status} ${await r.text()}`)
      await r.arrayBuffer()
      latencies.push(performance.now() - t)
    }
    latencies.sort((a, b) => a - b)
    results.search_chat_ms = { p50: percentile(latencies, 50), p99: percentile(latencies, 99) }

    // Links: pages from a local server, through the durable queue.
    const pages = quick ? 20 : 100
    const site = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) =>
        new Response(
          `<html><head><title>Page ${new URL(req.url).pathname}</title></head><body><main><p>${paragraph(Number(new URL(req.url).pathname.slice(2)) || 1, 400)}</p></main></body></html>`,
          { headers: { 'content-type': 'text/html' } },
        ),
    })
    const linkBot = ids[0]
    const tl = performance.now()
    for (let i = 0; i < pages; i += 50) {
      const links = Array.from({ length: Math.min(50, pages - i) }, (_, k) => `http://127.0.0.1:${site.port}/p${i + k}`)
      const r = await post(`/api/v1.0/chatbot-link-add/${linkBot}/`, { links }, token)
      if (!r.ok) throw new Error(`link-add: ${r.status} ${await r.text()}`)
    }
    for (;;) {
      const status = await (await fetch(`${base}/api/v1.0/chatbot-link-status/${linkBot}/`, { headers: auth })).json()
      if (status.jobs.every((j: { status: string }) => j.status !== 'queued')) break
      await Bun.sleep(50)
    }
    results.link_pages_per_s = pages / ((performance.now() - tl) / 1000)
    site.stop(true)

    // chatbot-get under load, beside a bare Bun.serve answering the same JSON.
    const getUrl = `${base}/api/v1.0/chatbot-get/${ids[1]}/`
    const sample = await (await fetch(getUrl, { headers: auth })).text()
    const bareFile = join(dir, 'bare.ts')
    writeFileSync(join(dir, 'sample.json'), sample)
    writeFileSync(
      bareFile,
      `const body = await Bun.file(${JSON.stringify(join(dir, 'sample.json'))}).text()\nconst s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } }) })\nconsole.log(s.port)\n`,
    )
    const bare = Bun.spawn([process.execPath, bareFile], { stdout: 'pipe' })
    const reader = bare.stdout.getReader()
    const barePort = Number(new TextDecoder().decode((await reader.read()).value).trim())
    const load: Record<string, { service: WrkResult; bare: WrkResult; ratio: number }> = {}
    for (const c of [1, 16, 64]) {
      const service = wrk(getUrl, c, auth)
      const baseline = wrk(`http://127.0.0.1:${barePort}/`, c, auth)
      load[`c${c}`] = { service, bare: baseline, ratio: service.rps / baseline.rps }
    }
    bare.kill()
    results.chatbot_get = load
    results.rss_mb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024
    results.machine = { cpus: cpus().length, model: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30), load_generator: 'wrk 4.1 (Debian), 2 threads' }
    results.data = { chatbots: CHATBOTS, documents: DOCUMENTS + 1, seconds_per_wrk_run: SECONDS }
  } finally {
    server.kill('SIGTERM')
    await server.exited
    rmSync(dir, { recursive: true, force: true })
  }

  const r = results
  const f = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
  const rows = [
    '| measure | service | baseline | ratio |',
    '|---|---|---|---|',
    ...['c1', 'c16', 'c64'].map((c) => {
      const x = r.chatbot_get[c]
      return `| chatbot-get, ${c.slice(1)} connections: req/s (p50 / p99 ms) | ${f(x.service.rps)} (${f(x.service.p50ms, 2)} / ${f(x.service.p99ms, 2)}) | bare Bun.serve: ${f(x.bare.rps)} (${f(x.bare.p50ms, 2)} / ${f(x.bare.p99ms, 2)}) | ${f(x.ratio, 2)} |`
    }),
    `| PDF pages/s (200-page PDF) | ${f(r.pdf_pages_per_s.service, 1)} | MuPDF (WASM): ${f(r.pdf_pages_per_s.mupdf, 1)} | ${f(r.pdf_pages_per_s.service / r.pdf_pages_per_s.mupdf, 2)} |`,
    `| chatbot creation/s (8 in flight) | ${f(r.creation_per_s, 1)} | | |`,
    `| chatbot edit/s (8 in flight) | ${f(r.edit_per_s, 1)} | | |`,
    `| documents uploaded/s (1 page, 10 per request) | ${f(r.document_uploads_per_s, 1)} | | |`,
    `| search via chat, p50 / p99 ms (${f(r.data.documents)} documents indexed) | ${f(r.search_chat_ms.p50, 2)} / ${f(r.search_chat_ms.p99, 2)} | | |`,
    `| link pages/s from a local server | ${f(r.link_pages_per_s, 1)} | | |`,
    `| RSS after load | ${f(r.rss_mb)} MiB | | |`,
  ]
  const md = `Machine: ${r.machine.cpus} cores (${r.machine.model}), ${r.machine.memory_gb} GiB; load generator: ${r.machine.load_generator}; ${r.data.seconds_per_wrk_run} s per run.\n\n${rows.join('\n')}\n`
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(results, null, 2))
  writeFileSync(join(outDir, 'latest.md'), md)
  console.log(md)
}

await main()
