// Reading links is bulk work: a batch of slow pages must not hold up the mail someone waits on.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { client, outbox, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { html, linkJobs, startPageServer, type PageServer } from './support'

const SLOW_PAGES = 12
const EMAIL = 'lanes-owner@example.com'

let app: TestApp
let site: PageServer
let release: () => void
const held = new Promise<void>((resolve) => {
  release = resolve
})

beforeAll(async () => {
  const slow = () => held.then(() => html('<html><head><title>Slow</title></head><body><p>A page that took its time to arrive.</p></body></html>'))
  site = startPageServer(Object.fromEntries(Array.from({ length: SLOW_PAGES }, (_, i) => [`/slow/${i}`, slow])))
  app = await startTestApp()
})
afterAll(async () => {
  release()
  await app.stop()
  site.stop()
})

const pagesAsked = () => [...site.hits.values()].reduce((a, b) => a + b, 0)
const codeMails = async () => (await outbox(app)).filter((m) => (m.to as { text: string } | undefined)?.text.includes(EMAIL) && m.subject === 'Your login code')

test('a login code is mailed while a batch of slow links is being read; the links are added once their pages answer', async () => {
  const owner = await subscribedToken(app, EMAIL)
  const bot = (await createChatbot(app, owner, 'knowledge')).id
  const links = Array.from({ length: SLOW_PAGES }, (_, i) => `${site.url}/slow/${i}`)
  expect((await client(app.url, owner).post(path.linkAdd(bot), { links })).status).toBe(200)
  for (let i = 0; i < 400 && pagesAsked() === 0; i++) await Bun.sleep(25)
  expect(pagesAsked()).toBeGreaterThan(0)

  const before = (await codeMails()).length
  expect((await client(app.url).post('/api/v1.0/login/', { email_address: EMAIL })).status).toBe(200)
  // Well within the link reader's 15 s timeout: the pages are still held when the code arrives.
  for (let i = 0; i < 400 && (await codeMails()).length === before; i++) await Bun.sleep(25)
  expect((await codeMails()).length).toBe(before + 1)
  expect((await linkJobs(app, owner, bot)).every((job) => job.status === 'queued')).toBe(true)
  // The bulk lane reads four pages at a time, not all twelve (each holds a page and its passages in memory).
  expect(pagesAsked()).toBeLessThanOrEqual(4)

  release()
  await app.ctx.jobs.idle()
  const jobs = await linkJobs(app, owner, bot)
  expect(jobs.map((job) => job.status)).toEqual(Array(SLOW_PAGES).fill('added'))
})
