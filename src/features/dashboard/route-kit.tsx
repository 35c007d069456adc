import { Html } from '@elysiajs/html'
import type { AppContext } from '../../context'
import { AppError, type ErrorCode } from '../../http/errors'
import { readDeferredBody } from '../../http/json-body'
import { CSRF_FIELD, tokensMatch } from './csrf'
import { htmlPage, seeOther } from './html'
import { Layout } from './layout'
import { withNotice, type NoticeKey } from './notices'
import { currentViewer, type Viewer } from './session'

/** Dashboard routes stay out of the OpenAPI document. */
export const HIDDEN = { detail: { hide: true } } as const

export interface RequestParts {
  request: Request
  params: Record<string, string>
  query: Record<string, string | undefined>
  body: unknown
}

export interface SignedIn extends RequestParts {
  viewer: Viewer
}

/** A text field of a parsed form body ('' when absent). */
export function formText(body: unknown, name: string): string {
  if (body === null || typeof body !== 'object') return ''
  const value = (body as Record<string, unknown>)[name]
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : ''
}

/** Every file of a form field that holds one (a file input left empty sends a nameless, empty part). */
export function formFiles(body: unknown, name: string): File[] {
  if (body === null || typeof body !== 'object') return []
  const value = (body as Record<string, unknown>)[name]
  const list = Array.isArray(value) ? value : [value]
  return list.filter((v): v is File => v instanceof Blob && (v.size > 0 || ((v as File).name ?? '') !== '')) as File[]
}

export function ErrorView(props: { status: number; message: string; code?: ErrorCode; viewer: Viewer | null }): JSX.Element {
  const title = props.status === 403 ? 'Access denied' : props.status === 404 ? 'Not found' : 'Something went wrong'
  return (
    <Layout title={title} viewer={props.viewer}>
      <h1 safe>{title}</h1>
      {/* The API's subscription text sends programs to an endpoint; people get the sentence below. */}
      {props.code === 'subscription_required' ? '' : <p safe>{props.message}</p>}
      {props.code === 'subscription_required' ? (
        <p>
          Your subscription is not active. <a href="/dashboard/signup/">Renew your subscription</a> to keep using your chatbots.
        </p>
      ) : (
        ''
      )}
      <p>
        <a href={props.viewer ? '/dashboard/chatbots/' : '/dashboard/login/'}>Back to the dashboard</a>
      </p>
    </Layout>
  )
}

export const errorPage = (ctx: AppContext, status: number, message: string, viewer: Viewer | null, code?: ErrorCode) =>
  htmlPage(ctx.config.publicUrl, <ErrorView status={status} message={message} code={code} viewer={viewer} />, status)

export const CSRF_REFUSED = 'This form has expired or did not come from this dashboard. Go back, reload the page and try again.'

/** Only same-site dashboard paths may be a post-sign-in destination (no open redirect). */
export const safeNext = (value: string | undefined): string => (value && /^\/dashboard\/[^\\]*$/.test(value) && !value.startsWith('//') ? value : '/dashboard/chatbots/')

/**
 * Wraps a page of a signed-in owner: no session sends GET to the sign-in page (and back after),
 * a POST must echo the session's CSRF token (else 403), and a service's AppError becomes an HTML
 * page with its status: 403 for another account's chatbot, 404 for a missing one.
 */
export function signedIn(ctx: AppContext, handler: (parts: SignedIn) => Promise<Response>) {
  return async (parts: RequestParts): Promise<Response> => {
    const viewer = await currentViewer(ctx, parts.request)
    if (!viewer) {
      const url = new URL(parts.request.url)
      const next = parts.request.method === 'GET' ? `?next=${encodeURIComponent(url.pathname + url.search)}` : ''
      return seeOther(`/dashboard/login/${next}`)
    }
    // A creation or settings form (up to 5 MiB) is read only once the session is known (http/json-body.ts).
    parts = { ...parts, body: await readDeferredBody(parts.body) }
    if (parts.request.method !== 'GET' && !tokensMatch(viewer.csrf, formText(parts.body, CSRF_FIELD))) {
      ctx.log.warn('dashboard.csrf_refused', { account_id: viewer.accountId, path: new URL(parts.request.url).pathname })
      return errorPage(ctx, 403, CSRF_REFUSED, viewer)
    }
    try {
      return await handler({ ...parts, viewer })
    } catch (error) {
      if (error instanceof AppError) return errorPage(ctx, error.status, error.message, viewer, error.code)
      throw error
    }
  }
}

/**
 * The route of a one-button form (delete, revoke): `run` acts for the signed-in owner, then the
 * browser goes `back` to the page of the button, which shows the notice.
 */
export function buttonRoute(ctx: AppContext, route: { run: (parts: SignedIn) => Promise<unknown>; back: (params: Record<string, string>) => string; notice: NoticeKey }) {
  return signedIn(ctx, async (parts) => {
    await route.run(parts)
    return seeOther(withNotice(route.back(parts.params), route.notice))
  })
}
