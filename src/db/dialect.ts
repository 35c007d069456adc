import { PostgresAdapter, type Kysely } from 'kysely'

export type SqlDialect = 'sqlite' | 'postgres'

/**
 * Which engine a handle (or an open transaction, or the handle a migration gets) talks to. The
 * few places that need engine-specific SQL (migrations, full-text search, job claiming) ask here,
 * and only code under db/ and infra/ does.
 */
export function dialectOf<DB>(db: Kysely<DB>): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}
