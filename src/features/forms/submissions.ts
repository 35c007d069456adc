// Completed Data Collection forms: stored with the session's last state, listed for the owner.
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { newId } from '../../lib/ids'
import { ownerOfType, type ChatbotAccess } from '../chatbots/guard'
import { TYPES } from '../chatbots/texts'
import { chatbotById } from '../chatbots/service'
import { notifyOwner } from '../notifications/owner-notification'
import type { CollectedAnswer } from './data-collection'
import { notFound } from '../../http/errors'
import { deleteSubmissionRow, deleteUploads, findSubmissionOf, insertSubmission, submissionsOf } from './repo'
import { submissionNotFound } from './texts'
import { toCsv } from '../../lib/csv'
import { claimAnswerUploads, shownAnswer } from './uploads'
import type { ChatbotRow } from '../chatbots/access'
import { queueSubmissionCreated } from '../webhooks/service'

export interface SubmissionView {
  submission_id: string
  created_at: string
  answers: CollectedAnswer[]
}

/** Stores a completed form in the caller's transaction (the session's state commits with it). */
export async function storeSubmission(
  ctx: AppContext,
  trx: Db,
  submission: { chatbot: Pick<ChatbotRow, 'id' | 'webhook_url'>; sessionId: string; visitorId: string; answers: CollectedAnswer[] },
): Promise<void> {
  const row = {
    id: newId(),
    chatbot_id: submission.chatbot.id,
    session_id: submission.sessionId,
    visitor_id: submission.visitorId,
    answers: JSON.stringify(submission.answers),
    created_at: ctx.clock.now().toISOString(),
  }
  await insertSubmission(trx, row)
  // The submission as chatbot-submissions lists it, queued with it.
  // The payload leaves the service: its files are signed links (contract 14).
  await queueSubmissionCreated(ctx, trx, submission.chatbot, {
    submission_id: row.id,
    created_at: row.created_at,
    answers: submission.answers.map((a) => shownAnswer(ctx, a, 'signed')),
  })
  await claimAnswerUploads(ctx, trx, submission.chatbot.id, submission.answers)
  const chatbot = await chatbotById(trx, submission.chatbot.id)
  if (chatbot) {
    // Titles and short answers; an uploaded file as a signed link, since the mail leaves the service.
    const lines = submission.answers.map((a) => `${a.title}: ${String(shownAnswer(ctx, a, 'signed').value)}`)
    await notifyOwner(ctx, trx, chatbot, 'submission', lines)
  }
}

/** chatbot-submissions: who may see them. */
export const SUBMISSIONS_ACCESS = ownerOfType(TYPES.dataCollection)

export async function ownerSubmissions(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>): Promise<SubmissionView[]> {
  const rows = await submissionsOf(ctx.db, chatbot.id)
  return rows.map((row) => ({
    submission_id: row.id,
    created_at: row.created_at,
    answers: (JSON.parse(row.answers) as CollectedAnswer[]).map((a) => shownAnswer(ctx, a)),
  }))
}

/** chatbot-submission-delete: the submission and the files uploaded as its answers. */
export async function deleteSubmission(ctx: AppContext, chatbotId: string, submissionId: string): Promise<void> {
  const row = await findSubmissionOf(ctx.db, chatbotId, submissionId)
  if (!row) throw notFound(submissionNotFound(submissionId))
  const uploadIds = (JSON.parse(row.answers) as CollectedAnswer[]).filter((a) => a.type === 'image' || a.type === 'pdf_document').map((a) => String(a.value))
  const fileKeys = await ctx.db.transaction().execute(async (trx) => {
    await deleteSubmissionRow(trx, row.id)
    return deleteUploads(trx, chatbotId, uploadIds)
  })
  // Files after the commit: a failed delete leaves an orphan file, never a row without its file.
  for (const key of fileKeys) await ctx.files.delete(key)
  ctx.log.info('submission.deleted', { chatbot_id: chatbotId, submission_id: submissionId, files: fileKeys.length })
}

/** Every question title the submissions answer, in the order first met (a form edited since adds its new titles). */
export const answerTitles = (submissions: SubmissionView[]): string[] => [...new Set(submissions.flatMap((s) => s.answers.map((a) => a.title)))]

/** The submissions as CSV (contract 10): one column per question title, uploads as their URLs. */
export function submissionsCsv(submissions: SubmissionView[], opts: { bom?: boolean } = {}): string {
  const titles = answerTitles(submissions)
  return toCsv(
    ['submission_id', 'created_at', ...titles],
    submissions.map((s) => [s.submission_id, s.created_at, ...titles.map((t) => s.answers.find((a) => a.title === t)?.value)]),
    opts,
  )
}
