export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

export interface Logger {
  debug(event: string, fields?: LogFields): void
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
  /** Whether events at this level are written (callers skip building what would be dropped). */
  enabled(at: LogLevel): boolean
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** One JSON line per event. Callers never pass tokens or codes; this is the only sink. */
export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const emit =
    (at: LogLevel) =>
    (event: string, fields: LogFields = {}) => {
      if (RANK[at] < RANK[level]) return
      write(JSON.stringify({ time: new Date().toISOString(), level: at, event, ...fields }))
    }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error'), enabled: (at) => RANK[at] >= RANK[level] }
}
