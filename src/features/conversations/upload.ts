// POST /chat/<id>/upload/: a visitor's file, taken as part of a conversation (its session and
// daily allowance); the forms feature stores it.
import type { AppContext } from '../../context'
import { MiB } from '../../http/body-limits'
import { badRequest, tooLarge, wrongChatbotType } from '../../http/errors'
import { parse } from '../../http/validate'
import { sniffUpload } from '../../lib/file-kind'
import type { ChatbotRow } from '../chatbots/access'
import { NO_FILE_QUESTION_PENDING, UPLOAD_FILE_REQUIRED, UPLOAD_TOO_LARGE, UPLOAD_WRONG_KIND, UPLOADS_NOT_TAKEN } from '../chat/texts'
import { VisitorFields } from '../chat/schemas'
import { fileQuestionPending, storeUpload, takesUploads, type UploadAnswer } from '../forms/uploads'
import { takeAddressUpload } from './address-limits'
import { findSession } from './repo'
import { takeDailyAllowance } from './usage'

export const MAX_UPLOAD_BYTES = 10 * MiB

/**
 * Takes a visitor's file for an image or pdf_document question. The kind comes from the bytes
 * (never the name or declared type); the session, when given, must be this visitor's, and a
 * question must be asking for a file (contract 11: not a file host). `address` is the client
 * address the hourly upload limit counts against.
 */
export async function acceptUpload(ctx: AppContext, chatbot: ChatbotRow, body: unknown, address: string): Promise<UploadAnswer> {
  if (!takesUploads(chatbot)) throw wrongChatbotType(UPLOADS_NOT_TAKEN)
  const fields = typeof body === 'object' && body !== null ? { ...body } : {}
  const { visitor_id: visitorId, session_id: sessionId } = parse(VisitorFields, fields)
  // Contract 11: an unknown session (or another visitor's) has no file question pending: the same 400.
  const session = sessionId === undefined ? null : await findSession(ctx.db, chatbot.id, visitorId, sessionId)
  if (!fileQuestionPending(chatbot, session?.state ?? null)) throw badRequest(NO_FILE_QUESTION_PENDING)
  const file = 'file' in fields ? fields.file : undefined
  if (!(file instanceof Blob)) throw badRequest(UPLOAD_FILE_REQUIRED, undefined, 'file')
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(UPLOAD_TOO_LARGE, 'file')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const mime = sniffUpload(bytes)
  if (!mime) throw badRequest(UPLOAD_WRONG_KIND, undefined, 'file')
  await takeAddressUpload(ctx, chatbot.id, address)
  await takeDailyAllowance(ctx, chatbot, visitorId, 'uploads')
  return storeUpload(ctx, chatbot, { bytes, mime, visitorId, sessionId })
}
