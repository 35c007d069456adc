// Sources indexed by an older ingestion (training/index-version.ts) made again by today's: from the
// text kept in the file store, else (sources older than stored text) a document from its PDF and a
// link fetched again through the guarded reader (reread-link-job.ts). Each source is replaced in a
// transaction of its own, so chat answers throughout from the passages of before or after.
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { lockChatbot } from '../chatbots/service'
import { INDEX_VERSION } from './index-version'
import { indexMaterial, previewOf, unindexMaterial } from './material'
import { extractPdf } from './pdf-extractor'
import { PdfTextError } from './pdf-text'
import { REREAD_LINK_JOB, type RereadLinkPayload } from './reread-link-job'
import { anySourceIndexedBefore, documentById, linkById, passagesOf, sourcesIndexedBefore, updateDocumentIndexed, updateLinkIndexed } from './repo'
import { cleanedText, type ExtractedText, loadText, storedTextKey, storeText } from './stored-text'

export const REINDEX_JOB = 'training.reindex'
/** Queued by migrations 018 to 021 before the index version: each such job now re-indexes its document. */
export const REINDEX_DOCUMENT_JOB = 'training.reindex_document'

/** Where the job is: sources of one table, in id order, after one id. */
export interface ReindexPayload {
  table: 'documents' | 'links'
  after: string
}

/** Sources read per query; each is then indexed in its own transaction. */
export const REINDEX_BATCH = 50

export type ReindexOutcome = 'current' | 'gone' | 'from_text' | 'from_pdf' | 'from_passages' | 'fetch_queued'

/**
 * The one step that makes a source's passages anew from its text, at the current index version.
 * Whatever follows indexing (embedding the passages) belongs after this, so a re-index does it too.
 */
export async function reindexSource(ctx: AppContext, sourceType: 'document' | 'link', id: string): Promise<ReindexOutcome> {
  return sourceType === 'document' ? reindexDocument(ctx, id) : reindexLink(ctx, id)
}

async function reindexDocument(ctx: AppContext, documentId: string): Promise<ReindexOutcome> {
  const document = await documentById(ctx.db, documentId)
  if (!document) return 'gone'
  if (document.index_version >= INDEX_VERSION) return 'current'
  let extracted = document.text_key ? await loadText(ctx.files, document.text_key) : null
  let textKey = extracted ? document.text_key : null
  let outcome: ReindexOutcome = 'from_text'
  if (!extracted) {
    extracted = await readStoredPdf(ctx, document)
    if (extracted) {
      textKey = storedTextKey(document.chatbot_id, 'document', document.id)
      await storeText(ctx.files, textKey, extracted)
      outcome = 'from_pdf'
    }
  }
  const text = extracted ? cleanedText(extracted) : await passagesText(ctx, document.chatbot_id, document.id)
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockChatbot(trx, document.chatbot_id)) || !(await documentById(trx, documentId))) return false
    if (text !== '') {
      await unindexMaterial(trx, document.chatbot_id, document.id)
      await indexMaterial(trx, { chatbotId: document.chatbot_id, sourceType: 'document', sourceId: document.id, title: document.title, url: null }, text)
    }
    await updateDocumentIndexed(trx, document.id, { ...(text !== '' ? { preview: previewOf(text) } : {}), index_version: INDEX_VERSION, text_key: textKey })
    return true
  })
  // Deleted while it was read: the text stored for it goes too.
  if (!replaced && textKey && textKey !== document.text_key) await ctx.files.delete(textKey)
  return replaced ? (extracted ? outcome : 'from_passages') : 'gone'
}

/** The text of a document's PDF as the reader gives it; null when the file is lost or the reader refuses it now. */
async function readStoredPdf(ctx: AppContext, document: { id: string; file_key: string }): Promise<ExtractedText | null> {
  const bytes = await ctx.files.get(document.file_key)
  if (!bytes) return null
  try {
    return { reader: 'pdf', text: (await extractPdf(bytes)).text }
  } catch (error) {
    if (!(error instanceof PdfTextError)) throw error
    ctx.log.warn('training.reindex_unreadable', { document_id: document.id, reason: error.reason })
    return null
  }
}

