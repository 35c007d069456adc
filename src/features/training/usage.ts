import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { heldWordsHeldBy, wordsHeldBy } from './repo'

/** Words held by a chatbot's current documents and links, in one statement (chatbot-get is a hot path). */
export async function wordsUsed(ctx: AppContext, chatbotId: string, db: Pick<Db, 'selectNoFrom'> = ctx.db): Promise<number> {
  return wordsHeldBy(db as Db, chatbotId)
}

/** The same if memory holds it now; undefined means "ask wordsUsed". */
export const heldWordsUsed = (chatbotId: string): number | undefined => heldWordsHeldBy(chatbotId)
