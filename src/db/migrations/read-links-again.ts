// Every link queued to be fetched and read again by the ingestion of today: one job a link
// (training/reread-link-job.ts), run by the server in the lane that reads material, so an upgrade
// waits for no site. Migrations that change how pages are read call it; a link an earlier migration
// of the same upgrade has queued already is not queued twice.
import type { Kysely } from 'kysely'
import { REREAD_LINK_JOB, type RereadLinkPayload } from '../../features/training/reread-link-job'
import { insertJob } from '../../infra/jobs'
import type { Database } from '../schema'

export async function readLinksAgain(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const pending = await db.selectFrom('jobs').select('payload').where('kind', '=', REREAD_LINK_JOB).where('status', '=', 'queued').execute()
  const queued = new Set(pending.map((job) => (JSON.parse(job.payload) as RereadLinkPayload).linkId))
  const links = await db.selectFrom('links').select('id').orderBy('created_at').execute()
  const now = new Date()
  for (const { id } of links) if (!queued.has(id)) await insertJob<RereadLinkPayload>(db, REREAD_LINK_JOB, { linkId: id }, now)
}
