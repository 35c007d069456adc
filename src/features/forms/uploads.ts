import type { AppContext } from '../../context'
import { badRequest, tooLarge, wrongChatbotType } from '../../http/errors'
import { MiB } from '../../http/body-limits'
import { parse } from '../../http/validate'
import { sniffUpload, uploadKindOf, type UploadKind } from '../../lib/file-kind'
import { newId } from '../../lib/ids'
import { chatbotFilePrefix, type ChatbotRow } from '../chatbots/access'
import { questionsOf } from './questions'
import { VisitorFields } from '../chat/schemas'
import { existingSession } from '../conversations/sessions'
import { UPLOAD_FILE_REQUIRED, UPLOAD_TOO_LARGE, UPLOAD_WRONG_KIND, UPLOADS_NOT_TAKEN } from '../chat/texts'
import { takeDailyAllowance } from '../conversations/usage'

export const MAX_UPLOAD_BYTES = 10 * MiB

export interface UploadAnswer {
  upload_id: string
  kind: UploadKind
}

const takesUploads = (chatbot: ChatbotRow) => questionsOf(chatbot).some((q) => q.type === 'image' || q.type === 'pdf_document')

/**
 * Stores a visitor's file for an image or pdf_document question. The kind comes from the bytes
 * (never the name or declared type); the session, when given, must be this visitor's.
 */
export async function acceptUpload(ctx: AppContext, chatbot: ChatbotRow, body: unknown): Promise<UploadAnswer> {
  if (!takesUploads(chatbot)) throw wrongChatbotType(UPLOADS_NOT_TAKEN)
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const { visitor_id: visitorId, session_id: sessionId } = parse(VisitorFields, fields)
  const file = fields.file
  if (!(file instanceof Blob)) throw badRequest(UPLOAD_FILE_REQUIRED, undefined, 'file')
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(UPLOAD_TOO_LARGE, 'file')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const mime = sniffUpload(bytes)
  if (!mime) throw badRequest(UPLOAD_WRONG_KIND, undefined, 'file')
  if (sessionId !== undefined) await existingSession(ctx, chatbot.id, visitorId, sessionId)
  await takeDailyAllowance(ctx, chatbot, visitorId, 'uploads')

  const id = newId()
  const kind = uploadKindOf(mime)
  const fileKey = `${chatbotFilePrefix(chatbot.id)}/uploads/${id}`
  await ctx.files.put(fileKey, bytes)
  await ctx.db
    .insertInto('chat_uploads')
    .values({
      id,
      chatbot_id: chatbot.id,
      session_id: sessionId ?? null,
      visitor_id: visitorId,
      kind,
      mime,
      size: bytes.byteLength,
      file_key: fileKey,
      created_at: ctx.clock.now().toISOString(),
    })
    .execute()
  ctx.log.info('chat.upload_stored', { chatbot_id: chatbot.id, upload_id: id, kind, size: bytes.byteLength })
  return { upload_id: id, kind }
}

/**
 * How answers find their upload: only this chatbot's, and only the conversation's own (a Data
 * Collection session) or, for a booking that has no session, the visitor's own.
 */
export function uploadLookup(ctx: AppContext, chatbotId: string, owner: { sessionId: string } | { visitorId: string }) {
  return async (uploadId: string): Promise<UploadKind | null> => {
    let query = ctx.db.selectFrom('chat_uploads').select('kind').where('id', '=', uploadId).where('chatbot_id', '=', chatbotId)
    query = 'sessionId' in owner ? query.where('session_id', '=', owner.sessionId) : query.where('visitor_id', '=', owner.visitorId)
    return (await query.executeTakeFirst())?.kind ?? null
  }
}

/** The absolute, unguessable address of an uploaded file, as the owner's views show it. */
export const uploadUrl = (ctx: AppContext, uploadId: string) => `${ctx.config.publicUrl}/media/uploads/${uploadId}/`

export async function uploadFile(ctx: AppContext, uploadId: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const row = await ctx.db.selectFrom('chat_uploads').select(['file_key', 'mime']).where('id', '=', uploadId).executeTakeFirst()
  if (!row) return null
  const bytes = await ctx.files.get(row.file_key)
  return bytes ? { bytes, mime: row.mime } : null
}
