// Contract 13: the server key, codes and webhook secrets at rest, and the modes of DATA_DIR.
import { expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { createHash, createHmac } from 'node:crypto'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from '../../src/config'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { client, lastCodeFor, startTestApp, subscribedToken } from '../support/app'
import { CREATION_BODIES, createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { Migrator } from 'kysely'
import { migrationProvider } from '../../src/db/migrations'

const QG = '/api/v1.0/api-quote-generation/'
const modeOf = (path: string) => statSync(path).mode & 0o777
/** The key file and file modes are about the local disk: SQLite and no SECRET_KEY, on any test run. */
const LOCAL_ONLY = { DATABASE_URL: '', SECRET_KEY: '' }

test('without SECRET_KEY a key is made at first start in DATA_DIR/secret.key (0600) and kept across restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'secret-key-'))
  try {
    const first = await startTestApp(LOCAL_ONLY, { dataDir })
    const keyFile = join(dataDir, 'secret.key')
    const key = readFileSync(keyFile, 'utf8').trim()
    await first.stop()
    expect(modeOf(keyFile)).toBe(0o600)
    expect(key.length).toBeGreaterThanOrEqual(32)
    const second = await startTestApp(LOCAL_ONLY, { dataDir })
    await second.stop()
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(key)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('with DATABASE_URL and no SECRET_KEY the service refuses to start, saying why', () => {
  expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/chatbots' }, () => '')).toThrow(ConfigError)
  expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/chatbots' }, () => '')).toThrow('SECRET_KEY must be set when DATABASE_URL is')
  expect(() => loadConfig({ SECRET_KEY: 'short' }, () => '')).toThrow('SECRET_KEY must be at least 32 characters')
  // The real binary entry: exit status 1 and the message, before touching any database.
  const run = Bun.spawnSync([process.execPath, 'src/main.ts', 'serve'], {
    env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://127.0.0.1:9/none', DATA_DIR: join(tmpdir(), 'never-made') },
  })
  expect(run.exitCode).toBe(1)
  expect(run.stderr.toString()).toContain('configuration error: SECRET_KEY must be set when DATABASE_URL is')
})

test('codes are stored as HMAC-SHA256 under the server key, never as a plain hash', async () => {
  const app = await startTestApp({ SECRET_KEY: 'a-server-key-of-at-least-thirty-two-characters' })
  try {
    const email = 'hmac@example.com'
    await client(app.url).post('/api/v1.0/create-subscription/', { email_address: email, return_url: 'https://shop.example/' })
    const code = await lastCodeFor(app, email)
    const row = await app.ctx.db.selectFrom('verification_codes').select('code_hash').where('email', '=', email).executeTakeFirstOrThrow()
    const message = `signup:${email}:${code}`
    expect(row.code_hash).toBe(createHmac('sha256', 'a-server-key-of-at-least-thirty-two-characters').update(message).digest('hex'))
    expect(row.code_hash).not.toBe(createHash('sha256').update(message).digest('hex'))
    // Still the code the owner was sent.
    const verified = await client(app.url).post('/api/v1.0/verification-code/', { email_address: email, code, return_url: 'https://shop.example/' })
    expect(verified.status).toBe(200)
  } finally {
    await app.stop()
  }
})

test('API tokens are stored as the hex SHA-256 earlier releases wrote: an issued one hashes so, and a row written so signs in', async () => {
  const app = await startTestApp()
  try {
    const token = await subscribedToken(app, 'token-hash@example.com')
    const hex = (value: string) => createHash('sha256').update(value).digest('hex')
    const issued = await app.ctx.db.selectFrom('api_tokens').select(['account_id', 'token_hash']).where('token_hash', '=', hex(token)).executeTakeFirst()
    expect(issued?.token_hash).toBe(hex(token))
    const id = (await createChatbot(app, token, 'business')).id
    // A token as an earlier release stored it (node:crypto's hash), on both the full route and the held answer.
    const older = 'a-token-an-earlier-release-issued-0123456789'
    await app.ctx.db
      .insertInto('api_tokens')
      .values({ id: crypto.randomUUID(), account_id: issued?.account_id ?? '', token_hash: hex(older), label: 'older', created_at: new Date().toISOString(), revoked_at: null })
      .execute()
    for (let i = 0; i < 2; i++) expect((await fetch(app.url + path.get(id), { headers: { authorization: `Token ${older}` } })).status).toBe(200)
    expect((await fetch(app.url + path.get(id), { headers: { authorization: `Token ${older}x` } })).status).toBe(401)
  } finally {
    await app.stop()
  }
})

test('webhook secrets are stored sealed, shown to the owner, and a plain one from before is sealed by the migration', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sealed-'))
  try {
    // On SQLite, where a test can rewind the database to before migration 010.
    let app = await startTestApp(LOCAL_ONLY, { dataDir })
    const token = await subscribedToken(app, 'sealed@example.com')
    const created = await client(app.url, token).post(QG, { ...CREATION_BODIES[QG], webhook_url: 'https://hooks.example/leads' })
    expect(created.status).toBe(200)
    const secret: string = created.body.webhook_secret
    expect(secret).toStartWith('whsec_')
    const stored = async () =>
      (await app.ctx.db.selectFrom('chatbots').select('webhook_secret').where('id', '=', created.body.chatbot_id).executeTakeFirstOrThrow()).webhook_secret!
    const sealed = await stored()
    expect(sealed).not.toContain(secret)
    expect(sealed).not.toContain(secret.slice('whsec_'.length))
    expect((await client(app.url, token).get(`/api/v1.0/chatbot-get/${created.body.chatbot_id}/`)).body.webhook_secret).toBe(secret)

    // A database from before migration 010: the secret in plain text.
    const legacy = 'whsec_bGVnYWN5LXNlY3JldC1mcm9tLWJlZm9yZS0wMTA='
    // Every migration from 010 on is undone (Kysely refuses to run 010 again before a later one).
    const rewound = await new Migrator({ db: app.ctx.db, provider: migrationProvider(app.ctx.keys) }).migrateTo('009_answers')
    expect(rewound.error).toBeUndefined()
    await app.stop()
    const db = new Database(join(dataDir, 'chatbot.sqlite'))
    db.run('update chatbots set webhook_secret = ?', [legacy])
    db.close()
    app = await startTestApp(LOCAL_ONLY, { dataDir })
    const converted = await stored()
    expect(converted).not.toContain(legacy.slice('whsec_'.length))
    expect((await client(app.url, token).get(`/api/v1.0/chatbot-get/${created.body.chatbot_id}/`)).body.webhook_secret).toBe(legacy)
    await app.stop()
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('DATA_DIR and what the service makes in it are for its own user only (0700 and 0600)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'modes-'))
  chmodSync(dataDir, 0o755)
  try {
    const app = await startTestApp(LOCAL_ONLY, { dataDir })
    const token = await subscribedToken(app, 'modes@example.com')
    const created = await client(app.url, token).post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    doc.addPage().drawText('A document kept where only the service can read it.', { x: 40, y: 700, size: 12, font })
    const form = new FormData()
    form.append('documents', new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' }), 'private.pdf')
    expect((await client(app.url, token).form(`/api/v1.0/chatbot-document-add/${created.body.chatbot_id}/`, form)).status).toBe(200)
    await app.stop()

    expect(modeOf(dataDir)).toBe(0o700)
    expect(modeOf(join(dataDir, 'secret.key'))).toBe(0o600)
    expect(modeOf(join(dataDir, 'chatbot.sqlite'))).toBe(0o600)
    expect(modeOf(join(dataDir, 'outbox'))).toBe(0o700)
    const mails = readdirSync(join(dataDir, 'outbox'))
    expect(mails.length).toBeGreaterThan(0)
    for (const mail of mails) expect(modeOf(join(dataDir, 'outbox', mail))).toBe(0o600)
    const stored = readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
    expect(stored.some((e) => e.isFile())).toBe(true)
    for (const entry of stored) expect(modeOf(join(entry.parentPath, entry.name))).toBe(entry.isFile() ? 0o600 : 0o700)
    expect(modeOf(join(dataDir, 'files'))).toBe(0o700)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
