// Starts the app on a temp dir, fetches the served /swagger/json, validates it with
// @apidevtools/swagger-parser and lints it with @redocly/cli (recommended rules,
// no-path-trailing-slash off since every path ends in `/`). Exits non-zero on any error.
import SwaggerParser from '@apidevtools/swagger-parser'
import type { OpenAPI } from 'openapi-types'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfig } from '../src/config'
import { createLogger } from '../src/infra/log'
import { createContext, startServer } from '../src/runtime'

const REDOCLY_CONFIG = `extends:
  - recommended
rules:
  no-path-trailing-slash: off
`

/** The document as a running app serves it (a fresh SQLite data dir, a kernel-chosen port). */
export async function servedDocument(): Promise<OpenAPI.Document> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openapi-check-'))
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` }, (path) => readFileSync(path, 'utf8'))
  const ctx = await createContext(config, { log: createLogger('error') })
  const server = await startServer(ctx)
  try {
    const response = await fetch(`${server.url}/swagger/json`)
    if (response.status !== 200) throw new Error(`/swagger/json answered ${response.status}`)
    const document: OpenAPI.Document = await response.json()
    return document
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** swagger-parser's validation: throws with the first problem. */
export async function validateDocument(document: OpenAPI.Document): Promise<void> {
  // swagger-parser dereferences in place; give it a copy.
  await SwaggerParser.validate(structuredClone(document))
}

/** redocly lint's verdict: its exit code and its report. */
export function lintDocument(document: object): { ok: boolean; report: string } {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'))
  try {
    const file = join(dir, 'openapi.json')
    const config = join(dir, 'redocly.yaml')
    writeFileSync(file, JSON.stringify(document))
    writeFileSync(config, REDOCLY_CONFIG)
    const redocly = resolve(import.meta.dir, '../node_modules/.bin/redocly')
    const run = Bun.spawnSync([redocly, 'lint', file, '--config', config, '--format', 'stylish'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    return { ok: run.exitCode === 0, report: `${run.stdout.toString()}${run.stderr.toString()}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const document = await servedDocument()
  try {
    await validateDocument(document)
    console.log('openapi: swagger-parser validation passed')
  } catch (error) {
    console.error(`openapi: swagger-parser validation FAILED: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  const lint = lintDocument(document)
  console.log(lint.report)
  if (!lint.ok) {
    console.error('openapi: redocly lint FAILED')
    process.exit(1)
  }
  console.log('openapi: redocly lint passed')
}
