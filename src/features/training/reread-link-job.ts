// A linked page fetched and read again by today's ingestion: queued by the re-index job for a link
// older than stored text (training/reindex.ts; migration 022 queued them too). The page comes
// through the SSRF guard, its text is stored, and its passages and preview are made again in one
// transaction with the link still there. What cannot be read now (the site down, the page gone,
// grown past the plan) is cut again from the passages it had: an upgrade never takes material away.
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { activePlan } from '../billing/service'
import { chatbotById, lockChatbot } from '../chatbots/service'
import { INDEX_VERSION } from './index-version'
import { type ScrapedPage, scrapeFailure, scrapeLink } from './link-scrape'
import { indexMaterial, previewOf, unindexMaterial, wordsAvailable } from './material'
import { passagesOf, linkById, updateLinkIndexed } from './repo'
import { storedTextKey, storeText } from './stored-text'

export const REREAD_LINK_JOB = 'training.reread_link'

export interface RereadLinkPayload {
  linkId: string
}

/** In the lane that reads material, as link-add's own jobs: a slow site holds up no login code. */
export const rereadLinkJob = (ctx: AppContext): JobKind<RereadLinkPayload> => ({ lane: 'links', run: (payload) => rereadLink(ctx, payload.linkId) })

type Link = NonNullable<Awaited<ReturnType<typeof linkById>>>

async function rereadLink(ctx: AppContext, linkId: string): Promise<void> {
  const link = await linkById(ctx.db, linkId)
  // Deleted since the job was queued, or indexed at this version already (queued twice): nothing to do.
  if (!link || link.index_version >= INDEX_VERSION) return
  let page: ScrapedPage
  try {
    page = await scrapeLink(link.url, { allowPrivate: ctx.config.allowPrivateLinks })
  } catch (error) {
    const reason = scrapeFailure(error)
    if (reason === null) throw error
    ctx.log.warn('training.reread_link_unreadable', { link_id: link.id, reason })
    return recutFromPassages(ctx, link)
  }
  const textKey = storedTextKey(link.chatbot_id, 'link', link.id)
  await storeText(ctx.files, textKey, page.extracted)
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
    await updateLinkIndexed(trx, link, { preview: previewOf(page.text), word_count: page.wordCount, index_version: INDEX_VERSION, text_key: textKey })
    return 'read_again'
  })
  if (outcome !== 'read_again') await ctx.files.delete(textKey)
  // The page grew and no plan in force leaves words for its growth: it keeps what it had.
  if (outcome === 'over_allowance' || outcome === 'no_subscription') {
    ctx.log.warn('training.reread_link_kept', { link_id: link.id, words: page.wordCount, reason: outcome })
    await recutFromPassages(ctx, link)
  }
}

/** The link's own passages, cut again by today's chunker; it stays without stored text, so a later version tries the page again. */
async function recutFromPassages(ctx: AppContext, link: Link): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockChatbot(trx, link.chatbot_id)) || !(await linkById(trx, link.id))) return
    const text = (await passagesOf(trx, link.chatbot_id, link.id)).join('\n\n')
    if (text !== '') {
      await unindexMaterial(trx, link.chatbot_id, link.id)
      await indexMaterial(trx, { chatbotId: link.chatbot_id, sourceType: 'link', sourceId: link.id, title: link.title, url: link.url }, text)
    }
    await updateLinkIndexed(trx, link, { ...(text !== '' ? { preview: previewOf(text) } : {}), index_version: INDEX_VERSION, text_key: null })
  })
}
