// Completed Data Collection forms: stored with the session's last state, listed for the owner.
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { newId } from '../../lib/ids'
import { ownerOfType, type ChatbotAccess } from '../chatbots/guard'
import { TYPES } from '../chatbots/texts'
import type { CollectedAnswer } from './data-collection'
import { insertSubmission, submissionsOf } from './repo'
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
  await queueSubmissionCreated(ctx, trx, submission.chatbot, { submission_id: row.id, created_at: row.created_at, answers: submission.answers.map((a) => shownAnswer(ctx, a)) })
  await claimAnswerUploads(ctx, trx, submission.chatbot.id, submission.answers)
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
