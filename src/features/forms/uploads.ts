// Visitors' files answering image and pdf_document questions: stored, looked up, shown to the owner.
import type { AppContext } from '../../context'
import type { UploadKind } from '../../lib/file-kind'
import { uploadKindOf, type SniffedMime } from '../../lib/file-kind'
import { newId } from '../../lib/ids'
import { chatbotFilePrefix, type ChatbotRow } from '../chatbots/access'
import type { CollectedAnswer } from './data-collection'
import { questionsOf } from './questions'
import { TYPES } from '../chatbots/texts'
import { claimUploads, findClaimedUpload, insertUpload, uploadKindFor } from './repo'
import type { Db } from '../../db/database'
import { formStateOf } from './data-collection'
import { signedFileUrl } from '../../http/private-files'
import { chatbotById } from '../chatbots/service'
import { UPLOAD_EXPIRY_JOB, UPLOAD_LIFETIME_MS } from './upload-expiry'

export interface UploadAnswer {
  upload_id: string
  kind: UploadKind
}

/** Only chatbots with an image or pdf_document question take files. */
export const takesUploads = (chatbot: ChatbotRow) => questionsOf(chatbot).some((q) => q.type === 'image' || q.type === 'pdf_document')

/**
 * Contract 11: a file is taken only while a question asks for one. A Data Collection upload goes into
 * an existing session whose pending question is an image or pdf_document one; an Appointment
 * chatbot's questions are answered all at once with the booking (there is no session), so there a
 * file question among them is what asks for the file.
 */
export function fileQuestionPending(chatbot: ChatbotRow, sessionState: string | null): boolean {
  const questions = questionsOf(chatbot)
  const isFile = (type: string | undefined) => type === 'image' || type === 'pdf_document'
  if (chatbot.type === TYPES.appointment) return questions.some((q) => isFile(q.type))
  if (sessionState === null) return false
  const state = formStateOf(JSON.parse(sessionState))
  return state.started && isFile(questions[state.answers.length]?.type)
}

/** The uploads a stored submission or booking names become its own (served from then on), in the caller's transaction. */
export async function claimAnswerUploads(ctx: AppContext, trx: Db, chatbotId: string, answers: readonly CollectedAnswer[]): Promise<void> {
  const ids = answers.filter((a) => a.type === 'image' || a.type === 'pdf_document').map((a) => String(a.value))
  await claimUploads(trx, chatbotId, ids, ctx.clock.now().toISOString())
}

/** Stores a file already checked by the caller (kind judged by content, size within the limit). */
export async function storeUpload(
  ctx: AppContext,
  chatbot: ChatbotRow,
  upload: { bytes: Uint8Array; mime: SniffedMime; visitorId: string; sessionId: string | undefined },
): Promise<UploadAnswer> {
  const id = newId()
  const kind = uploadKindOf(upload.mime)
  const fileKey = `${chatbotFilePrefix(chatbot.id)}/uploads/${id}`
  await ctx.files.put(fileKey, upload.bytes)
  const now = ctx.clock.now()
  try {
    // The row and the job that deletes it if no submission takes it commit together (contract 11).
    await ctx.db.transaction().execute(async (trx) => {
      await insertUpload(trx, {
        id,
        chatbot_id: chatbot.id,
        session_id: upload.sessionId ?? null,
        visitor_id: upload.visitorId,
        kind,
        mime: upload.mime,
        size: upload.bytes.byteLength,
        file_key: fileKey,
        created_at: now.toISOString(),
      })
      await ctx.jobs.enqueue(trx, UPLOAD_EXPIRY_JOB, {}, new Date(now.getTime() + UPLOAD_LIFETIME_MS))
    })
  } catch (error) {
    await ctx.files.delete(fileKey)
    throw error
  }
  ctx.log.info('chat.upload_stored', { chatbot_id: chatbot.id, upload_id: id, kind, size: upload.bytes.byteLength })
  return { upload_id: id, kind }
}

/**
 * How answers find their upload: only this chatbot's, and only the conversation's own (a Data
 * Collection session) or, for a booking that has no session, the visitor's own.
 */
export function uploadLookup(ctx: AppContext, chatbotId: string, owner: { sessionId: string } | { visitorId: string }) {
  return (uploadId: string): Promise<UploadKind | null> => uploadKindFor(ctx.db, chatbotId, uploadId, owner)
}

/** Where an uploaded file is served: to the chatbot's owner, or through a signed link (contract 14). */
export const uploadPath = (uploadId: string) => `/media/uploads/${uploadId}/`

/** The file of a claimed upload, when `mayRead` lets the caller read its owner's files (else null: "not found"). */
export async function uploadFile(ctx: AppContext, uploadId: string, mayRead: (ownerAccountId: string) => Promise<boolean>): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const row = await findClaimedUpload(ctx.db, uploadId)
  const chatbot = row && (await chatbotById(ctx.db, row.chatbot_id))
  if (!row || !chatbot || !(await mayRead(chatbot.account_id))) return null
  const bytes = await ctx.files.get(row.file_key)
  return bytes ? { bytes, mime: row.mime } : null
}

/**
 * Text as a string, number as a number, boolean as true/false, an upload as the file's absolute
 * URL: the owner's own (`'owner'`: the API and the dashboard, opened with the owner's credentials)
 * or, where it leaves the service (`'signed'`: webhook payloads, e-mails), a 7-day signed link.
 */
export function shownAnswer(ctx: AppContext, answer: CollectedAnswer, link: 'owner' | 'signed' = 'owner'): CollectedAnswer {
  const isUpload = answer.type === 'image' || answer.type === 'pdf_document'
  if (!isUpload) return { title: answer.title, type: answer.type, value: answer.value }
  const path = uploadPath(String(answer.value))
  return { title: answer.title, type: answer.type, value: link === 'signed' ? signedFileUrl(ctx, path) : `${ctx.config.publicUrl}${path}` }
}
