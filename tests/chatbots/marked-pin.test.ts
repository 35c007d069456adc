// The embed code's Markdown library (contract 4): one exact marked version, the hash of that
// version's lib/marked.umd.js as published on npm, and the two overrides.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../src/config'
import { MARKED_CDN_URL, MARKED_INTEGRITY, MARKED_VERSION } from '../../src/features/chatbots/marked-pin'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES } from '../support/chatbots'

const root = join(import.meta.dir, '..', '..')
const installed = join(root, 'node_modules', 'marked')

describe('the pinned marked', () => {
  test('is the exact dependency version, installed from npm (the dashboard renders transcripts with it too)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    expect(pkg.dependencies.marked).toBe(MARKED_VERSION)
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(MARKED_VERSION)
    expect(MARKED_VERSION).toMatch(/^\d+\.\d+\.\d+$/)
    expect(MARKED_CDN_URL).toBe(`https://cdn.jsdelivr.net/npm/marked@${MARKED_VERSION}/lib/marked.umd.js`)
  })

  test("the integrity is the SHA-384 of that version's lib/marked.umd.js", () => {
    const file = readFileSync(join(installed, 'lib', 'marked.umd.js'))
    expect(file.toString('utf8', 0, 200)).toContain(`marked v${MARKED_VERSION}`)
    expect(MARKED_INTEGRITY).toBe(`sha384-${createHash('sha384').update(file).digest('base64')}`)
  })
})

describe('MARKDOWN_CDN_URL and MARKDOWN_CDN_INTEGRITY', () => {
  const env = { DATA_DIR: '/tmp/x' }
  test('are checked at start', () => {
    expect(() => loadConfig({ ...env, MARKDOWN_CDN_URL: 'javascript:alert(1)' }, () => '')).toThrow('MARKDOWN_CDN_URL must be an http(s) URL')
    expect(() => loadConfig({ ...env, MARKDOWN_CDN_URL: 'cdn/marked.js' }, () => '')).toThrow('MARKDOWN_CDN_URL must be an absolute URL')
    expect(() => loadConfig({ ...env, MARKDOWN_CDN_INTEGRITY: 'md5-abc' }, () => '')).toThrow('MARKDOWN_CDN_INTEGRITY must be Subresource Integrity metadata')
    expect(() => loadConfig({ ...env, MARKDOWN_CDN_INTEGRITY: 'sha384-abc" onload="x' }, () => '')).toThrow('MARKDOWN_CDN_INTEGRITY')
    const unset = loadConfig(env, () => '')
    expect([unset.markdownCdnUrl, unset.markdownCdnIntegrity]).toEqual([null, null])
  })

  let app: TestApp
  const mirror = 'https://static.example/vendor/marked.umd.js'
  const hash = `sha384-${createHash('sha384').update('a mirrored build').digest('base64')}`
  beforeAll(async () => {
    app = await startTestApp({ MARKDOWN_CDN_URL: mirror, MARKDOWN_CDN_INTEGRITY: hash })
  })
  afterAll(() => app.stop())

  test("override the markdown tag's URL and hash in the embed code", async () => {
    const api = client(app.url, await subscribedToken(app, 'mirror@example.com'))
    const created = await api.post('/api/v1.0/api-data-collection/', CREATION_BODIES['/api/v1.0/api-data-collection/'])
    expect(created.status).toBe(200)
    expect(created.body.embed_code.split('\n')[2]).toBe(`<script async src="${mirror}" integrity="${hash}" crossorigin="anonymous"></script>`)
  })
})
