// Contract 14: an owner's or a visitor's file is served to the chatbot's owner only (the API
// token or the dashboard session); where its URL must leave the service (a webhook payload, an
// e-mail to the owner) it carries an expiry and an HMAC under the server key instead.
import { Type as T } from '@sinclair/typebox'
import type { AppContext } from '../context'
import { DAY } from '../lib/clock'
import { sameHash } from '../lib/ids'

/** How long a signed file URL opens its file. */
export const SIGNED_URL_LIFETIME_MS = 7 * DAY

/** The account a request is signed in as (its token, else its dashboard session), or null; handed in by the composition root. */
export type RequestAccount = (ctx: AppContext, request: Request) => Promise<string | null>

/** The query a private file's route declares: both present, or the owner's credentials decide. */
export const SignedFileQuery = T.Object({
  expires: T.Optional(T.String({ description: 'Unix seconds after which a signed link no longer opens the file' })),
  signature: T.Optional(T.String({ description: 'HMAC-SHA256 of the path and expiry under the server key' })),
})

// The purpose prefix keeps these MACs apart from the login codes' MACs under the same key.
const signatureOf = (ctx: AppContext, path: string, expires: string) => ctx.keys.mac(`signed-file-url\n${path}\n${expires}`)

/** The absolute URL of `path` (`/media/...`) that opens it for 7 days from now without credentials. */
export function signedFileUrl(ctx: AppContext, path: string): string {
  const expires = String(Math.floor((ctx.clock.now().getTime() + SIGNED_URL_LIFETIME_MS) / 1000))
  return `${ctx.config.publicUrl}${path}?expires=${expires}&signature=${signatureOf(ctx, path, expires)}`
}

/** Whether the query signs this very path and has not expired by the service's clock. */
export function validSignature(ctx: AppContext, path: string, query: { expires?: string; signature?: string }): boolean {
  const { expires, signature } = query
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false
  if (Number(expires) * 1000 <= ctx.clock.now().getTime()) return false
  return sameHash(signature, signatureOf(ctx, path, expires))
}

/**
 * May this request read a file of `ownerAccountId` at `path`? A valid signature opens it; otherwise
 * only the owner's own credentials do. Everyone else is told the file does not exist (404).
 */
export async function mayReadPrivateFile(
  ctx: AppContext,
  request: Request,
  file: { path: string; ownerAccountId: string },
  query: { expires?: string; signature?: string },
  accountOf: RequestAccount,
): Promise<boolean> {
  if (query.expires !== undefined || query.signature !== undefined) return validSignature(ctx, file.path, query)
  return (await accountOf(ctx, request)) === file.ownerAccountId
}

/**
 * A private file: kept by no cache, not for other origins. A visitor's file is sandboxed so it never
 * runs as our page; `sandbox: false` for a checked PDF, which browsers will not show sandboxed.
 */
export const privateFileResponse = (bytes: Uint8Array, mime: string, opts: { disposition?: string; sandbox?: boolean } = {}) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': mime,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      ...(opts.sandbox === false ? {} : { 'content-security-policy': "default-src 'none'; sandbox" }),
      ...(opts.disposition ? { 'content-disposition': opts.disposition } : {}),
    },
  })
