import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { loadConfig } from '../../src/config'
import type { AppContext } from '../../src/context'
import { createLogger } from '../../src/infra/log'
import { AdjustableClock } from '../../src/lib/clock'
import { createContext, startServer } from '../../src/runtime'
import { dropTestDatabase, serverEnvFor } from './database'

export interface TestApp {
  url: string
  ctx: AppContext
  clock: AdjustableClock
  dataDir: string
  /** Every log line the app wrote, to prove no secret reaches the log. */
  logs: string[]
  /** The mails an SMTP sink received for this app, when it was started with one. */
  mailbox?: () => ParsedMail[]
  stop(): Promise<void>
}

/** A free loopback port, so PUBLIC_URL is right before the server starts. */
export async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

/**
 * Starts the real app (real SQLite, files, mailer, jobs) on a temp data dir and a loopback port.
 * With TEST_DATABASE_URL set, on a fresh PostgreSQL database of its own instead (dropped on stop
 * when the data dir is the app's own; shared with child processes given the same data dir).
 */
export async function startTestApp(env: Record<string, string> = {}, opts: { dataDir?: string; mailbox?: () => ParsedMail[] } = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'chatbot-test-'))
  const port = await freePort()
  const databaseEnv = env.DATABASE_URL ? {} : await serverEnvFor(dataDir)
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_PRIVATE_LINKS: 'true',
      RATE_LIMIT_PER_IP: '0',
      RATE_LIMIT_PER_TOKEN: '0',
      ...databaseEnv,
      ...env,
    },
    (path) => readFileSync(path, 'utf8'),
  )
  const logs: string[] = []
  const clock = new AdjustableClock()
  const ctx = await createContext(config, { clock, log: createLogger('debug', (line) => logs.push(line)) })
  const server = await startServer(ctx)
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    clock,
    dataDir,
    logs,
    mailbox: opts.mailbox,
    async stop() {
      await server.stop()
      if (!opts.dataDir) {
        rmSync(dataDir, { recursive: true, force: true })
        if (!env.DATABASE_URL) await dropTestDatabase(dataDir)
      }
    },
  }
}

// biome-ignore lint/suspicious/noExplicitAny: bodies are read as loose JSON across hundreds of assertions; the API's own types are checked against the generated client (tests/support/api.d.ts)
export interface Reply<T = any> {
  status: number
  body: T
  headers: Headers
}

/** Small JSON client for the API under test. */
export function client(base: string, token?: string) {
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    ...(token ? { authorization: `Token ${token}` } : {}),
    ...extra,
  })
  const read = async (response: Response): Promise<Reply> => {
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: response.status, body, headers: response.headers }
  }
  return {
    get: async (path: string, extra?: Record<string, string>) => read(await fetch(base + path, { headers: headers(extra) })),
    post: async (path: string, body?: unknown, extra?: Record<string, string>) =>
      read(
        await fetch(base + path, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json', ...extra }),
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    form: async (path: string, form: FormData, extra?: Record<string, string>) => read(await fetch(base + path, { method: 'POST', headers: headers(extra), body: form })),
    raw: async (path: string, init: RequestInit) => read(await fetch(base + path, init)),
  }
}

/** Mails the app wrote to DATA_DIR/outbox (no SMTP_URL), newest last. */
export async function outbox(app: TestApp): Promise<ParsedMail[]> {
  const dir = join(app.dataDir, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
  } catch {}
  return Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))))
}

export async function lastCodeFor(app: TestApp, email: string): Promise<string> {
  // Login codes are mailed by a job after the answer.
  await app.ctx.jobs.idle()
  // Only code mails: an owner notification to the same address carries other numbers (the dashboard URL's port).
  const mails = (app.mailbox ? app.mailbox() : await outbox(app)).filter(
    (m) => (m.to as { text: string } | undefined)?.text.includes(email) && /^Your (login|verification) code$/.test(m.subject ?? ''),
  )
  const match = /\bis (\d{5,6})\b/.exec(mails.at(-1)?.text ?? '')
  if (!match) throw new Error(`no code mailed to ${email}`)
  return match[1]
}

const RETURN_URL = 'https://shop.example/after-payment'

/** The whole onboarding over HTTP: code, verification, test checkout, login. Returns an API token. */
export async function subscribedToken(app: TestApp, email: string): Promise<string> {
  const api = client(app.url)
  const started = await api.post('/api/v1.0/create-subscription/', { email_address: email, return_url: RETURN_URL })
  if (started.status !== 200) throw new Error(`create-subscription: ${JSON.stringify(started.body)}`)
  const verified = await api.post('/api/v1.0/verification-code/', {
    email_address: email,
    code: Number(await lastCodeFor(app, email)),
    return_url: RETURN_URL,
  })
  if (verified.status !== 200) throw new Error(`verification-code: ${JSON.stringify(verified.body)}`)
  const paid = await fetch(verified.body.payment_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
  if (paid.status !== 303) throw new Error(`checkout: ${paid.status}`)
  return loginToken(app, email)
}

export async function loginToken(app: TestApp, email: string): Promise<string> {
  const api = client(app.url)
  await api.post('/api/v1.0/login/', { email_address: email })
  const reply = await api.post('/api/v1.0/login/', { email_address: email, code: await lastCodeFor(app, email) })
  if (reply.status !== 200) throw new Error(`login: ${JSON.stringify(reply.body)}`)
  return reply.body.token
}
