import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { client, freePort, startTestApp, subscribedToken } from '../support/app'
import { dropTestDatabase, serverEnvFor } from '../support/database'
import { createChatbot } from '../support/chatbots'
import { path } from '../support/endpoints'
import { html, linkJobs, startPageServer } from './support'

const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-restart-'))
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  await dropTestDatabase(dataDir)
})

/** The real server as its own process, as `npm start` runs it. */
async function spawnServer(dir: string) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = Bun.spawn([process.execPath, 'src/main.ts', 'serve'], {
    cwd: join(import.meta.dir, '..', '..'),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...(await serverEnvFor(dir)),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ALLOW_PRIVATE_LINKS: 'true',
      RATE_LIMIT_PER_IP: '0',
      RATE_LIMIT_PER_TOKEN: '0',
      LOG_LEVEL: 'warn',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child }
    } catch {}
    await Bun.sleep(50)
  }
  child.kill(9)
  throw new Error('the server did not start')
}

test('queued links survive a crash: a server killed with -9 mid-fetch, a new one finishes every job', async () => {
  // Pages that hold their answer until released, so the jobs are in flight when the server dies.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const pages: Record<string, () => Promise<Response>> = {}
  const names = ['one', 'two', 'three', 'four', 'five', 'six']
  for (const name of names) {
    pages[`/${name}`] = async () => {
      await released
      return html(`<html><head><title>Page ${name}</title></head><body><p>The ${name} page talks about rye bread.</p></body></html>`)
    }
  }
  const site = startPageServer(pages)

  // Account and chatbot first, on the same data dir.
  const setup = await startTestApp({}, { dataDir })
  const token = await subscribedToken(setup, 'restart@example.com')
  const bot = (await createChatbot(setup, token, 'knowledge')).id
  await setup.stop()

  const first = await spawnServer(dataDir)
  try {
    const reply = await client(first.url, token).post(path.linkAdd(bot), { links: names.map((n) => `${site.url}/${n}`) })
    expect(reply.status).toBe(200)
    // Wait until the worker has some requests in flight (4 run at once), then kill it without warning.
    for (let i = 0; i < 200 && [...site.hits.values()].reduce((a, b) => a + b, 0) < 4; i++) await Bun.sleep(25)
    expect([...site.hits.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4)
    expect((await linkJobs(first, token, bot)).map((j) => j.status)).toEqual(names.map(() => 'queued'))
  } finally {
    first.child.kill(9)
    await first.child.exited
  }

  release()
  const second = await startTestApp({}, { dataDir })
  try {
    await second.ctx.jobs.idle()
    const jobs = await linkJobs(second, token, bot)
    expect(jobs.map((j) => j.status)).toEqual(names.map(() => 'added'))
    const links = (await client(second.url, token).get(path.linkView(bot))).body.links
    expect(links.map((l: { title: string }) => l.title).sort()).toEqual(names.map((n) => `Page ${n}`).sort())
    // Nothing was added twice, though the first fetches of some pages were cut off.
    expect(links).toHaveLength(names.length)
  } finally {
    await second.stop()
    site.stop()
  }
})
