// Starts the WAL checkpointer (wal-checkpointer.ts) beside a SQLite server and hands it the log's
// routine copying; the server's own connection keeps a far-off backstop.
import { sql } from 'kysely'
import type { Db } from './database'
import type { CheckpointerStart } from './wal-checkpointer'

/**
 * Pages of log after which the server's connection checkpoints inside a commit after all (32 MiB
 * at 4 KiB pages): only when the worker has stalled, so the log still cannot grow without bound.
 */
const BACKSTOP_PAGES = 8192
/** How often the worker copies: under a steady load about 100 pages of log a pass. */
const EVERY_MS = 200
const START_LIMIT_MS = 10_000
const STOP_LIMIT_MS = 2_000

/**
 * The compiled binary holds the worker as another entry point (package.json's build), laid out as
 * in the repository, and every bundled module carries the root's URL; the smoke test of the binary
 * (scripts/smoke.ts) fails when the worker does not start there.
 */
const CHECKPOINTER_URL = import.meta.url.startsWith('file:///$bunfs/')
  ? new URL('./src/db/wal-checkpointer.ts', import.meta.url).href
  : new URL('./wal-checkpointer.ts', import.meta.url).href

/** Resolves on the worker's `message` with that data; rejects on its error or after `limitMs`. */
function reply(worker: Worker, message: string, limitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`WAL checkpointer: no '${message}' in ${limitMs} ms`)), limitMs)
    worker.addEventListener('message', (event) => {
      if (event.data !== message) return
      clearTimeout(timer)
      resolve()
    })
    worker.addEventListener('error', (event) => {
      clearTimeout(timer)
      reject(new Error(`WAL checkpointer: ${event.message}`))
    })
  })
}

/** Checkpoints `file` from a worker thread until the returned stop is called (before the database closes). */
export async function startWalCheckpoints(db: Db, file: string): Promise<() => Promise<void>> {
  const worker = new Worker(CHECKPOINTER_URL, { smol: true })
  try {
    const started = reply(worker, 'started', START_LIMIT_MS)
    worker.postMessage({ file, everyMs: EVERY_MS } satisfies CheckpointerStart)
    await started
  } catch (error) {
    worker.terminate()
    throw error
  }
  await sql.raw(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`).execute(db)
  return async () => {
    const stopped = reply(worker, 'stopped', STOP_LIMIT_MS).catch(() => {})
    worker.postMessage('stop')
    await stopped
    worker.terminate()
  }
}
