import { SQL } from 'bun'
import { createHash } from 'node:crypto'

/**
 * With TEST_DATABASE_URL (a PostgreSQL superuser URL) every test app gets a database of its
 * own, so the whole suite runs on PostgreSQL: `TEST_DATABASE_URL=postgres://... bun test`, or
 * `npm run test:postgres`, which starts a temp cluster. Without it, SQLite under the data dir.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null

export const onPostgres = (): boolean => TEST_DATABASE_URL !== null

/** Instances sharing a PostgreSQL database must share the server key (contract 13): tests give one. */
export const TEST_SECRET_KEY = 'test-secret-key-shared-by-every-test-instance-0123456789'

/** A short lease on PostgreSQL, so a test that kills a server sees its jobs taken back in seconds. */
export const TEST_JOB_LEASE_SECONDS = '2'

let admin: SQL | null = null
const adminClient = (): SQL => (admin ??= new SQL(TEST_DATABASE_URL!, { max: 2, idleTimeout: 2 }))

const urlOf = (name: string): string => {
  const url = new URL(TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  return url.toString()
}

/** One database per data dir, so a test's child processes (serve, grant) and its in-process apps share it. */
export const databaseNameFor = (dataDir: string): string => `chatbot_t_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`

const created = new Set<string>()

/** Creates (once) the data dir's database and returns its URL; null when tests run on SQLite. */
export async function testDatabaseFor(dataDir: string): Promise<string | null> {
  if (!TEST_DATABASE_URL) return null
  const name = databaseNameFor(dataDir)
  if (!created.has(name)) {
    const exists = await adminClient().unsafe('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.length === 0) await adminClient().unsafe(`CREATE DATABASE "${name}"`)
    created.add(name)
  }
  return urlOf(name)
}

/** The env a server process (or a grant) on this data dir needs: DATA_DIR, and DATABASE_URL on PostgreSQL. */
export async function serverEnvFor(dataDir: string): Promise<Record<string, string>> {
  const url = await testDatabaseFor(dataDir)
  return url ? { DATA_DIR: dataDir, DATABASE_URL: url, SECRET_KEY: TEST_SECRET_KEY, JOB_LEASE_SECONDS: TEST_JOB_LEASE_SECONDS } : { DATA_DIR: dataDir }
}

/** Drops the data dir's database (no-op on SQLite); sessions still connected are cut off. */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  if (!TEST_DATABASE_URL) return
  const name = databaseNameFor(dataDir)
  await adminClient().unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  created.delete(name)
}
