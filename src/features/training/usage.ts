import type { AppContext } from '../../context'
import type { Db } from '../../db/database'

type Reader = Pick<Db, 'selectNoFrom'>

/** Words held by a chatbot's current documents and links, in one statement (chatbot-get is a hot path). */
export async function wordsUsed(ctx: AppContext, chatbotId: string, db: Reader = ctx.db): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('documents').select((s) => s.fn.sum<number>('word_count').as('w')).where('chatbot_id', '=', chatbotId).as('documents'),
      eb.selectFrom('links').select((s) => s.fn.sum<number>('word_count').as('w')).where('chatbot_id', '=', chatbotId).as('links'),
    ])
    .executeTakeFirst()
  return Number(row?.documents ?? 0) + Number(row?.links ?? 0)
}
