import type { ReservedSQL, SQL } from 'bun'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/**
 * Kysely over Bun's built-in PostgreSQL client (no `pg` dependency). Each Kysely connection is a
 * connection reserved from Bun's pool, so a transaction's statements all run on one session;
 * Kysely gives a connection back (release) as soon as its query or transaction is over.
 */
export class BunPostgresDialect implements Dialect {
  constructor(private readonly client: SQL) {}

  createDriver(): Driver {
    return new BunPostgresDriver(this.client)
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }
  createIntrospector<DB>(db: Kysely<DB>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

class BunPostgresConnection implements DatabaseConnection {
  constructor(readonly reserved: ReservedSQL) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.reserved.unsafe(compiled.sql, compiled.parameters as unknown[])
    const rows = Array.isArray(result) ? (result as R[]) : []
    return {
      rows: [...rows],
      numAffectedRows: result.command && WRITES.has(result.command) ? BigInt(result.affectedRows ?? result.count ?? 0) : undefined,
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported by the Bun PostgreSQL dialect')
  }
}

class BunPostgresDriver implements Driver {
  constructor(private readonly client: SQL) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new BunPostgresConnection(await this.client.reserve())
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin'
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction'
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`
      if (settings.accessMode) text += ` ${settings.accessMode}`
    }
    await connection.executeQuery(CompiledQuery.raw(text))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as BunPostgresConnection).reserved.release()
  }

  async destroy(): Promise<void> {
    await this.client.close({ timeout: 5 })
  }
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`
