// A stored document read again by the ingestion of today (migration 018 queues one job per
// document): its passages and preview are made anew from its PDF, in one transaction with the
// document still there. The word count stays: it counts the PDF's words, which have not changed.
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { lockChatbot } from '../chatbots/service'
import { indexMaterial, previewOf, unindexMaterial } from './material'
import { extractPdf } from './pdf-extractor'
import { PdfTextError } from './pdf-text'
import { documentById, updateDocumentPreview } from './repo'
import { cleanPdfText } from './text-cleanup'

export const REINDEX_DOCUMENT_JOB = 'training.reindex_document'

export interface ReindexDocumentPayload {
  documentId: string
}

/** In the lane that reads material: an upgrade queues every document at once, and login codes must not wait behind them. */
export const reindexDocumentJob = (ctx: AppContext): JobKind<ReindexDocumentPayload> => ({ lane: 'links', run: (payload) => reindexDocument(ctx, payload.documentId) })

async function reindexDocument(ctx: AppContext, documentId: string): Promise<void> {
  const document = await documentById(ctx.db, documentId)
  const bytes = document && (await ctx.files.get(document.file_key))
  // Deleted since the job was queued (with its file), or its file lost: nothing to read again.
  if (!document || !bytes) return
  let text: string
  try {
    text = cleanPdfText((await extractPdf(bytes)).text)
  } catch (error) {
    // It was read when it was added; a reader that refuses it now leaves its passages as they are.
    if (!(error instanceof PdfTextError)) throw error
    ctx.log.warn('training.reindex_unreadable', { document_id: documentId, reason: error.reason })
    return
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockChatbot(trx, document.chatbot_id)) || !(await documentById(trx, documentId))) return
    await unindexMaterial(trx, document.chatbot_id, document.id)
    await indexMaterial(trx, { chatbotId: document.chatbot_id, sourceType: 'document', sourceId: document.id, title: document.title, url: null }, text)
    await updateDocumentPreview(trx, document.id, previewOf(text))
  })
}
