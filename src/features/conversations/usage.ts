import type { AppContext } from '../../context'
import { limitReached } from '../../http/errors'
import type { ChatbotRow } from '../chatbots/access'
import { takeUsage, type UsageCounter } from './repo'
import { DAILY_LIMIT_REACHED, DAILY_UPLOAD_LIMIT_REACHED } from '../chat/texts'

export type { UsageCounter }

const LIMIT_TEXT: Record<UsageCounter, string> = { messages: DAILY_LIMIT_REACHED, uploads: DAILY_UPLOAD_LIMIT_REACHED }

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10)

/**
 * Takes one unit of the visitor's allowance for the current UTC day, or answers 429. The
 * increment is conditional on staying within the limit, so concurrent requests cannot overshoot.
 */
export async function takeDailyAllowance(ctx: AppContext, chatbot: Pick<ChatbotRow, 'id' | 'user_allowance'>, visitorId: string, counter: UsageCounter): Promise<void> {
  const day = utcDay(ctx.clock.now())
  const taken = await takeUsage(ctx.db, { chatbotId: chatbot.id, visitorId, day }, counter, chatbot.user_allowance)
  if (!taken) throw limitReached(LIMIT_TEXT[counter], 429)
}
