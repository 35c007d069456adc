import { Database as SqliteDatabase } from 'bun:sqlite'
import { chmodSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, Migrator } from 'kysely'
import { BunSqliteDialect } from 'kysely-bun-sqlite'
import { SQL } from 'bun'
import { BunPostgresDialect } from './bun-postgres-dialect'
import type { Database } from './schema'
import { migrationProvider } from './migrations'
import type { Keys } from '../infra/keys'

export type Db = Kysely<Database>

/** The SQLite database under DATA_DIR. */
export const sqliteFile = (dataDir: string): string => join(dataDir, 'chatbot.sqlite')

/** SQLite under DATA_DIR by default; PostgreSQL when DATABASE_URL names one (several instances can share it). */
export function openDatabase(dataDir: string, databaseUrl: string | null): Db {
  if (databaseUrl) return openPostgres(databaseUrl)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = sqliteFile(dataDir)
  const sqlite = new SqliteDatabase(file, { create: true, strict: true })
  // Readable by the service's user only (contract 13); SQLite gives its -wal and -shm files the same mode.
  chmodSync(file, 0o600)
  // WAL lets readers run beside the writer; the busy timeout rides out a second process (the CLI) writing.
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  // The dialect prepares every statement afresh; bun:sqlite's query() keeps compiled statements by
  // SQL text, so each query shape is compiled once. Safe because the dialect runs one query at a time.
  const cachedStatements = { prepare: (text: string) => sqlite.query(text), close: () => sqlite.close() } as unknown as SqliteDatabase
  return new Kysely<Database>({ dialect: new BunSqliteDialect({ database: cachedStatements }) })
}

/** Connections are reserved per query or transaction from a pool of `max`; int8 results come back as strings. */
export function openPostgres(databaseUrl: string, opts: { max?: number } = {}): Db {
  const client = new SQL(databaseUrl, { max: opts.max ?? 10, connection: { application_name: 'chatbot-service' } })
  return new Kysely<Database>({ dialect: new BunPostgresDialect(client) })
}

export async function migrate(db: Db, keys: Keys): Promise<void> {
  // Numbers are handed out to branches developed side by side, so a database may have run a later
  // one (012) before an earlier one (011) arrives; each migration touches only its own columns.
  const { error, results } = await new Migrator({ db, provider: migrationProvider(keys), allowUnorderedMigrations: true }).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
}