async function reindexLink(ctx: AppContext, linkId: string): Promise<ReindexOutcome> {
  const link = await linkById(ctx.db, linkId)
  if (!link) return 'gone'
  if (link.index_version >= INDEX_VERSION) return 'current'
  const extracted = link.text_key ? await loadText(ctx.files, link.text_key) : null
  if (!extracted) {
    // No text kept: the page is fetched again by the guarded link reader, in the lane that reads material.
    await ctx.jobs.enqueue<RereadLinkPayload>(ctx.db, REREAD_LINK_JOB, { linkId })
    ctx.jobs.kick()
    return 'fetch_queued'
  }
  const text = cleanedText(extracted)
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockChatbot(trx, link.chatbot_id)) || !(await linkById(trx, link.id))) return false
    await unindexMaterial(trx, link.chatbot_id, link.id)
    await indexMaterial(trx, { chatbotId: link.chatbot_id, sourceType: 'link', sourceId: link.id, title: link.title, url: link.url }, text)
    // The word count stays: the page's words have not changed, only how they are cut.
    await updateLinkIndexed(trx, link, { preview: previewOf(text), index_version: INDEX_VERSION, text_key: link.text_key })
    return true
  })
  return replaced ? 'from_text' : 'gone'
}

/** A source's passages put back together (one sentence a line, an empty line between paragraphs): the best text one without stored text has. */
export async function passagesText(ctx: AppContext, chatbotId: string, sourceId: string): Promise<string> {
  return (await passagesOf(ctx.db, chatbotId, sourceId)).join('\n\n')
}

/**
 * Works through every source indexed before the current version, a batch at a time. A crash
 * loses nothing: each source commits with its version, the job row is taken back at restart,
 * and the sources done since are no longer older, so the job goes on where it was.
 */
export const reindexJob = (ctx: AppContext): JobKind<ReindexPayload> => ({
  lane: 'links',
  retryDelaysMs: [5_000, 60_000],
  async run(payload) {
    for (let { table, after } = payload; ; ) {
      const ids = await sourcesIndexedBefore(ctx.db, table, INDEX_VERSION, after, REINDEX_BATCH)
      for (const id of ids) {
        // One source that fails is left older (tried again at the next start); the others go on.
        const outcome = await reindexSource(ctx, table === 'documents' ? 'document' : 'link', id).catch((error: unknown) => {
          ctx.log.warn('training.reindex_failed', { source_id: id, error: String(error) })
          return 'failed'
        })
        ctx.log.debug('training.reindexed', { source_id: id, outcome })
      }
      if (ids.length === REINDEX_BATCH) after = ids[ids.length - 1]
      else if (table === 'documents') [table, after] = ['links', '']
      else break
    }
    ctx.log.info('training.reindex_done', { index_version: INDEX_VERSION })
  },
})

/** At start: one re-index job when some source is older than the current version and none is queued already. */
export async function queueReindex(ctx: AppContext): Promise<void> {
  if (!(await anySourceIndexedBefore(ctx.db, INDEX_VERSION)) || (await ctx.jobs.pending(REINDEX_JOB))) return
  await ctx.jobs.enqueue<ReindexPayload>(ctx.db, REINDEX_JOB, { table: 'documents', after: '' })
  ctx.log.info('training.reindex_queued', { index_version: INDEX_VERSION })
}

/** The jobs migrations 018 to 021 queued, one a document: each is now the document's re-index. */
export const legacyReindexDocumentJob = (ctx: AppContext): JobKind<{ documentId: string }> => ({
  lane: 'links',
  run: async ({ documentId }) => {
    await reindexSource(ctx, 'document', documentId)
  },
})
