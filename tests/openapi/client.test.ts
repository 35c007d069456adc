import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { OpenAPIV3_1 } from 'openapi-types'
import { lintDocument, validateDocument } from '../../scripts/check-openapi'
import { API_TYPES_FILE, generateApiTypes } from '../../scripts/api-types'
import { startTestApp, type TestApp } from '../support/app'
import { walkEveryOperation } from './walk'

let app: TestApp
let page: ReturnType<typeof Bun.serve>
let document: OpenAPIV3_1.Document

beforeAll(async () => {
  app = await startTestApp()
  // A page to add as a link, on a real local server.
  page = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () =>
      new Response('<html><head><title>Opening hours</title></head><body><p>We bake every day from seven until six.</p></body></html>', {
        headers: { 'content-type': 'text/html' },
      }),
  })
  document = await (await fetch(`${app.url}/swagger/json`)).json()
})
afterAll(async () => {
  page.stop(true)
  await app.stop()
})

const operationsOf = (doc: OpenAPIV3_1.Document): string[] =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((m) => m === 'get' || m === 'post')
      .map((m) => `${m} ${path}`),
  )

test('the served document is valid OpenAPI and clean under redocly recommended', async () => {
  await validateDocument(document)
  const lint = lintDocument(document)
  expect(lint.report).not.toContain(' error ')
  expect(lint.ok).toBe(true)
  expect(document.openapi).toBe('3.1.0')
  expect(document.servers).toEqual([{ url: app.url }])
})

test('the committed client types are what openapi-typescript generates from the served document', async () => {
  // Regenerate with `bun scripts/api-types.ts` after changing a route's model.
  expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes(document))
})

test('the walk through every operation type-checks against the generated client, with no cast or suppression', () => {
  const walk = readFileSync(resolve(import.meta.dir, 'walk.ts'), 'utf8')
  const helper = readFileSync(resolve(import.meta.dir, '../support/typed-api.ts'), 'utf8')
  for (const source of [walk, helper]) {
    expect(source).not.toMatch(/@ts-(ignore|expect-error|nocheck)|\bas (any|unknown|never)\b|: any\b/)
  }
  expect(walk).not.toMatch(/\bas [A-Z{[]/)
  const tsc = Bun.spawnSync([resolve(import.meta.dir, '../../node_modules/.bin/tsc'), '--noEmit', '-p', resolve(import.meta.dir, 'tsconfig.json')])
  expect(`${tsc.stdout}${tsc.stderr}`).toBe('')
  expect(tsc.exitCode).toBe(0)
})

test('the walk calls every operation, and every real answer conforms to its declared schema', async () => {
  const called = await walkEveryOperation(app, `http://127.0.0.1:${page.port}/hours`)
  expect([...called].sort()).toEqual(operationsOf(document).sort())
})
