import type { AppContext } from '../../context'
import { CHATBOT_NOT_FOUND, forbidden, notFound } from '../../http/errors'
import { activeSubscription, cachedPaidSubscription } from '../billing/service'
import { cachedChatbot, findChatbot, type ChatbotRow } from './repo'
import { CHATBOT_UNAVAILABLE } from '../chat/texts'

/**
 * The gate of every public endpoint: the chatbot must exist (404) and its owner must be paying
 * (403), since a lapsed subscription switches the embedded widget off rather than deleting it.
 */
export async function publicChatbot(ctx: AppContext, chatbotId: string): Promise<ChatbotRow> {
  const row = await findChatbot(ctx.db, chatbotId)
  if (!row) throw notFound(CHATBOT_NOT_FOUND)
  if (!(await activeSubscription(ctx, row.account_id))) throw forbidden(CHATBOT_UNAVAILABLE)
  return row
}

/** The same from what memory holds (row, owner's subscription): the row when both pass, else undefined ("ask publicChatbot"). */
export function cachedPublicChatbot(ctx: AppContext, chatbotId: string): ChatbotRow | undefined {
  const row = cachedChatbot(chatbotId)
  return row && cachedPaidSubscription(ctx, row.account_id) ? row : undefined
}
