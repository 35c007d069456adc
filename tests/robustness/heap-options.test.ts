import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HEAP_OPTIONS } from '../../src/infra/heap-options'
import { dropTestDatabase } from '../support/database'
import { spawnServer } from '../support/process'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true })
    await dropTestDatabase(dir)
  }
})

/** The environment the process with this pid runs with now (after any execve). */
const environmentOf = (pid: number): Record<string, string> =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'latin1')
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  )

async function serverWith(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-heap-'))
  dirs.push(dir)
  return spawnServer(dir, env)
}

test('`serve` runs with the heap options: the same process, started over with them in its environment', async () => {
  for (const name of Object.keys(HEAP_OPTIONS)) expect(process.env[name]).toBeUndefined()
  const server = await serverWith({})
  try {
    const environment = environmentOf(server.child.pid)
    for (const [name, value] of Object.entries(HEAP_OPTIONS)) expect(environment[name]).toBe(value)
    expect(environment.DATA_DIR).toBe(dirs[0])
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  } finally {
    await server.kill9()
  }
})

test("an operator's own heap options win over the service's: all set, or one set and the others the service's", async () => {
  const own = { BUN_JSC_forceRAMSize: String(256 * 1024 * 1024), BUN_JSC_smallHeapGrowthFactor: '2', BUN_JSC_minEdenToOldGenerationRatio: '0.3' }
  expect(Object.keys(own).sort()).toEqual(Object.keys(HEAP_OPTIONS).sort())
  for (const [set, expected] of [
    [own, own],
    [{ BUN_JSC_forceRAMSize: own.BUN_JSC_forceRAMSize }, { ...HEAP_OPTIONS, BUN_JSC_forceRAMSize: own.BUN_JSC_forceRAMSize }],
  ] as const) {
    const server = await serverWith(set)
    try {
      const environment = environmentOf(server.child.pid)
      for (const [name, value] of Object.entries(expected)) expect({ set, name, value: environment[name] }).toEqual({ set, name, value })
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    } finally {
      await server.kill9()
    }
  }
})

test('the runtime reads each heap option with its value (an option a Bun release renamed or dropped fails here, not in production)', () => {
  // Bun refuses to start on an unknown BUN_JSC_ name, and dumpOptions=1 lists the options set away from their defaults.
  const run = Bun.spawnSync([process.execPath, '-e', '1'], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', BUN_JSC_dumpOptions: '1', ...HEAP_OPTIONS },
    stderr: 'pipe',
    stdout: 'pipe',
  })
  expect(run.exitCode).toBe(0)
  const listed = run.stdout.toString() + run.stderr.toString()
  for (const [name, value] of Object.entries(HEAP_OPTIONS)) expect(listed).toContain(`${name.slice('BUN_JSC_'.length)}=${value} (default: `)
})
