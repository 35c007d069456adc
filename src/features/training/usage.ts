import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'

/** Words held by a chatbot's current documents and links, in one statement (chatbot-get is a hot path). */
export async function wordsUsed(ctx: AppContext, chatbotId: string, db: Pick<Db, 'selectNoFrom'> = ctx.db): Promise<number> {
  const [row] = await wordsHeld(db as Db, chatbotId, chatbotId)
  return Number(row?.documents ?? 0) + Number(row?.links ?? 0)
}

const wordsHeld = prepared((db, documentsOf: string, linksOf: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('documents').select((s) => s.fn.sum<number>('word_count').as('w')).where('chatbot_id', '=', documentsOf).as('documents'),
    eb.selectFrom('links').select((s) => s.fn.sum<number>('word_count').as('w')).where('chatbot_id', '=', linksOf).as('links'),
  ]),
)
