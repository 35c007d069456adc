// A worker thread that copies the SQLite write-ahead log back into the database file (a WAL
// checkpoint) on its own connection. SQLite otherwise does it inside whichever commit crosses 1,000
// pages in the log: that commit, a visitor's chat message as often as not, then waited 5 to 15 ms
// for the copy and the file's sync. A PASSIVE checkpoint waits for no reader or writer, so the
// server's connection goes on committing while this one copies.
import { Database } from 'bun:sqlite'

declare const self: Worker

export interface CheckpointerStart {
  file: string
  everyMs: number
}

let database: Database | null = null
let timer: ReturnType<typeof setInterval> | undefined

self.onmessage = (event: MessageEvent<CheckpointerStart | 'stop'>) => {
  if (event.data === 'stop') {
    clearInterval(timer)
    database?.close()
    database = null
    self.postMessage('stopped')
    return
  }
  const { file, everyMs } = event.data
  database = new Database(file, { strict: true })
  // A checkpoint's copy is written where the server's connection would have written it: no sync
  // beyond the database's own setting (NORMAL syncs the file at each checkpoint).
  database.exec('PRAGMA synchronous = NORMAL')
  timer = setInterval(() => {
    try {
      database?.exec('PRAGMA wal_checkpoint(PASSIVE)')
    } catch {
      // Busy or locked for a moment (a migration, the CLI): the next tick tries again.
    }
  }, everyMs)
  self.postMessage('started')
}
