import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { wordsHeldBy } from './repo'

/** Words held by a chatbot's current documents and links, in one statement (chatbot-get is a hot path). */
export async function wordsUsed(ctx: AppContext, chatbotId: string, db: Pick<Db, 'selectNoFrom'> = ctx.db): Promise<number> {
  return wordsHeldBy(db as Db, chatbotId)
}
