import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from './config'
import type { AppContext } from './context'
import { migrate, openDatabase, sqliteFile } from './db/database'
import { startWalCheckpoints } from './db/wal-checkpoints'
import { stripeGateway, testModeGateway } from './features/billing/gateway'
import { createServedApp } from './app'
import { createFileStore } from './infra/files'
import { createKeys, loadSecretKey } from './infra/keys'
import { Jobs } from './infra/jobs'
import { createLogger, type Logger } from './infra/log'
import { createMailer } from './infra/mailer'
import { systemClock, type Clock } from './lib/clock'
import { forgetAllCachedRows } from './lib/ttl-cache'
import { SERVER_BODY_CEILING } from './http/body-limits'
import { queueStartupJobs, registerJobs } from './jobs'
import { PAYMENTS_TEST_MODE_NOTICE } from './features/billing/texts'
import { pdfReaders } from './features/training/pdf-extractor'
import { keepWordnetCopiesIn } from './features/answers/wordnet-files'

/**
 * DATA_DIR holds the database, files, mails and the key: the service's user only (contract 13).
 * A directory made by an operator with a looser mode is tightened, as are the mail and file folders
 * an earlier version made (what they hold is then out of reach whatever its own mode).
 */
function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  for (const path of [dataDir, join(dataDir, 'outbox'), join(dataDir, 'files'), sqliteFile(dataDir)]) {
    if (existsSync(path)) chmodSync(path, statSync(path).isDirectory() ? 0o700 : 0o600)
  }
}

/** Wires the real adapters for a config; tests call this too, with a temp DATA_DIR and their own clock. */
export async function createContext(config: Config, opts: { clock?: Clock; log?: Logger } = {}): Promise<AppContext> {
  const log = opts.log ?? createLogger(config.logLevel)
  const clock = opts.clock ?? systemClock
  secureDataDir(config.dataDir)
  keepWordnetCopiesIn(join(config.dataDir, 'wordnet'))
  const keys = createKeys(loadSecretKey(config.secretKey, config.dataDir))
  const db = openDatabase(config.dataDir, config.databaseUrl)
  forgetAllCachedRows()
  await migrate(db, keys)
  const ctx: AppContext = {
    keys,
    config,
    db,
    clock,
    log,
    mail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log }),
    payments: config.stripe ? stripeGateway(config.stripe) : testModeGateway(config.publicUrl),
    files: createFileStore(config.files),
    jobs: new Jobs(db, clock, log, { leaseMs: config.jobs.leaseMs }),
  }
  registerJobs(ctx)
  return ctx
}

export interface RunningServer {
  url: string
  port: number
  stop(): Promise<void>
}

/** Starts the workers and the HTTP server. */
export async function startServer(ctx: AppContext): Promise<RunningServer> {
  const { app, heldRoutes, fetch } = createServedApp(ctx)
  // Without the checkpointer SQLite checkpoints inside commits, as it always did: slower, not wrong.
  const stopCheckpoints = ctx.config.databaseUrl
    ? null
    : await startWalCheckpoints(ctx.db, sqliteFile(ctx.config.dataDir)).catch((error: unknown) => {
        ctx.log.warn('database.checkpointer_unavailable', { error: String(error) })
        return null
      })
  await queueStartupJobs(ctx)
  await ctx.jobs.start()
  // The app's own handler behind the hot routes' held answers (app.ts); Elysia's stop and its
  // handlers' `server` use the server set on the app.
  app.server = Bun.serve({
    port: ctx.config.port,
    hostname: ctx.config.host,
    maxRequestBodySize: SERVER_BODY_CEILING,
    idleTimeout: 30,
    development: false,
    routes: heldRoutes,
    fetch,
  })
  const port = app.server.port as number
  ctx.log.info('server.started', {
    port,
    public_url: ctx.config.publicUrl,
    data_dir: ctx.config.dataDir,
    payments: ctx.payments.mode === 'test' ? 'test mode (built-in checkout page, no card charged)' : 'stripe',
    mail: ctx.config.smtpUrl ? 'smtp' : 'outbox files',
  })
  if (ctx.payments.mode === 'test') ctx.log.warn('payments.test_mode', { message: PAYMENTS_TEST_MODE_NOTICE })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      await app.stop(true)
      await ctx.jobs.stop()
      await pdfReaders.close()
      await stopCheckpoints?.()
      await ctx.db.destroy()
      forgetAllCachedRows()
    },
  }
}
