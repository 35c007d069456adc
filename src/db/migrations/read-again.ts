// Stored material queued to be read again by the ingestion of today: one job a document (from its
// PDF, training/reindex-job.ts) or a link (fetched anew, training/reread-link-job.ts), run by the
// server, so an upgrade waits for no PDF and no site. Migrations that change how material is read
// call these; a source an earlier migration of the same upgrade has queued already is not queued twice.
import type { Kysely } from 'kysely'
import { REINDEX_DOCUMENT_JOB, type ReindexDocumentPayload } from '../../features/training/reindex-job'
import { REREAD_LINK_JOB, type RereadLinkPayload } from '../../features/training/reread-link-job'
import { insertJob } from '../../infra/jobs'
import type { Database } from '../schema'

/** One queued job of `kind` per row of `table`, oldest first, skipping rows a queued job of that kind already names. */
async function queueEach<P>(untyped: Kysely<unknown>, table: 'documents' | 'links', kind: string, payloadOf: (id: string) => P, idOf: (payload: P) => string): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const rows = await db.selectFrom(table).select('id').orderBy('created_at').execute()
  const pending = await db.selectFrom('jobs').select('payload').where('kind', '=', kind).where('status', '=', 'queued').execute()
  const queued = new Set(pending.map((job) => idOf(JSON.parse(job.payload) as P)))
  const now = new Date()
  for (const { id } of rows) if (!queued.has(id)) await insertJob<P>(db, kind, payloadOf(id), now)
}

export const readDocumentsAgain = (db: Kysely<unknown>) =>
  queueEach<ReindexDocumentPayload>(
    db,
    'documents',
    REINDEX_DOCUMENT_JOB,
    (documentId) => ({ documentId }),
    (p) => p.documentId,
  )

export const readLinksAgain = (db: Kysely<unknown>) =>
  queueEach<RereadLinkPayload>(
    db,
    'links',
    REREAD_LINK_JOB,
    (linkId) => ({ linkId }),
    (p) => p.linkId,
  )
