import type { Config } from './config'
import type { Db } from './db/database'
import type { FileStore } from './infra/files'
import type { Jobs } from './infra/jobs'
import type { Keys } from './infra/keys'
import type { Logger } from './infra/log'
import type { Mailer } from './infra/mailer'
import type { Clock } from './lib/clock'
import type { PaymentGateway } from './features/billing/gateway'

/** Everything a feature may touch, built once by main.ts (or a test) and passed down. */
export interface AppContext {
  config: Config
  db: Db
  mail: Mailer
  payments: PaymentGateway
  files: FileStore
  jobs: Jobs
  clock: Clock
  log: Logger
  /** The server key: code MACs and sealed webhook secrets (contract 13). */
  keys: Keys
}
