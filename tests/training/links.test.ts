import { afterAll, beforeAll, expect, test } from 'bun:test'
import { SUBSCRIPTION_REQUIRED } from '../../src/features/chatbots/texts'
import { searchPassages } from '../../src/features/training/search'
import { LINK_ALREADY_HELD, LINK_DELETED, linkNotFound, linkOverAllowance, LINKS_QUEUED, LINKS_SUBSCRIPTION_REQUIRED, LINKS_WRONG_TYPE } from '../../src/features/training/texts'
import { client, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { textPdf } from './pdf-fixtures'
import { createChatbot } from '../support/chatbots'
import { path, UNKNOWN_ID } from '../support/endpoints'
import { availableWords, html, lapse, linkJobs, plansFile, startPageServer, type PageServer } from './support'

const ALLOWANCE = 400
const BAKERY_TEXT = 'Our quince marzipan croissant is baked every morning at dawn. Order ahead for weddings and birthdays.'

let app: TestApp
let site: PageServer
let owner: string
let stranger: string
let lapsed: string

beforeAll(async () => {
  const manual = await textPdf({ title: 'Bakery Manual' })
  site = startPageServer({
    '/bakery': () =>
      html(`<!doctype html><html><head><title>Harbour Bakery</title><script>var hidden = "never shown"</script></head>
        <body><nav>Home | Menu</nav><main><h1>Welcome</h1><p>${BAKERY_TEXT}</p></main><footer>© Bakery</footer></body></html>`),
    '/long': () => html(`<html><head><title>Long read</title></head><body><p>${'bread '.repeat(ALLOWANCE + 1)}</p></body></html>`),
    '/manual.pdf': () => new Response(manual as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/pdf' } }),
    '/moved': () => new Response(null, { status: 302, headers: { location: '/bakery' } }),
    '/logo.png': () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
    '/empty': () => html('<html><head><title>Nothing</title></head><body><script>1</script></body></html>'),
  })
  app = await startTestApp({ PLANS_FILE: plansFile(ALLOWANCE) })
  ;[owner, stranger, lapsed] = await Promise.all([
    subscribedToken(app, 'links-owner@example.com'),
    subscribedToken(app, 'links-stranger@example.com'),
    subscribedToken(app, 'links-lapsed@example.com'),
  ])
})
afterAll(async () => {
  await app.stop()
  site.stop()
})

async function queue(token: string, chatbotId: string, links: unknown) {
  const reply = await client(app.url, token).post(path.linkAdd(chatbotId), { links })
  await app.ctx.jobs.idle()
  return reply
}

test('a page is scraped and added: title, visible text, word count; the words leave the allowance', async () => {
  const api = client(app.url, owner)
  const bot = (await createChatbot(app, owner, 'knowledge')).id
  const reply = await api.post(path.linkAdd(bot), { links: [`${site.url}/bakery`] })
  expect(reply.status).toBe(200)
  expect(reply.body).toEqual({ message: LINKS_QUEUED })
  // Committed before the answer: the outcome row and its job row both exist already.
  const [row] = await app.ctx.db.selectFrom('link_jobs').selectAll().where('chatbot_id', '=', bot).execute()
  const jobRows = await app.ctx.db.selectFrom('jobs').select(['payload', 'kind']).where('kind', '=', 'training.link').execute()
  expect(jobRows.some((j) => JSON.parse(j.payload).linkJobId === row.id)).toBe(true)

  await app.ctx.jobs.idle()
  const jobs = await linkJobs(app, owner, bot)
  expect(jobs).toHaveLength(1)
  expect(jobs[0]).toMatchObject({ link: `${site.url}/bakery`, status: 'added', reason: null })
  expect(Date.parse(jobs[0].updated_at)).not.toBeNaN()

  const viewed = await api.get(path.linkView(bot))
  expect(viewed.status).toBe(200)
  expect(viewed.body.response).toBe('success')
  const [link] = viewed.body.links
  const words = `Welcome ${BAKERY_TEXT}`.split(/\s+/).length
  expect(link).toMatchObject({ title: 'Harbour Bakery', link: `${site.url}/bakery`, word_count: words, text: `Welcome ${BAKERY_TEXT}` })
  expect(link.link_id).toMatch(/^[0-9a-f-]{36}$/)
  expect(link.text).not.toContain('never shown')
  expect(link.text).not.toContain('Menu')
  expect(await availableWords(app, owner, bot)).toBe(ALLOWANCE - words)

  // Retrained: the search index finds the page by a phrase only it holds.
  const [hit] = await searchPassages(app.ctx, bot, 'Do you sell a quince marzipan croissant?')
  expect(hit.text).toContain('quince marzipan croissant')
  expect(hit.source).toMatchObject({ title: 'Harbour Bakery', url: `${site.url}/bakery`, source_type: 'link', source_id: link.link_id })
})

test('outcomes: over the allowance not added, 404 and unusable content failed, PDFs and redirects added', async () => {
  const bot = (await createChatbot(app, owner, 'business')).id
  const links = ['/long', '/missing', '/logo.png', '/empty', '/manual.pdf', '/moved'].map((p) => `${site.url}${p}`)
  expect((await queue(owner, bot, links)).status).toBe(200)
  const byLink = new Map((await linkJobs(app, owner, bot)).map((j) => [j.link.replace(site.url, ''), j]))
  expect(byLink.get('/long')!.status).toBe('not_added')
  expect(byLink.get('/long')!.reason).toStartWith(`not enough training words left: the page holds ${ALLOWANCE + 1} words`)
  expect(byLink.get('/missing')).toMatchObject({ status: 'failed', reason: 'HTTP 404' })
  expect(byLink.get('/logo.png')).toMatchObject({ status: 'failed', reason: 'unsupported content type: image/png' })
  expect(byLink.get('/empty')).toMatchObject({ status: 'failed', reason: 'no readable text found' })
  expect(byLink.get('/manual.pdf')).toMatchObject({ status: 'added', reason: null })
  expect(byLink.get('/moved')).toMatchObject({ status: 'added', reason: null })

  const viewed = (await client(app.url, owner).get(path.linkView(bot))).body.links
  // Only added links are listed; the redirect keeps the address the owner gave.
  expect(viewed.map((l: { link: string }) => l.link.replace(site.url, '')).sort()).toEqual(['/manual.pdf', '/moved'])
  expect(viewed.find((l: { link: string }) => l.link.endsWith('.pdf')).title).toBe('Bakery Manual')
  expect(viewed.find((l: { link: string }) => l.link.endsWith('.pdf')).word_count).toBe(41)
})

test('the allowance is checked when each job runs, against the words used by then', async () => {
  const bot = (await createChatbot(app, owner, 'knowledge')).id
  const pages: Record<string, () => Response> = {}
  // Three pages of 150 words: two fit in 400, the third does not.
  for (const n of [1, 2, 3]) pages[`/p${n}`] = () => html(`<html><head><title>Page ${n}</title></head><body><p>${`word${n} `.repeat(150)}</p></body></html>`)
  const pageSite = startPageServer(pages)
  try {
    await queue(
      owner,
      bot,
      [1, 2, 3].map((n) => `${pageSite.url}/p${n}`),
    )
    const jobs = await linkJobs(app, owner, bot)
    expect(jobs.filter((j) => j.status === 'added')).toHaveLength(2)
    const refused = jobs.filter((j) => j.status === 'not_added')
    expect(refused).toHaveLength(1)
    expect(refused[0].reason).toBe(linkOverAllowance(150, ALLOWANCE - 300))
    expect(await availableWords(app, owner, bot)).toBe(ALLOWANCE - 300)
  } finally {
    pageSite.stop()
  }
})

test('a link the chatbot holds is not added twice; deleting gives the words back and allows it again', async () => {
  const api = client(app.url, owner)
  const bot = (await createChatbot(app, owner, 'knowledge')).id
  const bakery = `${site.url}/bakery`
  await queue(owner, bot, [bakery, `${bakery}#opening-hours`, bakery])
  expect((await linkJobs(app, owner, bot)).map((j) => j.status)).toEqual(['added'])
  const hitsBefore = site.hits.get('/bakery')

  await queue(owner, bot, [bakery])
  const jobs = await linkJobs(app, owner, bot)
  expect(jobs).toHaveLength(2)
  expect(jobs.map((j) => [j.status, j.reason]).sort()).toEqual([
    ['added', null],
    ['not_added', LINK_ALREADY_HELD],
  ])
  expect(site.hits.get('/bakery')).toBe(hitsBefore) // not even fetched
  const [link] = (await api.get(path.linkView(bot))).body.links
  expect((await api.get(path.linkView(bot))).body.links).toHaveLength(1)

  const deleted = await api.post(path.linkDelete(bot), { link_id: link.link_id })
  expect([deleted.status, deleted.body]).toEqual([200, { response: LINK_DELETED }])
  expect((await api.get(path.linkView(bot))).body.links).toEqual([])
  expect(await availableWords(app, owner, bot)).toBe(ALLOWANCE)
  expect(await searchPassages(app.ctx, bot, 'quince marzipan')).toEqual([])

  const again = await api.post(path.linkDelete(bot), { link_id: link.link_id })
  expect([again.status, again.body]).toMatchObject([404, { error: linkNotFound(link.link_id) }])
  await queue(owner, bot, [bakery])
  expect((await api.get(path.linkView(bot))).body.links).toHaveLength(1)
})

test('link-add input: 1 to 50 absolute http(s) URLs', async () => {
  const api = client(app.url, owner)
  const bot = (await createChatbot(app, owner, 'knowledge')).id
  const cases: [unknown, string][] = [
    [{}, 'links: is required'],
    [{ links: [] }, 'links: must have at least 1 item'],
    [{ links: Array.from({ length: 51 }, (_, i) => `https://example.com/${i}`) }, 'links: must have at most 50 items'],
    [{ links: 'https://example.com/' }, 'links: must be a list'],
    [{ links: ['https://example.com/', 42] }, 'links[1]: must be a string'],
    [{ links: ['ftp://example.com/file'] }, 'links[0]: must be an absolute http or https URL'],
    [{ links: ['/relative/page'] }, 'links[0]: must be an absolute http or https URL'],
    [{ links: ['https://example.com/', 'not a url'] }, 'links[1]: must be an absolute http or https URL'],
    [{ links: ['https://user:secret@example.com/'] }, 'links[0]: must not contain a user name or password'],
    [{ links: [`https://example.com/${'a'.repeat(2048)}`] }, 'links[0]: must be at most 2048 characters'],
  ]
  for (const [body, error] of cases) {
    const reply = await api.post(path.linkAdd(bot), body)
    expect([reply.status, reply.body]).toMatchObject([400, { error }])
  }
  expect(await linkJobs(app, owner, bot)).toEqual([])
  // Pages the local site does not have: each job fails at once (an unroutable address held a job
  // until its connect timeout, past the stop of the app).
  const fifty = await api.post(path.linkAdd(bot), { links: Array.from({ length: 50 }, (_, i) => `${site.url}/missing/${i}`) })
  expect(fifty.status).toBe(200)
  await app.ctx.jobs.idle()
  expect(await linkJobs(app, owner, bot)).toHaveLength(50)
})

test('who may touch links: token, subscription, owner, type, link id', async () => {
  const mine = client(app.url, owner)
  const theirs = client(app.url, stranger)
  const expired = client(app.url, lapsed)
  const bot = (await createChatbot(app, owner, 'knowledge')).id
  const dataBot = (await createChatbot(app, owner, 'data')).id
  const lapsedBot = (await createChatbot(app, lapsed, 'knowledge')).id
  await lapse(app, 'links-lapsed@example.com')
  const body = { links: ['https://example.com/'] }

  expect((await client(app.url).get(path.linkView(bot))).body).toMatchObject({ error: 'Authentication credentials were not provided.' })

  const all = (api: ReturnType<typeof client>, id: string) =>
    Promise.all([api.post(path.linkAdd(id), body), api.get(path.linkView(id)), api.post(path.linkDelete(id), { link_id: UNKNOWN_ID }), api.get(path.linkStatus(id))])
  for (const reply of await all(theirs, bot)) expect([reply.status, reply.body]).toMatchObject([403, { error: 'Access Denied' }])
  for (const reply of await all(mine, UNKNOWN_ID)) expect([reply.status, reply.body]).toMatchObject([404, { error: 'Chatbot not found.' }])
  for (const reply of await all(mine, dataBot)) expect([reply.status, reply.body]).toMatchObject([400, { error: LINKS_WRONG_TYPE }])

  const [add, view, del, status] = await all(expired, lapsedBot)
  expect([add.status, add.body]).toMatchObject([400, { error: SUBSCRIPTION_REQUIRED }])
  expect([view.status, view.body]).toMatchObject([400, { error: LINKS_SUBSCRIPTION_REQUIRED }])
  expect([del.status, del.body]).toMatchObject([400, { error: LINKS_SUBSCRIPTION_REQUIRED }])
  expect([status.status, status.body]).toMatchObject([400, { error: SUBSCRIPTION_REQUIRED }])

  const unknown = await mine.post(path.linkDelete(bot), { link_id: UNKNOWN_ID })
  expect([unknown.status, unknown.body]).toMatchObject([404, { error: linkNotFound(UNKNOWN_ID) }])
  const absent = await mine.post(path.linkDelete(bot), {})
  expect([absent.status, absent.body]).toMatchObject([404, { error: linkNotFound(''), detail: 'link_id: is required' }])
  expect(await linkJobs(app, owner, bot)).toEqual([])
})

test('with ALLOW_PRIVATE_LINKS=false, links to this machine fail as not allowed, by address and by name', async () => {
  const guarded = await startTestApp({ ALLOW_PRIVATE_LINKS: 'false' })
  try {
    const token = await subscribedToken(guarded, 'guarded@example.com')
    const bot = (await createChatbot(guarded, token, 'knowledge')).id
    const links = [`${site.url}/bakery`, `http://localhost:${site.port}/bakery`, `http://[::1]:${site.port}/bakery`]
    expect((await client(guarded.url, token).post(path.linkAdd(bot), { links })).status).toBe(200)
    await guarded.ctx.jobs.idle()
    const jobs = await linkJobs(guarded, token, bot)
    expect(jobs).toHaveLength(3)
    for (const job of jobs) {
      expect(job.status).toBe('failed')
      expect(job.reason).toBe('address not allowed')
    }
    // The owner is not told what this machine's names resolve to.
    expect(jobs.map((j) => j.reason).join(' ')).not.toMatch(/127\.0\.0\.1|::1|resolves/)
    expect((await client(guarded.url, token).get(path.linkView(bot))).body.links).toEqual([])
  } finally {
    await guarded.stop()
  }
})
