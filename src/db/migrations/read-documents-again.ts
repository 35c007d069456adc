// Every stored document queued to be read again from its PDF by the ingestion of today: one job a
// document (training/reindex-job.ts), run by the server, so an upgrade does not wait for every PDF
// to be read. Migrations that change how a PDF's text is cleaned call it; a document an earlier
// migration of the same upgrade has queued already is not queued twice.
import type { Kysely } from 'kysely'
import { REINDEX_DOCUMENT_JOB, type ReindexDocumentPayload } from '../../features/training/reindex-job'
import { insertJob } from '../../infra/jobs'
import type { Database } from '../schema'

export async function readDocumentsAgain(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const pending = await db.selectFrom('jobs').select('payload').where('kind', '=', REINDEX_DOCUMENT_JOB).where('status', '=', 'queued').execute()
  const queued = new Set(pending.map((job) => (JSON.parse(job.payload) as ReindexDocumentPayload).documentId))
  const documents = await db.selectFrom('documents').select('id').orderBy('created_at').execute()
  const now = new Date()
  for (const { id } of documents) if (!queued.has(id)) await insertJob<ReindexDocumentPayload>(db, REINDEX_DOCUMENT_JOB, { documentId: id }, now)
}
