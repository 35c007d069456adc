/**
 * FILES_URL=s3://bucket/prefix: the FileStore over Bun's S3 client against a real S3-compatible
 * server (s3rver, started here on a loopback port), and the app keeping its logos, PDFs and
 * quotes there instead of under DATA_DIR.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { S3Client } from 'bun'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, type FilesConfig } from '../../src/config'
import { createS3FileStore } from '../../src/infra/files'
import { client, freePort, startTestApp, subscribedToken } from '../support/app'
import { CREATION_BODIES, PNG_1x1 } from '../support/chatbots'
import { textPdf } from '../training/pdf-fixtures'
import { pdfForm } from '../support/chatbots'
import { path } from '../support/endpoints'

const BUCKET = 'chatbot-files'
const KEY = { id: 'S3RVER', secret: 'S3RVER' }

let s3dir: string
let server: ReturnType<typeof Bun.spawn>
let endpoint: string
let raw: S3Client

/**
 * s3rver runs under Node, in its own process: its list continuation tokens use DES, which Bun's
 * crypto lacks and Node 17+ keeps behind the legacy OpenSSL provider.
 */
beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 's3rver-'))
  const port = await freePort()
  endpoint = `http://127.0.0.1:${port}`
  server = Bun.spawn(
    [
      'node',
      '--openssl-legacy-provider',
      join(import.meta.dir, '../../node_modules/s3rver/bin/s3rver.js'),
      '-d',
      s3dir,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--silent',
      '--configure-bucket',
      BUCKET,
    ],
    { stdout: 'ignore', stderr: 'inherit' },
  )
  raw = new S3Client({ bucket: BUCKET, endpoint, accessKeyId: KEY.id, secretAccessKey: KEY.secret, region: 'us-east-1' })
  for (let i = 0; ; i++) {
    try {
      await raw.list({ maxKeys: 1 })
      break
    } catch (error) {
      if (i > 200) throw new Error(`s3rver did not start: ${String(error)}`)
      await Bun.sleep(50)
    }
  }
})

afterAll(async () => {
  server.kill()
  await server.exited
  rmSync(s3dir, { recursive: true, force: true })
})

const s3Env = (prefix: string) => ({
  FILES_URL: `s3://${BUCKET}/${prefix}`,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: KEY.id,
  S3_SECRET_ACCESS_KEY: KEY.secret,
  S3_REGION: 'us-east-1',
})

/** Every object key in the bucket under `prefix`. */
async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = []
  let continuationToken: string | undefined
  do {
    const page = await raw.list({ prefix, ...(continuationToken ? { continuationToken } : {}) })
    keys.push(...(page.contents ?? []).map((o) => o.key))
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
  } while (continuationToken)
  return keys.sort()
}

test('FILES_URL and the S3_* variables become the S3 settings', () => {
  const config = loadConfig({ ...s3Env('deep/er/'), DATA_DIR: '/tmp/x' }, () => '')
  expect(config.files).toEqual({
    kind: 's3',
    bucket: BUCKET,
    prefix: 'deep/er',
    endpoint,
    accessKeyId: KEY.id,
    secretAccessKey: KEY.secret,
    region: 'us-east-1',
    virtualHostedStyle: false,
  })
  expect(loadConfig({ DATA_DIR: '/tmp/x' }, () => '').files).toEqual({ kind: 'disk', root: '/tmp/x/files' })
  expect(() => loadConfig({ FILES_URL: 'ftp://host/x' }, () => '')).toThrow('FILES_URL must be s3://bucket/prefix or file:///path')
  expect(() => loadConfig({ FILES_URL: 's3://b/p', S3_ACCESS_KEY_ID: 'only-the-id' }, () => '')).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x/y' }, () => '')).toThrow('DATABASE_URL must be a postgres:// URL')
})

