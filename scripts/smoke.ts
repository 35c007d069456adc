// Smoke test of the compiled binary: start it on a temp dir with no node_modules beside it, hit
// /healthz and real endpoints, stop it.
import { mkdtempSync, readdirSync, copyFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const binary = resolve(process.argv[2] ?? 'dist/chatbot-service')
const dir = mkdtempSync(join(tmpdir(), 'chatbot-smoke-'))
const local = join(dir, 'chatbot-service')
copyFileSync(binary, local)
const port = 30000 + Math.floor(Math.random() * 20000)
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
  const js = await fetch(`${base}/widget/chatbot.js`)
  if (js.status !== 200 || !(await js.text()).includes('data-chatbot-id')) fail('widget script is not served from the binary')
  const openapi = await fetch(`${base}/swagger/json`)
  if (openapi.status !== 200 || !(await openapi.json()).paths['/api/v1.0/api-knowledge-retrieval/']) fail('OpenAPI document lacks the creation endpoints')
  console.log('smoke: widget and OpenAPI served')
} finally {
  child.kill('SIGTERM')
  await child.exited
  rmSync(dir, { recursive: true, force: true })
}
console.log('smoke: passed')
