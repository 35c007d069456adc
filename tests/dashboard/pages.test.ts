import { endSubscription } from '../../src/features/billing/service'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Html } from '@elysiajs/html'
import { sha256 } from '../../src/lib/ids'
import { attr } from '../../src/features/dashboard/html'
import { csvCell, toCsv } from '../../src/lib/csv'
import { client, lastCodeFor, startTestApp, subscribedToken, type TestApp } from '../support/app'
import { CREATION_BODIES, PRICE_LIST } from '../support/chatbots'
import { csrfOf, FormClient, formOf, signIn } from './browser-client'

const EVIL = '<script>alert(1)</script>'
let app: TestApp
let ownerToken: string
let otherToken: string

beforeAll(async () => {
  app = await startTestApp()
  ownerToken = await subscribedToken(app, 'owner@example.com')
  otherToken = await subscribedToken(app, 'other@example.com')
})
afterAll(() => app.stop())

const api = (token: string) => client(app.url, token)

describe('sign-in', () => {
  test('a page needs a session and sends the visitor to sign in, then back', async () => {
    const browser = new FormClient(app.url)
    const page = await browser.get('/dashboard/account/')
    expect(page.status).toBe(303)
    expect(page.response.headers.get('location')).toBe('/dashboard/login/?next=%2Fdashboard%2Faccount%2F')
  })

  test('e-mail code, session cookie stored hashed, sign-out', async () => {
    app.clock.advance(61_000)
    const browser = new FormClient(app.url)
    const login = await browser.get('/dashboard/login/?next=/dashboard/account/')
    expect(login.status).toBe(200)
    expect(login.response.headers.get('content-security-policy')).toContain("script-src 'self'")
    const sent = await browser.post('/dashboard/login/', { _csrf: csrfOf(login.html), email_address: 'owner@example.com', next: '/dashboard/account/' })
    expect(sent.status).toBe(303)
    const codePage = await browser.get(sent.location!)
    expect(codePage.html).toContain('owner@example.com')

    const wrong = await browser.post('/dashboard/login/code/', { _csrf: csrfOf(codePage.html), email_address: 'owner@example.com', code: '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.html).toContain('Invalid or expired login code.')
    expect(wrong.html).toContain('aria-describedby="code-hint code-error"')
    expect(wrong.html).toContain('aria-invalid="true"')

    const code = await lastCodeFor(app, 'owner@example.com')
    const done = await browser.post('/dashboard/login/code/', { _csrf: csrfOf(wrong.html), email_address: 'owner@example.com', code, next: '/dashboard/account/' })
    expect(done.status).toBe(303)
    expect(done.location).toBe('/dashboard/account/')
    const cookie = done.response.headers.getSetCookie().find((c) => c.startsWith('dashboard_session='))!
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('Secure')
    const value = browser.cookies.get('dashboard_session')!
    const rows = await app.ctx.db.selectFrom('dashboard_sessions').selectAll().execute()
    expect(rows.some((r) => r.id_hash === sha256(value))).toBe(true)
    expect(rows.some((r) => r.id_hash === value)).toBe(false)

    const account = await browser.get('/dashboard/account/')
    expect(account.status).toBe(200)
    expect(account.html).toContain('Signed in as <span>owner@example.com</span>')

    const out = await browser.post('/dashboard/logout/', { _csrf: csrfOf(account.html) })
    expect(out.status).toBe(303)
    expect(browser.cookies.has('dashboard_session')).toBe(false)
    expect(await app.ctx.db.selectFrom('dashboard_sessions').where('id_hash', '=', sha256(value)).selectAll().executeTakeFirst()).toBeUndefined()
    // The old cookie no longer opens anything.
    const replay = await fetch(`${app.url}/dashboard/account/`, { headers: { cookie: `dashboard_session=${value}` }, redirect: 'manual' })
    expect(replay.status).toBe(303)
  })

  test('the sign-in form refuses a post without its token', async () => {
    const browser = new FormClient(app.url)
    await browser.get('/dashboard/login/')
    const refused = await browser.post('/dashboard/login/', { email_address: 'owner@example.com' })
    expect(refused.status).toBe(403)
    const forged = await new FormClient(app.url).post('/dashboard/login/', { _csrf: 'x'.repeat(43), email_address: 'owner@example.com' })
    expect(forged.status).toBe(403)
  })

  test('no open redirect after sign-in', async () => {
    const browser = new FormClient(app.url)
    const page = await browser.get('/dashboard/login/?next=//evil.example/')
    expect(page.html).not.toContain('evil.example')
  })

  test('an expired session sends the owner to sign in again', async () => {
    const { client: browser } = await signIn(app, 'owner@example.com')
    app.clock.advance(8 * 24 * 3600_000)
    try {
      expect((await browser.get('/dashboard/chatbots/')).status).toBe(303)
    } finally {
      app.clock.advance(-8 * 24 * 3600_000)
    }
  })
})

describe('onboarding pages', () => {
  test('e-mail, code, payment link, then sign-in', async () => {
    const browser = new FormClient(app.url)
    const page = await browser.get('/dashboard/signup/')
    const started = await browser.post('/dashboard/signup/', { _csrf: csrfOf(page.html), email_address: 'new@example.com' })
    expect(started.status).toBe(303)
    const codePage = await browser.get(started.location!)
    expect(codePage.html).toContain('new@example.com')
    const wrong = await browser.post('/dashboard/signup/verify/', { _csrf: csrfOf(codePage.html), email_address: 'new@example.com', code: '1' })
    expect(wrong.status).toBe(400)
    expect(wrong.html).toContain('Invalid verification code.')
    const verified = await browser.post('/dashboard/signup/verify/', {
      _csrf: csrfOf(codePage.html),
      email_address: 'new@example.com',
      code: await lastCodeFor(app, 'new@example.com'),
    })
    expect(verified.status).toBe(303)
    expect(verified.location).toContain('/billing/checkout/')
    const paid = await fetch(verified.location!, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
    expect(paid.headers.get('location')).toBe(`${app.url}/dashboard/welcome/?status=success`)
    // Back from payment signed in: no second code.
    const welcome = await browser.get('/dashboard/welcome/?status=success')
    expect(welcome.html).toContain('Payment received')
    expect(welcome.html).toContain('you are signed in')
    expect((await browser.get('/dashboard/chatbots/')).html).toContain('No chatbots yet')
    // A browser that did not verify the code is not signed in by the welcome page.
    expect((await new FormClient(app.url).get('/dashboard/welcome/?status=success')).html).not.toContain('you are signed in')
  })

  test('an invalid address is shown next to the field', async () => {
    const browser = new FormClient(app.url)
    const page = await browser.get('/dashboard/signup/')
    const refused = await browser.post('/dashboard/signup/', { _csrf: csrfOf(page.html), email_address: 'not-an-address' })
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('id="email-error"')
    expect(refused.html).toContain('Enter a valid email address.')
  })
})

describe('chatbot pages', () => {
  let browser: FormClient
  let csrf: string
  beforeAll(async () => {
    ;({ client: browser, csrf } = await signIn(app, 'owner@example.com'))
  })

  const knowledgeForm = (name: string) => ({
    _csrf: csrf,
    chatbot_name: name,
    chatbot_greeting: 'Hello & welcome',
    chatbot_instructions: 'Ask about the manual',
    business_industry: 'Software',
    chatbot_color1: '#1F6FEB',
    chatbot_color2: '#ffffff',
    user_allowance: '',
  })

  test('a post without the CSRF token is refused with 403 and changes nothing', async () => {
    const before = (await api(ownerToken).get('/api/v1.0/chatbot-list/')).body.chatbots.length
    const { _csrf, ...withoutToken } = knowledgeForm('No token')
    expect((await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', withoutToken)).status).toBe(403)
    expect((await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', { ...withoutToken, _csrf: 'forged' })).status).toBe(403)
    // Another session's token does not fit this session.
    const other = await signIn(app, 'other@example.com')
    expect((await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', { ...withoutToken, _csrf: other.csrf })).status).toBe(403)
    expect((await api(ownerToken).get('/api/v1.0/chatbot-list/')).body.chatbots.length).toBe(before)
  })

  test('creation shows the API validation next to the field', async () => {
    const refused = await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', { ...knowledgeForm('   '), chatbot_greeting: '' })
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('There is a problem')
    expect(refused.html).toMatch(/<p class="field-error" id="f-chatbot_name-error">.*is required/)
    expect(refused.html).toContain('aria-describedby="f-chatbot_name-error"')
    expect(refused.html).toContain('href="#f-chatbot_name"')
  })

  test('a bad price in the second row is shown on that row', async () => {
    const form: Record<string, string> = {
      _csrf: csrf,
      chatbot_name: 'Shop',
      chatbot_greeting: 'Hi',
      chatbot_instructions: 'Ask',
      business_industry: 'Retail',
      business_website: 'https://shop.example',
      plan_rows: '3',
      'plan-0-name': 'A',
      'plan-0-excl': '1',
      'plan-0-incl': '1.2',
      'plan-1-name': 'B',
      'plan-1-excl': 'ten',
      'plan-1-incl': '12',
      chatbot_color1: '#1f6feb',
      chatbot_color2: '#ffffff',
    }
    const refused = await browser.post('/dashboard/chatbots/new/business-enquiries/', form)
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('id="plan-1-excl-error"')
    // The add-row button grows the list without creating anything.
    const grown = await browser.post('/dashboard/chatbots/new/business-enquiries/', { ...form, add: 'plan' })
    expect(grown.status).toBe(200)
    expect(grown.html).toContain('id="plan-3-name"')
    expect(grown.html).toContain('value="ten"')
  })

  let evilId: string
  test('a malicious name is shown as text on every page', async () => {
    const created = await browser.post('/dashboard/chatbots/new/knowledge-retrieval/', knowledgeForm(EVIL))
    expect(created.status).toBe(303)
    evilId = /\/dashboard\/chatbots\/([^/]+)\//.exec(created.location!)![1]
    const got = await api(ownerToken).get(`/api/v1.0/chatbot-get/${evilId}/`)
    expect(got.body.chatbot_name).toBe(EVIL)
    expect(got.body.chatbot_color1).toBe('#1f6feb')
    expect(got.body.user_allowance).toBe(100)
    for (const path of [
      '/dashboard/chatbots/',
      `/dashboard/chatbots/${evilId}/`,
      `/dashboard/chatbots/${evilId}/training/`,
      `/dashboard/chatbots/${evilId}/delete/`,
      `/dashboard/chatbots/${evilId}/edit/`,
      '/dashboard/account/',
    ]) {
      const page = await browser.get(path)
      expect(page.status).toBe(200)
      expect(page.html).not.toContain(EVIL)
      expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    }
    // The greeting keeps its ampersand exactly through the form.
    expect((await browser.get(`/dashboard/chatbots/${evilId}/edit/`)).html).toContain('Hello &amp; welcome</textarea>')
  })

  test('the overview links to the one settings form, which saves through editChatbot with errors next to the field', async () => {
    const overview = await browser.get(`/dashboard/chatbots/${evilId}/`)
    expect(overview.html).toContain(`href="/dashboard/chatbots/${evilId}/edit/"`)
    // No second, shorter settings form on the overview.
    expect(overview.html).not.toContain('name="chatbot_name"')
    expect(overview.html).not.toContain('/settings/')
    const editUrl = `/dashboard/chatbots/${evilId}/edit/`
    const form = {
      ...Object.fromEntries(formOf((await browser.get(editUrl)).html)),
      chatbot_name: 'Manual helper',
      chatbot_title: 'Help',
      chatbot_greeting: 'Hi',
      user_allowance: '50',
      chatbot_color1: '#000000',
    }
    const bad = await browser.post(editUrl, { ...form, user_allowance: '0' })
    expect(bad.status).toBe(400)
    expect(bad.html).toMatch(/id="f-user_allowance-error">.*must be at least 1/)
    expect((await api(ownerToken).get(`/api/v1.0/chatbot-get/${evilId}/`)).body.chatbot_name).toBe(EVIL)
    const saved = await browser.post(editUrl, form)
    expect(saved.status).toBe(303)
    const got = (await api(ownerToken).get(`/api/v1.0/chatbot-get/${evilId}/`)).body
    expect(got).toMatchObject({ chatbot_name: 'Manual helper', chatbot_title: 'Help', user_allowance: 50, chatbot_color1: '#000000' })
    const after = (await browser.get(saved.location!)).html
    expect(after).toContain('Settings saved.')
    // The overview sums up what was saved.
    expect(after).toMatch(/<dt>Title in the chat window<\/dt>\s*<dd>Help<\/dd>/)
  })

  test("another account's chatbot answers 403, a missing one 404", async () => {
    const theirs = (await api(otherToken).post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])).body.chatbot_id
    for (const path of [
      `/dashboard/chatbots/${theirs}/`,
      `/dashboard/chatbots/${theirs}/training/`,
      `/dashboard/chatbots/${theirs}/delete/`,
      `/dashboard/chatbots/${theirs}/preview/`,
    ]) {
      const page = await browser.get(path)
      expect(page.status).toBe(403)
      expect(page.html).toContain('Access Denied')
    }
    expect((await browser.post(`/dashboard/chatbots/${theirs}/delete/`, { _csrf: csrf })).status).toBe(403)
    expect((await browser.post(`/dashboard/chatbots/${theirs}/edit/`, { _csrf: csrf, chatbot_name: 'Mine now' })).status).toBe(403)
    expect((await api(otherToken).get(`/api/v1.0/chatbot-get/${theirs}/`)).body.chatbot_name).toBe('Helper')
    expect((await browser.get('/dashboard/chatbots/00000000-0000-4000-8000-000000000000/')).status).toBe(404)
  })

  test('delete asks first, then deletes', async () => {
    const id = (await api(ownerToken).post('/api/v1.0/api-knowledge-retrieval/', CREATION_BODIES['/api/v1.0/api-knowledge-retrieval/'])).body.chatbot_id
    const confirm = await browser.get(`/dashboard/chatbots/${id}/delete/`)
    expect(confirm.html).toContain('This cannot be undone.')
    const done = await browser.post(`/dashboard/chatbots/${id}/delete/`, { _csrf: csrfOf(confirm.html) })
    expect(done.status).toBe(303)
    expect((await api(ownerToken).get(`/api/v1.0/chatbot-get/${id}/`)).status).toBe(404)
  })

  test('calendars: add with a field error, list, delete', async () => {
    const id = (await api(ownerToken).post('/api/v1.0/api-appointment-calendar/', CREATION_BODIES['/api/v1.0/api-appointment-calendar/'])).body.chatbot_id
    const page = await browser.get(`/dashboard/chatbots/${id}/calendars/`)
    expect(page.html).toContain('Consultations')
    const row = {
      _csrf: csrfOf(page.html),
      'calendar-0-calendar_name': 'Repairs',
      'calendar-0-calendar_email': 'repairs@example.com',
      'calendar-0-daily_start': '9:00 AM',
      'calendar-0-daily_end': '8:00 AM',
      'calendar-0-local_timezone': 'Europe/Paris',
      'calendar-0-min60App': 'true',
    }
    const bad = await browser.post(`/dashboard/chatbots/${id}/calendars/`, row)
    expect(bad.status).toBe(400)
    expect(bad.html).toMatch(/id="calendar-0-daily_end-error">.*must be later than the opening time/)
    expect((await browser.post(`/dashboard/chatbots/${id}/calendars/`, { ...row, 'calendar-0-daily_end': '5:00 PM' })).status).toBe(303)
    const listed = (await api(ownerToken).get(`/api/v1.0/chatbot-calendar-view/${id}/`)).body.calendar_list
    expect(listed.map((c: { name: string }) => c.name)).toEqual(['Consultations', 'Repairs'])
    const repairs = listed.find((c: { name: string }) => c.name === 'Repairs')
    expect((await browser.post(`/dashboard/chatbots/${id}/calendars/${repairs.calendar_id}/delete/`, { _csrf: csrf })).status).toBe(303)
    expect((await api(ownerToken).get(`/api/v1.0/chatbot-calendar-view/${id}/`)).body.calendar_list).toHaveLength(1)
  })
})

describe('account page', () => {
  test('a token is shown once, works, and can be revoked', async () => {
    const { client: browser, csrf } = await signIn(app, 'other@example.com')
    const created = await browser.post('/dashboard/account/tokens/', { _csrf: csrf, label: 'Website <backend>' })
    expect(created.status).toBe(200)
    const token = /id="new-token" type="text" readonly value="([^"]+)"/.exec(created.html)![1]
    expect(created.html).toContain('Website &lt;backend&gt;')
    expect((await api(token).get('/api/v1.0/chatbot-list/')).status).toBe(200)
    const page = await browser.get('/dashboard/account/')
    expect(page.html).not.toContain(token)
    const tokenId = (await app.ctx.db.selectFrom('api_tokens').select('id').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).id
    // Another account cannot revoke it.
    const owner = await signIn(app, 'owner@example.com')
    expect((await owner.client.post(`/dashboard/account/tokens/${tokenId}/revoke/`, { _csrf: owner.csrf })).status).toBe(403)
    expect((await api(token).get('/api/v1.0/chatbot-list/')).status).toBe(200)
    const revoked = await browser.post(`/dashboard/account/tokens/${tokenId}/revoke/`, { _csrf: csrf })
    expect(revoked.status).toBe(303)
    expect((await api(token).get('/api/v1.0/chatbot-list/')).status).toBe(401)
    const after = await browser.get(revoked.location!)
    expect(after.html).toContain('Token revoked.')
    expect(after.html).toContain('Chatbots created')
  })
})

describe('records and CSV exports', () => {
  test('leads: quote links, webhook status, CSV with formula cells neutralised', async () => {
    const id = (await api(ownerToken).post('/api/v1.0/api-quote-generation/', CREATION_BODIES['/api/v1.0/api-quote-generation/'])).body.chatbot_id
    const quote = await client(app.url).post(`/api/v1.0/chat/${id}/quote/`, {
      visitor_id: 'v1',
      client_name: '=HYPERLINK("http://evil.example","Click")',
      client_email: 'client@example.com',
      items: [{ name: PRICE_LIST[0]['Product/Service Name'], quantity: 2 }],
    })
    expect(quote.status).toBe(200)
    const { client: browser } = await signIn(app, 'owner@example.com')
    const page = await browser.get(`/dashboard/chatbots/${id}/leads/`)
    expect(page.html).toContain(quote.body.quote_url)
    expect(page.html).toContain('data-status="none"')
    const csv = await browser.get(`/dashboard/chatbots/${id}/leads/csv/`)
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.response.headers.get('content-disposition')).toStartWith('attachment; filename="Helper-leads-')
    const lines = csv.html
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'lead_id,quote_number,created_at,client_name,client_email,currency,total_excluding_vat,total_including_vat,quote_id,quote_url,webhook_status,webhook_attempts',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",client@example.com,€,200.00,240.00,${quote.body.quote_id},${quote.body.quote_url},none,0`)
    // Another account gets neither the page nor the file.
    const other = await signIn(app, 'other@example.com')
    expect((await other.client.get(`/dashboard/chatbots/${id}/leads/csv/`)).status).toBe(403)
  })

  test('submissions: answers as columns, in the page and the CSV', async () => {
    const id = (await api(ownerToken).post('/api/v1.0/api-data-collection/', CREATION_BODIES['/api/v1.0/api-data-collection/'])).body.chatbot_id
    const chat = client(app.url)
    let session: string | undefined
    for (const message of ['hi', 'Ada, "the" first', '36', 'yes']) {
      const reply = await chat.post(`/api/v1.0/chat/${id}/`, { visitor_id: 'v2', message, ...(session ? { session_id: session } : {}) })
      expect(reply.status).toBe(200)
      session = reply.body.session_id
    }
    const { client: browser } = await signIn(app, 'owner@example.com')
    const page = await browser.get(`/dashboard/chatbots/${id}/submissions/`)
    expect(page.html).toContain('Ada, &quot;the&quot; first')
    const csv = await browser.get(`/dashboard/chatbots/${id}/submissions/csv/`)
    const lines = csv.html
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('submission_id,created_at,Name,Age,Subscribe')
    expect(lines[1]).toEndWith(',"Ada, ""the"" first",36,true')
  })
})

describe('a lapsed subscription', () => {
  test('pages explain it and link to renewal, which goes straight to payment', async () => {
    const token = await subscribedToken(app, 'lapsed@example.com')
    expect(token).toBeTruthy()
    const { client: browser } = await signIn(app, 'lapsed@example.com')
    const account = await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'lapsed@example.com').executeTakeFirstOrThrow()
    await endSubscription(app.ctx, account.id)
    const page = await browser.get('/dashboard/chatbots/')
    expect(page.status).toBe(400)
    expect(page.html).toContain('href="/dashboard/signup/"')
    // In plain words: the API's text, which sends programs to an endpoint, is not shown.
    expect(page.html).toContain('Your subscription is not active.')
    expect(page.html).not.toContain('endpoint')
    const signup = await browser.get('/dashboard/signup/')
    const renewal = await browser.post('/dashboard/signup/', { _csrf: csrfOf(signup.html), email_address: 'lapsed@example.com' })
    expect(renewal.status).toBe(303)
    expect(renewal.location).toContain('/billing/checkout/')
  })
})

describe('plumbing', () => {
  test('dashboard routes stay out of the OpenAPI document', async () => {
    const doc = await (await fetch(`${app.url}/swagger/json`)).json()
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/dashboard'))).toBe(false)
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5)
  })

  test('assets are served', async () => {
    const css = await fetch(`${app.url}/dashboard/assets/dashboard.css`)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await css.text()).toContain('.skip-link')
  })

  test('attribute values are fully escaped, text children only with safe', () => {
    // What `<input value={attr(x)} />` and `<p safe>{x}</p>` compile to.
    expect(String(Html.createElement('input', { value: attr('a&amp;"b<') }))).toBe('<input value="a&amp;amp;&quot;b&lt;"/>')
    expect(String(Html.createElement('p', { safe: true }, EVIL))).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')
    expect(String(Html.createElement('p', null, EVIL))).toBe(`<p>${EVIL}</p>`)
  })

  test('CSV cells', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(-3)).toBe('-3')
    expect(toCsv(['x'], [['line\nbreak']], { bom: true })).toBe('\uFEFFx\r\n"line\nbreak"\r\n')
  })
})

