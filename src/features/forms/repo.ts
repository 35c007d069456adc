/** Every query on chat_uploads and chat_submissions. */
import type { Db } from '../../db/database'
import type { ChatSubmissionsTable, ChatUploadsTable } from '../../db/schema'
import type { UploadKind } from '../../lib/file-kind'

export async function insertUpload(db: Db, row: Omit<ChatUploadsTable, 'claimed_at'>): Promise<void> {
  await db.insertInto('chat_uploads').values(row).execute()
}

/** The kind of an upload of this chatbot that belongs to the session, or to the visitor. */
export async function uploadKindFor(db: Db, chatbotId: string, uploadId: string, owner: { sessionId: string } | { visitorId: string }): Promise<UploadKind | null> {
  let query = db.selectFrom('chat_uploads').select('kind').where('id', '=', uploadId).where('chatbot_id', '=', chatbotId)
  query = 'sessionId' in owner ? query.where('session_id', '=', owner.sessionId) : query.where('visitor_id', '=', owner.visitorId)
  return (await query.executeTakeFirst())?.kind ?? null
}

/** An upload a stored submission (or booking) took; one nobody took is not served (contract 11). */
export async function findClaimedUpload(db: Db, uploadId: string): Promise<Pick<ChatUploadsTable, 'file_key' | 'mime' | 'chatbot_id'> | undefined> {
  return db.selectFrom('chat_uploads').select(['file_key', 'mime', 'chatbot_id']).where('id', '=', uploadId).where('claimed_at', 'is not', null).executeTakeFirst()
}

export async function insertSubmission(db: Db, row: ChatSubmissionsTable): Promise<void> {
  await db.insertInto('chat_submissions').values(row).execute()
}

export async function submissionsOf(db: Db, chatbotId: string): Promise<ChatSubmissionsTable[]> {
  return db.selectFrom('chat_submissions').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at', 'desc').orderBy('id').execute()
}

/** Marks this chatbot's uploads named by a stored submission (or booking) as taken: from now on they are served. */
export async function claimUploads(db: Db, chatbotId: string, uploadIds: string[], at: string): Promise<void> {
  if (uploadIds.length === 0) return
  await db.updateTable('chat_uploads').set({ claimed_at: at }).where('chatbot_id', '=', chatbotId).where('id', 'in', uploadIds).where('claimed_at', 'is', null).execute()
}

/** Uploads no submission took, made before `before`: the ones to delete. */
export async function unclaimedUploadsBefore(db: Db, before: string, limit: number): Promise<Pick<ChatUploadsTable, 'id' | 'file_key'>[]> {
  return db.selectFrom('chat_uploads').select(['id', 'file_key']).where('claimed_at', 'is', null).where('created_at', '<=', before).orderBy('created_at').limit(limit).execute()
}

/** Deletes an upload's row unless a submission took it meanwhile; true when it was deleted. */
export async function deleteUnclaimedUpload(db: Db, uploadId: string): Promise<boolean> {
  const result = await db.deleteFrom('chat_uploads').where('id', '=', uploadId).where('claimed_at', 'is', null).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function findSubmissionOf(db: Db, chatbotId: string, submissionId: string): Promise<ChatSubmissionsTable | undefined> {
  return db.selectFrom('chat_submissions').selectAll().where('id', '=', submissionId).where('chatbot_id', '=', chatbotId).executeTakeFirst()
}

export async function deleteSubmissionRow(db: Db, submissionId: string): Promise<void> {
  await db.deleteFrom('chat_submissions').where('id', '=', submissionId).execute()
}

/** Removes the chatbot's uploads among `uploadIds`; returns their file keys, for the caller to delete. */
export async function deleteUploads(db: Db, chatbotId: string, uploadIds: string[]): Promise<string[]> {
  if (uploadIds.length === 0) return []
  const rows = await db.selectFrom('chat_uploads').select('file_key').where('chatbot_id', '=', chatbotId).where('id', 'in', uploadIds).execute()
  await db.deleteFrom('chat_uploads').where('chatbot_id', '=', chatbotId).where('id', 'in', uploadIds).execute()
  return rows.map((r) => r.file_key)
}
