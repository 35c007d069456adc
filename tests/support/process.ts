import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from './app'
import { serverEnvFor } from './database'

/** The real server as a child process (`bun src/main.ts serve`), so a test can kill -9 it. */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}, port?: number) {
  const listenPort = port ?? (await freePort())
  const url = `http://127.0.0.1:${listenPort}`
  const databaseEnv = env.DATABASE_URL ? {} : await serverEnvFor(dataDir)
  const child = Bun.spawn([process.execPath, 'src/main.ts', 'serve'], {
    env: {
      ...process.env,
      ...databaseEnv,
      DATA_DIR: dataDir,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '0',
      RATE_LIMIT_PER_TOKEN: '0',
      ...env,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {}
    if (i > 200) throw new Error(`server did not start: ${await new Response(child.stderr).text()}`)
    await Bun.sleep(50)
  }
  return {
    url,
    port: listenPort,
    child,
    kill9: async () => {
      child.kill(9)
      await child.exited
    },
  }
}

/** Grants a subscription with the operator command and logs in through the e-mailed code. */
export async function grantedToken(server: { url: string }, dataDir: string, email: string, env: Record<string, string> = {}): Promise<string> {
  const databaseEnv = env.DATABASE_URL ? { DATA_DIR: dataDir } : await serverEnvFor(dataDir)
  const grant = Bun.spawnSync([process.execPath, 'src/main.ts', 'grant', email], { env: { ...process.env, ...databaseEnv, ...env } })
  if (grant.exitCode !== 0) throw new Error(grant.stderr.toString())
  const post = (body: unknown) => fetch(`${server.url}/api/v1.0/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const outbox = join(dataDir, 'outbox')
  const mails = () =>
    readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
  const before = new Set(mails())
  await post({ email_address: email })
  // The code is mailed by a job after the answer, and the file may still be being written when it
  // appears: wait for a new file that holds a login code for this address.
  let code: string | undefined
  for (let i = 0; i < 200 && code === undefined; i++) {
    for (const file of mails().filter((f) => !before.has(f))) {
      const text = readFileSync(join(outbox, file), 'utf8')
      if (text.includes(email)) code ??= /is (\d{6})/.exec(text)?.[1]
    }
    if (code === undefined) await Bun.sleep(25)
  }
  if (code === undefined) throw new Error(`no login code reached the outbox for ${email}`)
  const reply = await (await post({ email_address: email, code })).json()
  return reply.token
}
