// Contract 11: visitor ids are chosen by the client, so the public chat endpoints also count per client address.
import type { AppContext } from '../../context'
import { countInWindow } from '../../http/rate-limit'
import type { ChatbotRow } from '../chatbots/access'

/** Besides the visitor's user_allowance: at most 20 × user_allowance messages per client address per chatbot per UTC day. */
export async function takeAddressMessage(ctx: AppContext, chatbot: Pick<ChatbotRow, 'id' | 'user_allowance'>, address: string): Promise<void> {
  const max = ctx.config.publicLimits.messagesPerAddressFactor * chatbot.user_allowance
  await countInWindow(ctx.db, ctx.clock.now(), { name: 'messages-address', subject: `${chatbot.id}:${address}`, max, window: 'day' })
}

/** At most 20 uploads per client address per chatbot per hour. */
export async function takeAddressUpload(ctx: AppContext, chatbotId: string, address: string): Promise<void> {
  await countInWindow(ctx.db, ctx.clock.now(), { name: 'uploads-address', subject: `${chatbotId}:${address}`, max: ctx.config.publicLimits.uploadsPerAddressHour, window: 'hour' })
}
