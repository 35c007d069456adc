import { prepared } from '../../db/prepared'
import type { Kysely } from 'kysely'
import type { Database, DocumentsTable, LinkJobsTable, LinksTable } from '../../db/schema'
import { HOT_ROW_TTL_MS, TtlCache } from '../../lib/ttl-cache'

/** The database or an open transaction. */
export type Executor = Kysely<Database>

export type LinkJobStatus = LinkJobsTable['status']

/** chatbot-get reports the words left on every call; the writes of documents and links below forget. */
const wordsHeldOf = new TtlCache<string, number>(20_000, HOT_ROW_TTL_MS)

// ---- documents

export const documentsOf = (db: Executor, chatbotId: string) =>
  db.selectFrom('documents').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at').orderBy('id').execute()

export const findDocument = (db: Executor, chatbotId: string, documentId: string) =>
  db.selectFrom('documents').selectAll().where('chatbot_id', '=', chatbotId).where('id', '=', documentId).executeTakeFirst()

export const documentById = (db: Executor, documentId: string) =>
  db.selectFrom('documents').select(['id', 'chatbot_id', 'title', 'file_key', 'index_version', 'text_key']).where('id', '=', documentId).executeTakeFirst()

/** A document indexed again: its preview, the version that indexed it and its stored text. */
export async function updateDocumentIndexed(db: Executor, documentId: string, indexed: Pick<DocumentsTable, 'index_version' | 'text_key'> & { preview?: string }): Promise<void> {
  await db.updateTable('documents').set(indexed).where('id', '=', documentId).execute()
}

export async function insertDocument(db: Executor, row: DocumentsTable): Promise<void> {
  await db.insertInto('documents').values(row).execute()
  wordsHeldOf.forget(row.chatbot_id)
}

export async function renameDocumentRow(db: Executor, documentId: string, title: string): Promise<void> {
  await db.updateTable('documents').set({ title }).where('id', '=', documentId).execute()
}

export async function deleteDocumentRow(db: Executor, documentId: string): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', documentId).execute()
  wordsHeldOf.clear()
}

// ---- links

export const linksOf = (db: Executor, chatbotId: string) => db.selectFrom('links').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at').orderBy('id').execute()

export const findLink = (db: Executor, chatbotId: string, linkId: string) =>
  db.selectFrom('links').selectAll().where('chatbot_id', '=', chatbotId).where('id', '=', linkId).executeTakeFirst()

export async function heldUrls(db: Executor, chatbotId: string, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set()
  const rows = await db.selectFrom('links').select('url').where('chatbot_id', '=', chatbotId).where('url', 'in', urls).execute()
  return new Set(rows.map((r) => r.url))
}

export async function insertLink(db: Executor, row: LinksTable): Promise<void> {
  await db.insertInto('links').values(row).execute()
  wordsHeldOf.forget(row.chatbot_id)
}

export const linkById = (db: Executor, linkId: string) =>
  db.selectFrom('links').select(['id', 'chatbot_id', 'url', 'title', 'word_count', 'index_version', 'text_key']).where('id', '=', linkId).executeTakeFirst()

/** A link indexed again: its preview, the version that indexed it, its stored text, and (read again) the words its page holds now. */
export async function updateLinkIndexed(
  db: Executor,
  link: { id: string; chatbot_id: string },
  indexed: Pick<LinksTable, 'index_version' | 'text_key'> & { preview?: string; word_count?: number },
): Promise<void> {
  await db.updateTable('links').set(indexed).where('id', '=', link.id).execute()
  wordsHeldOf.forget(link.chatbot_id)
}

export async function deleteLinkRow(db: Executor, linkId: string): Promise<void> {
  await db.deleteFrom('links').where('id', '=', linkId).execute()
  wordsHeldOf.clear()
}

// ---- the index version

/** Up to `limit` ids of a table's sources indexed before `version`, in id order after `after`. */
export async function sourcesIndexedBefore(db: Executor, table: 'documents' | 'links', version: number, after: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom(table).select('id').where('index_version', '<', version).where('id', '>', after).orderBy('id').limit(limit).execute()
  return rows.map((r) => r.id)
}

export async function anySourceIndexedBefore(db: Executor, version: number): Promise<boolean> {
  for (const table of ['documents', 'links'] as const) if ((await sourcesIndexedBefore(db, table, version, '', 1)).length > 0) return true
  return false
}

/** A source's passages, in order (what a source with no stored text is cut again from). */
export async function passagesOf(db: Executor, chatbotId: string, sourceId: string): Promise<string[]> {
  const rows = await db.selectFrom('chunks').select('text').where('chatbot_id', '=', chatbotId).where('source_id', '=', sourceId).orderBy('position').execute()
  return rows.map((r) => r.text)
}

// ---- link jobs (the outcome log behind chatbot-link-status)

export async function insertLinkJob(db: Executor, row: LinkJobsTable): Promise<void> {
  await db.insertInto('link_jobs').values(row).execute()
}

export const linkJobById = (db: Executor, id: string) => db.selectFrom('link_jobs').selectAll().where('id', '=', id).executeTakeFirst()

/** Settles a queued job once; a job already settled (a retry after a crash mid-commit) stays as it is. */
export async function settleLinkJob(db: Executor, id: string, status: Exclude<LinkJobStatus, 'queued'>, reason: string | null, now: string): Promise<void> {
  await db.updateTable('link_jobs').set({ status, reason, updated_at: now }).where('id', '=', id).where('status', '=', 'queued').execute()
}

/** The most recent jobs, oldest first. */
export async function recentLinkJobs(db: Executor, chatbotId: string, limit: number): Promise<LinkJobsTable[]> {
  const rows = await db.selectFrom('link_jobs').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
  return rows.reverse()
}

// ---- word usage

const wordsHeld = prepared((db, documentsOf: string, linksOf: string) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('documents')
      .select((s) => s.fn.sum<number>('word_count').as('w'))
      .where('chatbot_id', '=', documentsOf)
      .as('documents'),
    eb
      .selectFrom('links')
      .select((s) => s.fn.sum<number>('word_count').as('w'))
      .where('chatbot_id', '=', linksOf)
      .as('links'),
  ]),
)

/** Words held by a chatbot's current documents and links; a transaction (the budget check of an upload) reads the tables. */
export async function wordsHeldBy(db: Executor, chatbotId: string): Promise<number> {
  const read = async () => {
    const [row] = await wordsHeld(db, chatbotId, chatbotId)
    return Number(row?.documents ?? 0) + Number(row?.links ?? 0)
  }
  return (db.isTransaction ? await read() : await wordsHeldOf.get(chatbotId, read)) ?? 0
}
