/** Dialect-specific error codes stay in db/: a unique index refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}
