import { endSubscription } from '../../src/features/billing/service'
// The training tests' own helpers: a plan file, word counts, a lapsed subscription and a real
// local web server for links. Chatbots and forms come from ../support/chatbots.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { path } from '../support/endpoints'
import { client, type TestApp } from '../support/app'

/** A PLANS_FILE whose one plan allows `trainingWords` words per chatbot. */
export function plansFile(trainingWords: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json')
  writeFileSync(file, JSON.stringify([{ id: 'small', name: 'Small', price: '1.00', interval: 'month', chatbots: 20, training_words: trainingWords }]))
  return file
}

export async function availableWords(app: TestApp, token: string, chatbotId: string): Promise<number> {
  const reply = await client(app.url, token).get(path.get(chatbotId))
  if (reply.status !== 200) throw new Error(`chatbot-get: ${JSON.stringify(reply.body)}`)
  return reply.body.available_word_count
}

/** Ends an account's subscription while its token stays valid. */
export async function lapse(app: TestApp, email: string): Promise<void> {
  const account = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  await endSubscription(app.ctx, account.id)
}

export interface PageServer {
  url: string
  port: number
  /** Requests seen per path. */
  hits: Map<string, number>
  stop(): void
}

/** A real local web server for links to scrape. */
export function startPageServer(pages: Record<string, (request: Request) => Response | Promise<Response>>): PageServer {
  const hits = new Map<string, number>()
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url)
      hits.set(pathname, (hits.get(pathname) ?? 0) + 1)
      const page = pages[pathname]
      return page ? page(request) : new Response('<h1>Not here</h1>', { status: 404, headers: { 'content-type': 'text/html' } })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, port: server.port!, hits, stop: () => void server.stop(true) }
}

export const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })

export interface LinkJobView {
  link: string
  status: 'queued' | 'added' | 'not_added' | 'failed'
  reason: string | null
  updated_at: string
}

export async function linkJobs(app: { url: string }, token: string, chatbotId: string): Promise<LinkJobView[]> {
  const reply = await client(app.url, token).get(path.linkStatus(chatbotId))
  if (reply.status !== 200) throw new Error(`link-status: ${JSON.stringify(reply.body)}`)
  return reply.body.jobs
}
