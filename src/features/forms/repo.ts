/** Every query on chat_uploads and chat_submissions. */
import type { Db } from '../../db/database'
import type { ChatSubmissionsTable, ChatUploadsTable } from '../../db/schema'
import type { UploadKind } from '../../lib/file-kind'

export async function insertUpload(db: Db, row: ChatUploadsTable): Promise<void> {
  await db.insertInto('chat_uploads').values(row).execute()
}

/** The kind of an upload of this chatbot that belongs to the session, or to the visitor. */
export async function uploadKindFor(db: Db, chatbotId: string, uploadId: string, owner: { sessionId: string } | { visitorId: string }): Promise<UploadKind | null> {
  let query = db.selectFrom('chat_uploads').select('kind').where('id', '=', uploadId).where('chatbot_id', '=', chatbotId)
  query = 'sessionId' in owner ? query.where('session_id', '=', owner.sessionId) : query.where('visitor_id', '=', owner.visitorId)
  return (await query.executeTakeFirst())?.kind ?? null
}

export async function findUpload(db: Db, uploadId: string): Promise<Pick<ChatUploadsTable, 'file_key' | 'mime'> | undefined> {
  return db.selectFrom('chat_uploads').select(['file_key', 'mime']).where('id', '=', uploadId).executeTakeFirst()
}

export async function insertSubmission(db: Db, row: ChatSubmissionsTable): Promise<void> {
  await db.insertInto('chat_submissions').values(row).execute()
}

export async function submissionsOf(db: Db, chatbotId: string): Promise<ChatSubmissionsTable[]> {
  return db.selectFrom('chat_submissions').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at', 'desc').orderBy('id').execute()
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
