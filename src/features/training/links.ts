import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import type { ChatbotAccess } from '../chatbots/guard'
import { AppError, invalid } from '../../http/errors'
import { check, URL_CREDENTIALS_MESSAGE } from '../../http/validate'
import { newId } from '../../lib/ids'
import { type AddLinksBody, DeleteLinkBody, MAX_URL_CHARS } from './model'
import { LINK_JOB_KIND, type LinkJobPayload } from './link-job'
import { unindexMaterial } from './material'
import { deleteLinkRow, findLink, heldUrls, insertLinkJob, linksOf, recentLinkJobs } from './repo'
import { LINK_ALREADY_HELD, linkNotFound } from './texts'

/** chatbot-link-status shows this many of the latest jobs. */
export const STATUS_JOBS_SHOWN = 500

/**
 * The form a link is stored and compared in: WHATWG-normalised, without the fragment (the same
 * page), or what is wrong with it.
 */
export function normaliseLinkUrl(raw: string): { url: string } | { problem: string } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { problem: 'must be an absolute http or https URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'must be an absolute http or https URL' }
  if (url.username || url.password) return { problem: URL_CREDENTIALS_MESSAGE }
  url.hash = ''
  if (url.href.length > MAX_URL_CHARS) return { problem: `must be at most ${MAX_URL_CHARS} characters` }
  return { url: url.href }
}

/** Queues every new link: its link_jobs row and its job row commit together before the answer. */
export async function addLinks(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, { links }: Static<typeof AddLinksBody>): Promise<void> {
  const urls: string[] = []
  links.forEach((raw, i) => {
    const normalised = normaliseLinkUrl(raw)
    if ('problem' in normalised) throw invalid(`links[${i}]`, normalised.problem)
    if (!urls.includes(normalised.url)) urls.push(normalised.url)
  })

  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now().toISOString()
    const held = await heldUrls(trx, chatbot.id, urls)
    for (const url of urls) {
      const id = newId()
      // A link the chatbot holds is settled at once, so the status list still accounts for it.
      const already = held.has(url)
      await insertLinkJob(trx, {
        id,
        chatbot_id: chatbot.id,
        url,
        status: already ? 'not_added' : 'queued',
        reason: already ? LINK_ALREADY_HELD : null,
        created_at: now,
        updated_at: now,
      })
      if (!already) await ctx.jobs.enqueue<LinkJobPayload>(trx, LINK_JOB_KIND, { linkJobId: id })
    }
  })
  ctx.jobs.kick()
  ctx.log.info('training.links_queued', { chatbot_id: chatbot.id, links: urls.length })
}

export async function viewLinks(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>) {
  const rows = await linksOf(ctx.db, chatbot.id)
  return rows.map((r) => ({ title: r.title, link: r.url, word_count: r.word_count, text: r.preview, link_id: r.id, created_at: r.created_at }))
}

export async function deleteLink(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>, body: unknown): Promise<void> {
  const input = check(DeleteLinkBody, body)
  const rawId = (body as { link_id?: unknown } | null)?.link_id
  const shownId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : ''
  const row = input.ok ? await findLink(ctx.db, chatbot.id, input.value.link_id) : undefined
  if (!row) throw new AppError('not_found', 404, linkNotFound(shownId), { field: 'link_id', detail: input.ok ? undefined : `${input.field}: ${input.message}` })
  await ctx.db.transaction().execute(async (trx) => {
    await unindexMaterial(trx, chatbot.id, row.id)
    await deleteLinkRow(trx, row.id)
  })
  if (row.text_key) await ctx.files.delete(row.text_key)
  ctx.log.info('training.link_deleted', { chatbot_id: chatbot.id, link_id: row.id, words: row.word_count })
}

export async function linkStatus(ctx: AppContext, { chatbot }: Pick<ChatbotAccess, 'chatbot'>) {
  const rows = await recentLinkJobs(ctx.db, chatbot.id, STATUS_JOBS_SHOWN)
  return rows.map((r) => ({ link: r.url, status: r.status, reason: r.reason, updated_at: r.updated_at, job_id: r.id, created_at: r.created_at }))
}
