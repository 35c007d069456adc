// A linked page read again by the ingestion of today (migration 022 queues one job per link): the
// page is fetched anew through the SSRF guard, and its passages and preview are made again in one
// transaction with the link still there. Pages are not stored, so fetching is the only way a
// link's passages follow a change in how pages are read. What cannot be read now (the site down,
// the page gone) keeps the passages it had: an upgrade never takes material away.
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { activePlan } from '../billing/service'
import { chatbotById, lockChatbot } from '../chatbots/service'
import { type ScrapedPage, scrapeFailure, scrapeLink } from './link-scrape'
import { indexMaterial, previewOf, unindexMaterial, wordsAvailable } from './material'
import { linkById, updateLinkReading } from './repo'

export const REREAD_LINK_JOB = 'training.reread_link'

export interface RereadLinkPayload {
  linkId: string
}

/** In the lane that reads material, as link-add's own jobs: a slow site holds up no login code. */
export const rereadLinkJob = (ctx: AppContext): JobKind<RereadLinkPayload> => ({ lane: 'links', run: (payload) => rereadLink(ctx, payload.linkId) })

async function rereadLink(ctx: AppContext, linkId: string): Promise<void> {
  const link = await linkById(ctx.db, linkId)
  // Deleted since the job was queued: nothing to read again.
  if (!link) return
  let page: ScrapedPage
  try {
    page = await scrapeLink(link.url, { allowPrivate: ctx.config.allowPrivateLinks })
  } catch (error) {
    const reason = scrapeFailure(error)
    if (reason === null) throw error
    ctx.log.warn('training.reread_link_unreadable', { link_id: link.id, reason })
    return
  }
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockChatbot(trx, link.chatbot_id)) || !(await linkById(trx, link.id))) return 'gone'
    // The page may have grown since it was added: the words beyond what it held must fit the plan.
    if (page.wordCount > link.word_count) {
      const chatbot = await chatbotById(trx, link.chatbot_id)
      const active = chatbot && (await activePlan(ctx, chatbot.account_id, trx))
      if (!active) return 'no_subscription'
      if (page.wordCount - link.word_count > (await wordsAvailable(ctx, trx, active.plan, link.chatbot_id))) return 'over_allowance'
    }
    await unindexMaterial(trx, link.chatbot_id, link.id)
    await indexMaterial(trx, { chatbotId: link.chatbot_id, sourceType: 'link', sourceId: link.id, title: link.title, url: link.url }, page.text)
    await updateLinkReading(trx, link, { preview: previewOf(page.text), word_count: page.wordCount })
    return 'read_again'
  })
  // The page grew and no plan in force leaves words for its growth: it keeps the passages it had.
  if (outcome === 'over_allowance' || outcome === 'no_subscription') ctx.log.warn('training.reread_link_kept', { link_id: link.id, words: page.wordCount, reason: outcome })
}
