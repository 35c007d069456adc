import { lastCodeFor, type TestApp } from '../support/app'

/** A cookie-keeping HTTP client that behaves like a browser without JavaScript. */
export class FormClient {
  readonly cookies = new Map<string, string>()
  constructor(readonly base: string) {}

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  private headers(extra: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    return { ...(cookie ? { cookie } : {}), ...extra }
  }

  async get(path: string): Promise<{ status: number; html: string; response: Response }> {
    const response = await fetch(this.base + path, { headers: this.headers(), redirect: 'manual' })
    this.remember(response)
    return { status: response.status, html: await response.text(), response }
  }

  /** Posts a form (urlencoded, or multipart when a File is among the values). */
  async post(path: string, fields: Record<string, string | File | File[]>): Promise<{ status: number; html: string; location: string | null; response: Response }> {
    const multipart = Object.values(fields).some((v) => v instanceof File || Array.isArray(v))
    let body: BodyInit
    if (multipart) {
      const form = new FormData()
      for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item)
      body = form
    } else body = new URLSearchParams(fields as Record<string, string>)
    const response = await fetch(this.base + path, { method: 'POST', headers: this.headers(), body, redirect: 'manual' })
    this.remember(response)
    return { status: response.status, html: await response.text(), location: response.headers.get('location'), response }
  }
}

/** The CSRF token of the first form on a page. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html)
  if (!m) throw new Error('no CSRF field on the page')
  return m[1]
}

/** Signs in through the pages with the code from the outbox; the account must be subscribed. */
export async function signIn(app: TestApp, email: string): Promise<{ client: FormClient; csrf: string }> {
  // A login code may have gone out in the last minute (subscribedToken logs in); codes are resent after 60 s.
  app.clock.advance(61_000)
  const client = new FormClient(app.url)
  const page = await client.get('/dashboard/login/')
  const sent = await client.post('/dashboard/login/', { _csrf: csrfOf(page.html), email_address: email })
  if (sent.status !== 303) throw new Error(`login step 1: ${sent.status} ${sent.html.slice(0, 300)}`)
  const codePage = await client.get(sent.location!)
  const done = await client.post('/dashboard/login/code/', { _csrf: csrfOf(codePage.html), email_address: email, code: await lastCodeFor(app, email) })
  if (done.status !== 303) throw new Error(`login step 2: ${done.status} ${done.html.slice(0, 300)}`)
  const landing = await client.get(done.location!)
  return { client, csrf: csrfOf(landing.html) }
}

/** The form's fields as the browser would send them back, from the page's own inputs. */
export function formOf(html: string): Map<string, string> {
  const fields = new Map<string, string>()
  for (const input of html.matchAll(/<input[^>]*>/g)) {
    const tag = input[0]
    const name = /name="([^"]*)"/.exec(tag)?.[1]
    if (!name || /type="(file|checkbox)"/.test(tag)) continue
    fields.set(
      name,
      (/value="([^"]*)"/.exec(tag)?.[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    )
  }
  for (const area of html.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields.set(
      area[1],
      area[2]
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    )
  for (const select of html.matchAll(/<select[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option value="([^"]*)" selected/.exec(select[2]) ?? /<option value="([^"]*)"/.exec(select[2])
    if (chosen) fields.set(select[1], chosen[1])
  }
  for (const checked of html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(checked[0])?.[1]
    if (name && /\bchecked\b/.test(checked[0])) fields.set(name, 'true')
  }
  return fields
}
