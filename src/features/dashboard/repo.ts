/** Every query on dashboard_sessions. */
import type { Db } from '../../db/database'
import type { DashboardSessionsTable } from '../../db/schema'

/** Stores a session and sweeps the expired ones (sessions are written only here). */
export async function insertSession(db: Db, row: DashboardSessionsTable, now: string): Promise<void> {
  await db.deleteFrom('dashboard_sessions').where('expires_at', '<=', now).execute()
  await db.insertInto('dashboard_sessions').values(row).execute()
}

export async function liveSession(db: Db, idHash: string, now: string): Promise<DashboardSessionsTable | undefined> {
  return db.selectFrom('dashboard_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst()
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('dashboard_sessions').where('id_hash', '=', idHash).execute()
}
