import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { client, loginToken, startTestApp } from '../support/app'
import { dropTestDatabase, serverEnvFor } from '../support/database'

test('the operator grant command subscribes an address without payment', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'grant-'))
  try {
    const env = { ...process.env, ...(await serverEnvFor(dataDir)) }
    const bad = Bun.spawnSync([process.execPath, 'src/main.ts', 'grant', 'not-an-email'], { env })
    expect(bad.exitCode).toBe(2)
    const unknownPlan = Bun.spawnSync([process.execPath, 'src/main.ts', 'grant', 'op@example.com', '--plan', 'gold'], { env })
    expect(unknownPlan.exitCode).toBe(1)

    const granted = Bun.spawnSync([process.execPath, 'src/main.ts', 'grant', 'Op@Example.com'], { env })
    expect(granted.exitCode).toBe(0)
    expect(granted.stdout.toString()).toContain('granted standard to op@example.com')

    let app = await startTestApp({}, { dataDir })
    let token: string
    try {
      token = await loginToken(app, 'op@example.com')
      const listed = await client(app.url, token).get('/api/v1.0/chatbot-list/')
      expect(listed.status).toBe(200)
    } finally {
      await app.stop()
    }

    // revoke, grant's counterpart: the subscription ends, the account and its token stay.
    const unknown = Bun.spawnSync([process.execPath, 'src/main.ts', 'revoke', 'nobody@example.com'], { env })
    expect(unknown.exitCode).toBe(1)
    const revoked = Bun.spawnSync([process.execPath, 'src/main.ts', 'revoke', 'OP@example.com'], { env })
    expect(revoked.exitCode).toBe(0)
    expect(revoked.stdout.toString()).toContain('subscription of op@example.com ended')
    app = await startTestApp({}, { dataDir })
    try {
      const refused = await client(app.url, token).get('/api/v1.0/chatbot-list/')
      expect(refused.status).toBe(400)
      expect(refused.body.code).toBe('subscription_required')
    } finally {
      await app.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await dropTestDatabase(dataDir)
  }
})
