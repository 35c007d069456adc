import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { type AppError, forbidden } from '../../http/errors'
import { findChatbot, type ChatbotRow } from './repo'

export type { ChatbotRow }

/**
 * The one ownership check every chatbot endpoint goes through: a missing chatbot gives the
 * endpoint's own "not found" answer, another account's gives 403 Access Denied, and a chatbot of
 * the wrong type gives the endpoint's own type error.
 */
export async function ownedChatbot(
  ctx: AppContext,
  accountId: string,
  chatbotId: string,
  opts: { missing: AppError; types?: readonly ChatbotType[]; wrongType?: AppError },
): Promise<ChatbotRow> {
  const row = await findChatbot(ctx.db, chatbotId)
  if (!row) throw opts.missing
  if (row.account_id !== accountId) throw forbidden()
  if (opts.types && !opts.types.includes(row.type)) throw opts.wrongType ?? opts.missing
  return row
}

/** Where a chatbot's files live in the FileStore; deleting the chatbot removes the whole prefix. */
export const chatbotFilePrefix = (chatbotId: string) => `chatbots/${chatbotId}`
