import type { AppContext } from '../../context'
import type { ChatbotAccess } from '../chatbots/guard'
import type { DocumentsTable } from '../../db/schema'
import { AppError, badRequest, limitReached, wrongChatbotType } from '../../http/errors'
import { check, validationError } from '../../http/validate'
import { Value } from '@sinclair/typebox/value'
import { newId } from '../../lib/ids'
import { chatbotFilePrefix } from '../chatbots/access'
import { clip, documentUrl, indexMaterial, indexPassages, MAX_TITLE_CHARS, previewOf, unindexMaterial, wordsAvailable } from './material'
import { DeleteDocumentBody, EditDocumentBody } from './model'
import { extractPdf } from './pdf-extractor'
import { PdfTextError, type PdfText } from './pdf-text'
import { INDEX_VERSION } from './index-version'
import { cleanedText, type ExtractedText, storedTextKey, storeText } from './stored-text'
import { deleteDocumentRow, documentById, documentsOf, findDocument, insertDocument, passagesOf, renameDocumentRow } from './repo'
import { chatbotById, lockChatbot } from '../chatbots/service'
import { documentNotFound, DOCUMENTS_WRONG_CHATBOT, notEnoughWords } from './texts'
import { readPdfUploads } from './upload'

const UNTITLED = 'Untitled document'

/** Reads every PDF of the request and adds them all, or none: a bad file or too few words left refuses the lot. */
export async function addDocuments(ctx: AppContext, access: Pick<ChatbotAccess, 'plan' | 'chatbot'>, request: Request): Promise<void> {
  const { plan, chatbot } = access
  const uploads = await readPdfUploads(request)

  const extracted: { upload: (typeof uploads)[number]; pdf: PdfText }[] = []
  for (const upload of uploads) {
    try {
      extracted.push({ upload, pdf: await extractPdf(upload.bytes, upload.name || undefined) })
    } catch (error) {
      if (error instanceof PdfTextError) throw badRequest(error.message, undefined, 'documents')
      throw error
    }
  }
  const needed = extracted.reduce((sum, e) => sum + e.pdf.wordCount, 0)
  const refuse = (available: number) => limitReached(notEnoughWords(needed, available))
  // Cheap early answer before any file is written; the transaction below decides for real.
  const availableNow = await wordsAvailable(ctx, ctx.db, plan, chatbot.id)
  if (needed > availableNow) throw refuse(availableNow)

  const now = ctx.clock.now().toISOString()
  const rows = extracted.map(({ pdf }) => {
    const id = newId()
    const raw: ExtractedText = { reader: 'pdf', text: pdf.text }
    const text = cleanedText(raw)
    const row: DocumentsTable = {
      id,
      chatbot_id: chatbot.id,
      title: clip(pdf.title ?? UNTITLED, MAX_TITLE_CHARS),
      file_key: `${chatbotFilePrefix(chatbot.id)}/documents/${id}.pdf`,
      word_count: pdf.wordCount,
      preview: previewOf(text),
      created_at: now,
      index_version: INDEX_VERSION,
      text_key: storedTextKey(chatbot.id, 'document', id),
    }
    return { row, text, raw }
  })

  try {
    await Promise.all(rows.map(({ row }, i) => ctx.files.put(row.file_key, extracted[i].upload.bytes)))
    await Promise.all(rows.map(({ row, raw }) => storeText(ctx.files, row.text_key as string, raw)))
    await ctx.db.transaction().execute(async (trx) => {
      // The chatbot row's lock makes concurrent additions take turns, so two cannot both take the last words.
      // A chatbot deleted while its upload was read answers as a missing chatbot does (spec: 400).
      if (!(await lockChatbot(trx, chatbot.id))) throw wrongChatbotType(DOCUMENTS_WRONG_CHATBOT)
      const available = await wordsAvailable(ctx, trx, plan, chatbot.id)
      if (needed > available) throw refuse(available)
      for (const { row, text } of rows) {
        await insertDocument(trx, row)
        await indexMaterial(trx, { chatbotId: chatbot.id, sourceType: 'document', sourceId: row.id, title: row.title, url: null }, text)
      }
    })
  } catch (error) {
    await Promise.all(rows.flatMap(({ row }) => [row.file_key, row.text_key as string].map((key) => ctx.files.delete(key))))
    throw error
  }
  ctx.log.info('training.documents_added', { chatbot_id: chatbot.id, documents: rows.length, words: needed })
}

export async function viewDocuments(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>) {
  const rows = await documentsOf(ctx.db, chatbot.id)
  return rows.map((r) => ({
    title: r.title,
    file: documentUrl(ctx, r.id),
    word_count: r.word_count,
    text: r.preview,
    document_id: r.id,
    created_at: r.created_at,
  }))
}

/** The chatbot's document a body names; an absent, malformed or unknown document_id is the spec's 404 (`detail` says which). */
async function namedDocument(ctx: AppContext, chatbotId: string, body: unknown) {
  const input = check(DeleteDocumentBody, body)
  const rawId = (body as { document_id?: unknown } | null)?.document_id
  const shownId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : ''
  const row = input.ok ? await findDocument(ctx.db, chatbotId, input.value.document_id) : undefined
  if (!row) throw new AppError('not_found', 404, documentNotFound(shownId), { field: 'document_id', detail: input.ok ? undefined : `${input.field}: ${input.message}` })
  return row
}

export async function deleteDocument(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, body: unknown): Promise<void> {
  const row = await namedDocument(ctx, chatbot.id, body)
  await ctx.db.transaction().execute(async (trx) => {
    await unindexMaterial(trx, chatbot.id, row.id)
    await deleteDocumentRow(trx, row.id)
  })
  await ctx.files.delete(row.file_key)
  if (row.text_key) await ctx.files.delete(row.text_key)
  ctx.log.info('training.document_deleted', { chatbot_id: chatbot.id, document_id: row.id, words: row.word_count })
}

/** Renames a document: its row and its indexed passages (chat answers cite the passages' title), together. */
export async function renameDocument(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, body: unknown): Promise<void> {
  const row = await namedDocument(ctx, chatbot.id, body)
  const error = Value.Errors(EditDocumentBody, body).First()
  if (error) throw validationError(error)
  const title = clip((body as { title: string }).title, MAX_TITLE_CHARS)
  await ctx.db.transaction().execute(async (trx) => {
    // The index keeps the title's stems beside each passage: the passages go in again under the new title.
    const passages = await passagesOf(trx, chatbot.id, row.id)
    await unindexMaterial(trx, chatbot.id, row.id)
    await indexPassages(trx, { chatbotId: chatbot.id, sourceType: 'document', sourceId: row.id, title, url: null }, passages)
    await renameDocumentRow(trx, row.id, title)
  })
  ctx.log.info('training.document_renamed', { chatbot_id: chatbot.id, document_id: row.id })
}

/** The stored PDF behind a document's URL, when `mayRead` lets the caller read its owner's files (else null: "not found"). */
export async function documentFile(
  ctx: AppContext,
  documentId: string,
  mayRead: (ownerAccountId: string) => Promise<boolean>,
): Promise<{ bytes: Uint8Array; title: string } | null> {
  const row = await documentById(ctx.db, documentId)
  const chatbot = row && (await chatbotById(ctx.db, row.chatbot_id))
  if (!row || !chatbot || !(await mayRead(chatbot.account_id))) return null
  const bytes = await ctx.files.get(row.file_key)
  return bytes ? { bytes, title: row.title } : null
}
