// POST /chat/<id>/upload/: a visitor's file, taken as part of a conversation (its session and
// daily allowance); the forms feature stores it.
import type { AppContext } from '../../context'
import { MiB } from '../../http/body-limits'
import { badRequest, tooLarge, wrongChatbotType } from '../../http/errors'
import { formParts, isForm, MalformedForm, UNREAD_BODY, withBodyBudget } from '../../http/multipart-stream'
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
 * question must be asking for a file (contract 11: not a file host). Contract 14: all of that is
 * decided from the query string and the text parts before the file, and only then is the file
 * read, at most 10 MiB of it. `address` is the client address the hourly upload limit counts against.
 */
export async function acceptUpload(ctx: AppContext, chatbot: ChatbotRow, sent: { request: Request; body: unknown }, address: string): Promise<UploadAnswer> {
  if (!takesUploads(chatbot)) throw wrongChatbotType(UPLOADS_NOT_TAKEN)
  const { request, body } = sent
  // A JSON body (read by the app's parser, within 1 MiB) can carry the fields but never the file.
  const parsed = typeof body === 'object' && body !== null && body !== UNREAD_BODY ? body : {}
  const fields: Record<string, unknown> = { ...Object.fromEntries(new URL(request.url).searchParams), ...parsed }
  const checkVisitor = async () => {
    const { visitor_id: visitorId, session_id: sessionId } = parse(VisitorFields, { ...fields })
    // Contract 11: an unknown session (or another visitor's) has no file question pending: the same 400.
    const session = sessionId === undefined ? null : await findSession(ctx.db, chatbot.id, visitorId, sessionId)
    if (!fileQuestionPending(chatbot, session?.state ?? null)) throw badRequest(NO_FILE_QUESTION_PENDING)
    return { visitorId, sessionId }
  }
  return withBodyBudget(async (budget) => {
    let bytes: Uint8Array | null = null
    let visitor: Awaited<ReturnType<typeof checkVisitor>> | null = null
    if (isForm(request)) {
      try {
        for await (const part of formParts(request, budget)) {
          if (part.kind === 'field') {
            fields[part.name] = part.value
            continue
          }
          if (part.name !== 'file' || bytes) continue
          // A form that names the visitor after its file (older clients) has the file held, within
          // 10 MiB and the shared bound, until the fields after it are in.
          if ('visitor_id' in fields) visitor = await checkVisitor()
          bytes = await part.read(MAX_UPLOAD_BYTES, () => tooLarge(UPLOAD_TOO_LARGE, 'file'))
        }
      } catch (error) {
        if (error instanceof MalformedForm) throw badRequest(UPLOAD_FILE_REQUIRED, undefined, 'file')
        throw error
      }
    }
    visitor ??= await checkVisitor()
    if (!bytes) throw badRequest(UPLOAD_FILE_REQUIRED, undefined, 'file')
    const mime = sniffUpload(bytes)
    if (!mime) throw badRequest(UPLOAD_WRONG_KIND, undefined, 'file')
    await takeAddressUpload(ctx, chatbot.id, address)
    await takeDailyAllowance(ctx, chatbot, visitor.visitorId, 'uploads')
    return storeUpload(ctx, chatbot, { bytes, mime, visitorId: visitor.visitorId, sessionId: visitor.sessionId })
  })
}
