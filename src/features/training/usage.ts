import type { AppContext } from '../../context'
import type { Db } from '../../db/database'

type Reader = Pick<Db, 'selectFrom'>

/** Words held by a chatbot's current documents and links. */
export async function wordsUsed(ctx: AppContext, chatbotId: string, db: Reader = ctx.db): Promise<number> {
  const [docs, links] = await Promise.all([
    db.selectFrom('documents').select((eb) => eb.fn.sum<number>('word_count').as('words')).where('chatbot_id', '=', chatbotId).executeTakeFirst(),
    db.selectFrom('links').select((eb) => eb.fn.sum<number>('word_count').as('words')).where('chatbot_id', '=', chatbotId).executeTakeFirst(),
  ])
  return Number(docs?.words ?? 0) + Number(links?.words ?? 0)
}
