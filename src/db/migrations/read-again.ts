// Stored material queued to be read again by the ingestion of today: one job a document (from its
// PDF, training/reindex-job.ts) or a link (fetched anew, training/reread-link-job.ts), run by the
// server, so an upgrade waits for no PDF and no site. Migrations that change how material is read
// call these; a source an earlier migration of the same upgrade has queued already is not queued twice.
import type { Kysely } from 'kysely'
import { REINDEX_DOCUMENT_JOB, type ReindexDocumentPayload } from '../../features/training/reindex-job'
import { REREAD_LINK_JOB, type RereadLinkPayload } from '../../features/training/reread-link-job'
import { insertJob } from '../../infra/jobs'
import type { Database } from '../schema'

/** One queued job of `kind` per id, oldest first, skipping ids a queued job of that kind already names. */
async function queueEach<P>(db: Kysely<Database>, kind: string, ids: string[], payloadOf: (id: string) => P, idOf: (payload: P) => string): Promise<void> {
  const pending = await db.selectFrom('jobs').select('payload').where('kind', '=', kind).where('status', '=', 'queued').execute()
  const queued = new Set(pending.map((job) => idOf(JSON.parse(job.payload) as P)))
  const now = new Date()
  for (const id of ids) if (!queued.has(id)) await insertJob<P>(db, kind, payloadOf(id), now)
}

export async function readDocumentsAgain(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const documents = await db.selectFrom('documents').select('id').orderBy('created_at').execute()
  await queueEach<ReindexDocumentPayload>(
    db,
    REINDEX_DOCUMENT_JOB,
    documents.map((d) => d.id),
    (documentId) => ({ documentId }),
    (p) => p.documentId,
  )
}

export async function readLinksAgain(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>
  const links = await db.selectFrom('links').select('id').orderBy('created_at').execute()
  await queueEach<RereadLinkPayload>(
    db,
    REREAD_LINK_JOB,
    links.map((l) => l.id),
    (linkId) => ({ linkId }),
    (p) => p.linkId,
  )
}