describe('over https', () => {
  test('the session cookie is Secure and host-only', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://dashboard.example' })
    try {
      // Onboard by hand: the payment URL names the public host, which the test reaches on loopback.
      const open = client(secure.url)
      await open.post('/api/v1.0/create-subscription/', { email_address: 'owner@example.com', return_url: 'https://shop.example/' })
      const verified = await open.post('/api/v1.0/verification-code/', {
        email_address: 'owner@example.com',
        code: await lastCodeFor(secure, 'owner@example.com'),
        return_url: 'https://shop.example/',
      })
      await fetch(verified.body.payment_url.replace('https://dashboard.example', secure.url), { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' })
      const browser = new FormClient(secure.url)
      const page = await browser.get('/dashboard/login/')
      expect(page.response.headers.get('set-cookie')).toStartWith('__Host-dashboard_csrf=')
      const sent = await browser.post('/dashboard/login/', { _csrf: csrfOf(page.html), email_address: 'owner@example.com' })
      const done = await browser.post('/dashboard/login/code/', {
        _csrf: csrfOf(page.html),
        email_address: 'owner@example.com',
        code: await lastCodeFor(secure, 'owner@example.com'),
      })
      expect(sent.status).toBe(303)
      expect(done.status).toBe(303)
      const cookie = done.response.headers.get('set-cookie')!
      expect(cookie).toStartWith('__Host-dashboard_session=')
      expect(cookie).toContain('; Secure')
      expect(cookie).toContain('Path=/')
    } finally {
      await secure.stop()
    }
  })
})
