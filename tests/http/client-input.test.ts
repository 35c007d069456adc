// What a client writes into its headers cannot break a page or make it a new client (contract 14,
// issue 53 findings 5 and 11): a malformed dashboard cookie is ignored, and behind TRUST_PROXY an
// X-Forwarded-For entry that is no IP address counts for nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { forwardedClient } from '../../src/http/client-address'
import { startTestApp, type TestApp } from '../support/app'

describe('a malformed dashboard cookie', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.stop())

  test('is ignored: the sign-in page answers and sets a fresh CSRF cookie; a page needing a session sends to sign-in', async () => {
    for (const cookie of ['dashboard_csrf=%', 'dashboard_csrf=%E0%A4%A', 'dashboard_session=%zz; dashboard_csrf=%']) {
      const login = await fetch(`${app.url}/dashboard/login/`, { headers: { cookie }, redirect: 'manual' })
      expect([cookie, login.status]).toEqual([cookie, 200])
      expect(login.headers.get('set-cookie')).toStartWith('dashboard_csrf=')
      const account = await fetch(`${app.url}/dashboard/account/`, { headers: { cookie }, redirect: 'manual' })
      expect([cookie, account.status, account.headers.get('location')]).toEqual([cookie, 303, '/dashboard/login/?next=%2Fdashboard%2Faccount%2F'])
    }
    // A form posted with the broken cookie is refused as a missing CSRF cookie is, not a 500.
    const post = await fetch(`${app.url}/dashboard/login/`, {
      method: 'POST',
      headers: { cookie: 'dashboard_csrf=%', 'content-type': 'application/x-www-form-urlencoded' },
      body: '_csrf=%25&email_address=owner%40example.com',
      redirect: 'manual',
    })
    expect(post.status).toBeGreaterThanOrEqual(400)
    expect(post.status).toBeLessThan(500)
  })
})

describe('X-Forwarded-For behind TRUST_PROXY', () => {
  test('entries that are not IP addresses are skipped', () => {
    expect(forwardedClient('not-an-ip-1', 1)).toBeNull()
    expect(forwardedClient('198.51.100.1, not-an-ip', 1)).toBe('198.51.100.1')
    expect(forwardedClient('2001:db8::1, -2', 1)).toBe('2001:db8::1')
    expect(forwardedClient('203.0.113.7, unknown, 10.0.0.2', 2)).toBe('203.0.113.7')
  })

  test('a made-up entry per request is no new client: the socket address counts', async () => {
    const app = await startTestApp({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '1' })
    try {
      const statuses: number[] = []
      for (let i = 1; i <= 5; i++) statuses.push((await fetch(`${app.url}/healthz`, { headers: { 'x-forwarded-for': `not-an-ip-${i}` } })).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await app.stop()
    }
  })
})
