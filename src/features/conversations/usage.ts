import type { AppContext } from '../../context'
import { limitReached } from '../../http/errors'
import type { ChatbotRow } from '../chatbots/access'
import { DAILY_LIMIT_REACHED, DAILY_UPLOAD_LIMIT_REACHED } from '../chat/texts'

export type UsageCounter = 'messages' | 'uploads'

const LIMIT_TEXT: Record<UsageCounter, string> = { messages: DAILY_LIMIT_REACHED, uploads: DAILY_UPLOAD_LIMIT_REACHED }

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10)

/**
 * Takes one unit of the visitor's allowance for the current UTC day, or answers 429. The
 * increment is conditional on staying within the limit, so concurrent requests cannot overshoot.
 */
export async function takeDailyAllowance(
  ctx: AppContext,
  chatbot: Pick<ChatbotRow, 'id' | 'user_allowance'>,
  visitorId: string,
  counter: UsageCounter,
): Promise<void> {
  const day = utcDay(ctx.clock.now())
  await ctx.db
    .insertInto('chat_usage')
    .values({ chatbot_id: chatbot.id, visitor_id: visitorId, day, messages: 0, uploads: 0 })
    .onConflict((oc) => oc.columns(['chatbot_id', 'visitor_id', 'day']).doNothing())
    .execute()
  const taken = await ctx.db
    .updateTable('chat_usage')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
    .where('chatbot_id', '=', chatbot.id)
    .where('visitor_id', '=', visitorId)
    .where('day', '=', day)
    .where(counter, '<', chatbot.user_allowance)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) !== 1) throw limitReached(LIMIT_TEXT[counter], 429)
}
