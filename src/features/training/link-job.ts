import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { newId } from '../../lib/ids'
import { activePlan } from '../billing/service'
import { clip, indexMaterial, MAX_TITLE_CHARS, previewOf, wordsAvailable } from './material'
import { heldUrls, insertLink, linkJobById, settleLinkJob } from './repo'
import { chatbotById, lockChatbot } from '../chatbots/service'
import { scrapeFailure, scrapeLink, type ScrapedPage } from './link-scrape'
import { INDEX_VERSION } from './index-version'
import { storedTextKey, storeText } from './stored-text'
import { LINK_ALREADY_HELD, LINK_INTERNAL_ERROR, LINK_NO_SUBSCRIPTION, linkOverAllowance } from './texts'

export const LINK_JOB_KIND = 'training.link'

export interface LinkJobPayload {
  /** The link_jobs row; its url and chatbot are read from there, so the payload never goes stale. */
  linkJobId: string
}

/** Fetch, then add or refuse in one transaction. Outcomes go to link_jobs; only surprises throw (and are retried). */
export function linkJob(ctx: AppContext): JobKind<LinkJobPayload> {
  return {
    lane: 'links',
    retryDelaysMs: [5_000, 60_000],
    run: (payload) => processLink(ctx, payload.linkJobId),
    async onAttemptFailed(payload, _job, _error, willRetry) {
      if (!willRetry) await settleLinkJob(ctx.db, payload.linkJobId, 'failed', LINK_INTERNAL_ERROR, ctx.clock.now().toISOString())
    },
  }
}

async function processLink(ctx: AppContext, linkJobId: string): Promise<void> {
  const job = await linkJobById(ctx.db, linkJobId)
  // Gone with its chatbot, or settled by an earlier run that died before marking the job done.
  if (!job || job.status !== 'queued') return

  let page: ScrapedPage
  try {
    page = await scrapeLink(job.url, { allowPrivate: ctx.config.allowPrivateLinks })
  } catch (error) {
    const reason = scrapeFailure(error)
    if (reason === null) throw error
    await settleLinkJob(ctx.db, job.id, 'failed', reason, ctx.clock.now().toISOString())
    ctx.log.info('training.link_failed', { chatbot_id: job.chatbot_id, link_job_id: job.id, reason })
    return
  }

  // The page's text is stored before the link commits, and removed again when it is not added.
  const linkId = newId()
  const textKey = storedTextKey(job.chatbot_id, 'link', linkId)
  await storeText(ctx.files, textKey, page.extracted)
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const now = ctx.clock.now().toISOString()
      await lockChatbot(trx, job.chatbot_id)
      const current = await linkJobById(trx, job.id)
      if (!current || current.status !== 'queued') return null
      const chatbot = await chatbotById(trx, job.chatbot_id)
      if (!chatbot) return null
      const notAdded = async (reason: string) => {
        await settleLinkJob(trx, job.id, 'not_added', reason, now)
        return { status: 'not_added' as const, reason }
      }
      if ((await heldUrls(trx, chatbot.id, [job.url])).has(job.url)) return notAdded(LINK_ALREADY_HELD)
      const active = await activePlan(ctx, chatbot.account_id, trx)
      if (!active) return notAdded(LINK_NO_SUBSCRIPTION)
      // Checked here, not when queued: other links and documents may have used the words meanwhile.
      const available = await wordsAvailable(ctx, trx, active.plan, chatbot.id)
      if (page.wordCount > available) return notAdded(linkOverAllowance(page.wordCount, available))

      const title = clip(page.title, MAX_TITLE_CHARS)
      await insertLink(trx, {
        id: linkId,
        chatbot_id: chatbot.id,
        url: job.url,
        title,
        word_count: page.wordCount,
        preview: previewOf(page.text),
        created_at: now,
        index_version: INDEX_VERSION,
        text_key: textKey,
      })
      await indexMaterial(trx, { chatbotId: chatbot.id, sourceType: 'link', sourceId: linkId, title, url: job.url }, page.text)
      await settleLinkJob(trx, job.id, 'added', null, now)
      return { status: 'added' as const, reason: null }
    })
    .catch(async (error: unknown) => {
      await ctx.files.delete(textKey)
      throw error
    })
  if (outcome?.status !== 'added') await ctx.files.delete(textKey)
  if (outcome) ctx.log.info('training.link_processed', { chatbot_id: job.chatbot_id, link_job_id: job.id, words: page.wordCount, ...outcome })
}
