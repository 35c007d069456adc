/**
 * Dialect-specific error codes stay in db/: a unique index refused a row. bun:sqlite puts
 * SQLite's extended code in `code`; Bun's PostgreSQL client puts its own code
 * (ERR_POSTGRES_SERVER_ERROR) in `code` and the server's SQLSTATE in `errno`.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, errno } = error as { code?: unknown; errno?: unknown }
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505' || errno === '23505'
}
