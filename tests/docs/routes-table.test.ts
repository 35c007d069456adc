import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ROUTES_FILE, routesTable } from '../../scripts/routes-table'
import { createApp } from '../../src/app'
import { FEATURE_ROUTES } from '../../src/features'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

test('docs/routes.md is the table the app generates (regenerate with `bun scripts/routes-table.ts`)', () => {
  expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(routesTable(app.ctx))
})

test('the table lists every route the app mounts, and every file it names exists', () => {
  const table = readFileSync(ROUTES_FILE, 'utf8')
  const listed = new Set([...table.matchAll(/^\| (GET|POST|PUT|DELETE|PATCH|OPTIONS|HEAD|ALL) \| `([^`]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`))
  const mounted = new Set(createApp(app.ctx).routes.map((r) => `${r.method.toUpperCase()} ${r.path}`))
  expect([...listed].sort()).toEqual([...mounted].sort())
  for (const feature of FEATURE_ROUTES) expect(existsSync(resolve(import.meta.dir, '../..', feature.file))).toBe(true)
})
