// Work that waits on someone else's server runs in lanes of its own: a batch of slow pages or a
// webhook endpoint that hangs must not hold up the login code someone is waiting for.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { client, outbox, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { gate, startHeldServer } from '../support/held-server'
import { html, linkJobs } from '../training/support'

/** More than a lane holds (four running, four waiting): before lanes, these alone filled the queue. */
const HELD = 12
const EMAIL = 'lanes-owner@example.com'
/** A second account: an address gets only a few login codes a day. */
const OTHER_EMAIL = 'lanes-other@example.com'

let app: TestApp
let owner: string

beforeAll(async () => {
  // Many visitors' quotes come from many addresses; here they all come from one.
  app = await startTestApp({ RATE_LIMIT_QUOTES_PER_HOUR: '100' })
  owner = await subscribedToken(app, EMAIL)
  await subscribedToken(app, OTHER_EMAIL)
})
afterAll(async () => {
  await app.stop()
})

/** A server holding its answers until the test releases them. */
function heldServer(answer: () => Response) {
  const { opened, open } = gate()
  return { ...startHeldServer(opened, answer), release: open }
}

const codeMails = async (email: string) => (await outbox(app)).filter((m) => (m.to as { text: string } | undefined)?.text.includes(email) && m.subject === 'Your login code')

/** Asks for a login code while the held work is in flight; true when it was mailed meanwhile. */
async function loginCodeMailedMeanwhile(email: string): Promise<boolean> {
  const before = (await codeMails(email)).length
  expect((await client(app.url).post('/api/v1.0/login/', { email_address: email })).status).toBe(200)
  // Well within the 15 s a page or a webhook may take: the held answers are still held when it arrives.
  for (let i = 0; i < 400 && (await codeMails(email)).length === before; i++) await Bun.sleep(25)
  return (await codeMails(email)).length === before + 1
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await Bun.sleep(25)
  expect(done()).toBe(true)
}

test('a login code is mailed while a batch of slow links is being read; the links are added once their pages answer', async () => {
  const site = heldServer(() => html('<html><head><title>Slow</title></head><body><p>A page that took its time to arrive.</p></body></html>'))
  try {
    const bot = (await createChatbot(app, owner, 'knowledge')).id
    const links = Array.from({ length: HELD }, (_, i) => `${site.url}/slow/${i}`)
    expect((await client(app.url, owner).post(path.linkAdd(bot), { links })).status).toBe(200)
    await until(() => site.asked() > 0)

    expect(await loginCodeMailedMeanwhile(EMAIL)).toBe(true)
    expect((await linkJobs(app, owner, bot)).every((job) => job.status === 'queued')).toBe(true)
    // Four pages at a time, not all twelve (each holds a page and its passages in memory).
    expect(site.asked()).toBeLessThanOrEqual(4)

    site.release()
    await app.ctx.jobs.idle()
    expect((await linkJobs(app, owner, bot)).map((job) => job.status)).toEqual(Array(HELD).fill('added'))
  } finally {
    site.release()
    site.stop()
  }
})

test("a login code is mailed while an owner's webhook endpoint hangs on a run of visitors' quotes; the deliveries go out once it answers", async () => {
  const endpoint = heldServer(() => new Response('ok'))
  try {
    const bot = await createChatbot(app, owner, 'quote', { webhook_url: `${endpoint.url}/hooks` })
    for (let i = 0; i < HELD; i++) {
      const quote = await client(app.url).post(path.quote(bot.id), {
        visitor_id: `lane-visitor-${i}`,
        client_name: 'Ann',
        client_email: `ann${i}@example.com`,
        items: [{ name: 'Sourdough loaf', quantity: 1 }],
      })
      expect(quote.status).toBe(200)
    }
    await until(() => endpoint.asked() > 0)

    expect(await loginCodeMailedMeanwhile(OTHER_EMAIL)).toBe(true)
    expect(endpoint.asked()).toBeLessThanOrEqual(4)

    endpoint.release()
    await app.ctx.jobs.idle()
    expect(endpoint.asked()).toBe(HELD)
    const leads = await app.ctx.db.selectFrom('leads').select('webhook_status').where('chatbot_id', '=', bot.id).execute()
    expect(leads.map((lead) => lead.webhook_status)).toEqual(Array(HELD).fill('delivered'))
  } finally {
    endpoint.release()
    endpoint.stop()
  }
})