test('FileStore on S3: round trip, missing keys, deletePrefix over several list pages', async () => {
  const config = loadConfig({ ...s3Env('store-test') }, () => '').files as Extract<FilesConfig, { kind: 's3' }>
  const store = createS3FileStore(config, { listPageSize: 3 })

  const bytes = crypto.getRandomValues(new Uint8Array(70_000))
  await store.put('chatbots/a/documents/one.pdf', bytes)
  expect(await store.get('chatbots/a/documents/one.pdf')).toEqual(bytes)
  // Overwrite in place.
  await store.put('chatbots/a/documents/one.pdf', new Uint8Array([1, 2, 3]))
  expect(await store.get('chatbots/a/documents/one.pdf')).toEqual(new Uint8Array([1, 2, 3]))
  // Objects live under the prefix of FILES_URL.
  expect(await keysUnder('store-test/')).toEqual(['store-test/chatbots/a/documents/one.pdf'])

  expect(await store.get('chatbots/a/nothing-here')).toBeNull()
  await store.delete('chatbots/a/nothing-here')
  await store.delete('chatbots/a/documents/one.pdf')
  expect(await store.get('chatbots/a/documents/one.pdf')).toBeNull()

  // Eight objects under chatbots/b (three list pages of 3), beside a sibling whose name starts alike.
  for (let i = 0; i < 8; i++) await store.put(`chatbots/b/${i % 2 ? 'uploads' : 'documents'}/${i}`, new Uint8Array([i]))
  await store.put('chatbots/bb/logo', new Uint8Array([9]))
  expect(await keysUnder('store-test/chatbots/b/')).toHaveLength(8)
  await store.deletePrefix('chatbots/b')
  expect(await keysUnder('store-test/chatbots/b/')).toEqual([])
  expect(await store.get('chatbots/bb/logo')).toEqual(new Uint8Array([9]))
  await store.deletePrefix('chatbots/nothing')

  for (const bad of ['../escape', 'a/../../b', '/absolute', 'a//b', '']) await expect(store.put(bad, new Uint8Array([1]))).rejects.toThrow('file key escapes the store')
})

test('the app keeps logos, PDFs and quotes in S3 and serves them from there', async () => {
  const app = await startTestApp(s3Env('app'))
  try {
    const token = await subscribedToken(app, 's3@example.com')
    const api = client(app.url, token)

    // A quote chatbot with a logo: the logo is an object in the bucket, served at logo_url.
    const created = await api.post('/api/v1.0/api-quote-generation/', CREATION_BODIES['/api/v1.0/api-quote-generation/'])
    expect(created.status).toBe(200)
    const bot = created.body.chatbot_id as string
    const got = await api.get(`/api/v1.0/chatbot-get/${bot}/`)
    const logo = await fetch(got.body.logo_url)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG_1x1)

    // A quote: its PDF (with the logo read back from S3) goes to the bucket and is served from it.
    const quote = await client(app.url).post(`/api/v1.0/chat/${bot}/quote/`, {
      visitor_id: 'v1',
      client_name: 'Ann',
      client_email: 'ann@example.com',
      items: [{ name: 'Hosting', quantity: 2 }],
    })
    expect(quote.status).toBe(200)
    const quotePdf = await fetch(quote.body.quote_url)
    expect(quotePdf.status).toBe(200)
    expect(new TextDecoder().decode((await quotePdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    // A training document on a knowledge chatbot: stored in S3, served byte for byte.
    const kr = await api.post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
    const pdf = await textPdf({ title: 'Cloud Notes', pages: [['Objects in a bucket are served back to the visitor unchanged.']] })
    expect((await api.form(path.documentAdd(kr.body.chatbot_id), pdfForm([{ bytes: pdf, name: 'cloud.pdf' }]))).status).toBe(200)
    const [doc] = (await api.get(path.documentView(kr.body.chatbot_id))).body.documents
    const served = await fetch(doc.file, { headers: { authorization: `Token ${token}` } })
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(pdf))

    const stored = await keysUnder('app/')
    expect(stored.some((k) => k.startsWith(`app/chatbots/${bot}/logo-`))).toBe(true)
    expect(stored.some((k) => k.startsWith(`app/chatbots/${bot}/`) && k.includes('quote'))).toBe(true)
    expect(stored).toContain(`app/chatbots/${kr.body.chatbot_id}/documents/${doc.document_id}.pdf`)
    // Nothing went to the local disk.
    expect(existsSync(join(app.dataDir, 'files'))).toBe(false)

    // Deleting a chatbot deletes its objects (deletePrefix); the other chatbot's stay.
    expect((await api.post(`/api/v1.0/chatbot-delete/${bot}/`)).status).toBe(200)
    expect(await keysUnder(`app/chatbots/${bot}/`)).toEqual([])
    expect((await fetch(got.body.logo_url)).status).toBe(404)
    // Its PDF and the text extracted from it (kept for re-indexing).
    expect(await keysUnder(`app/chatbots/${kr.body.chatbot_id}/`)).toHaveLength(2)
  } finally {
    await app.stop()
  }
})
