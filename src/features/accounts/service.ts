import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import { parse } from '../../http/validate'
import { type CreateSubscriptionBody, LoginBody, type VerificationCodeBody } from './model'
import type { Db } from '../../db/database'
import { accountById, accountByEmail, countChatbotCreated, insertAccountIfNew, insertToken, liveToken, markVerified, revokeTokenRow, tokensOf, upsertVerifiedAccount } from './repo'
import { badRequest, forbidden, rateLimited } from '../../http/errors'
import { normaliseEmail } from '../../lib/email'
import { newId, newToken, sha256 } from '../../lib/ids'
import { activeSubscription, planById, startCheckout } from '../billing/service'
import { consumeCode, issueCode, recentlySent } from './codes'
import { LOGIN_CODE_JOB, type LoginCodePayload } from './login-code-job'
import { ALREADY_SUBSCRIBED, CODE_EXPIRED, codeSent, INVALID_CODE, INVALID_LOGIN_CODE, LOGIN_CODE_SENT, WAIT_BEFORE_RESEND } from './texts'

/** Codes arrive as integers or digit strings. */
function codeText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value)
  if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return value.trim()
  return null
}

export async function findAccount(ctx: AppContext, email: string) {
  return accountByEmail(ctx.db, email)
}

export async function createSubscription(ctx: AppContext, input: Static<typeof CreateSubscriptionBody>): Promise<{ response: string } | { payment_url: string }> {
  const email = normaliseEmail(input.email_address)
  const returnUrl = input.return_url
  const plan = planById(ctx, input.plan)
  const account = await findAccount(ctx, email)

  if (account?.verified_at) {
    if (await activeSubscription(ctx, account.id)) throw badRequest(ALREADY_SUBSCRIBED)
    return { payment_url: await startCheckout(ctx, account, plan, returnUrl) }
  }
  if (await recentlySent(ctx, email, 'signup')) throw rateLimited(WAIT_BEFORE_RESEND, 60)
  if (!account) {
    await insertAccountIfNew(ctx.db, { id: newId(), email, verified_at: null, chatbots_created: 0, created_at: ctx.clock.now().toISOString() })
  }
  await issueCode(ctx, email, 'signup')
  return { response: codeSent(email) }
}

export async function verifyCode(ctx: AppContext, input: Static<typeof VerificationCodeBody>): Promise<{ payment_url: string }> {
  const email = normaliseEmail(input.email_address)
  const returnUrl = input.return_url
  const plan = planById(ctx, input.plan)
  const code = codeText(input.code)
  const account = await findAccount(ctx, email)
  if (!code || !account) throw badRequest(INVALID_CODE, undefined, 'code')
  const outcome = await consumeCode(ctx, email, 'signup', code)
  if (outcome === 'expired') throw badRequest(CODE_EXPIRED, undefined, 'code')
  if (outcome === 'invalid') throw badRequest(INVALID_CODE, undefined, 'code')
  if (!account.verified_at) {
    await markVerified(ctx.db, account.id, ctx.clock.now().toISOString())
  }
  ctx.log.info('account.verified', { account_id: account.id })
  if (await activeSubscription(ctx, account.id)) throw badRequest(ALREADY_SUBSCRIBED)
  return { payment_url: await startCheckout(ctx, account, plan, returnUrl) }
}

/**
 * Step one queues a job for any address and answers alike (the job sends a code to subscribed
 * accounts only: login-code-job.ts); step two trades the code for a token.
 */
export async function login(ctx: AppContext, input: Static<typeof LoginBody>): Promise<{ response: string } | { token: string }> {
  const email = normaliseEmail(input.email_address)
  if (input.code === undefined || input.code === null || input.code === '') {
    await ctx.jobs.enqueue<LoginCodePayload>(ctx.db, LOGIN_CODE_JOB, { email })
    ctx.jobs.kick()
    return { response: LOGIN_CODE_SENT }
  }
  return { token: await createToken(ctx, await verifyLoginCode(ctx, email, input.code), 'login') }
}

/** Step two of login, shared by the API (which then mints a token) and the dashboard (which opens a session). */
export async function verifyLoginCode(ctx: AppContext, email: string, codeInput: unknown): Promise<string> {
  const code = codeText(typeof codeInput === 'string' ? codeInput.replace(/\s+/g, '') : codeInput)
  const account = await findAccount(ctx, email)
  if (!code || !account || !(await activeSubscription(ctx, account.id))) throw badRequest(INVALID_LOGIN_CODE, undefined, 'code')
  const outcome = await consumeCode(ctx, email, 'login', code)
  if (outcome !== 'ok') throw badRequest(INVALID_LOGIN_CODE, undefined, 'code')
  return account.id
}

/** A new API token; only its hash is kept, so this is the one time it is seen. */
export async function createToken(ctx: AppContext, accountId: string, label: string): Promise<string> {
  const token = newToken()
  await insertToken(ctx.db, { id: newId(), account_id: accountId, token_hash: sha256(token), label, created_at: ctx.clock.now().toISOString(), revoked_at: null })
  ctx.log.info('token.created', { account_id: accountId, label })
  return token
}

/** Revokes one of the account's own tokens; another account's token id is refused. */
export async function revokeToken(ctx: AppContext, accountId: string, tokenId: string): Promise<void> {
  if (!(await revokeTokenRow(ctx.db, accountId, tokenId, ctx.clock.now().toISOString()))) throw forbidden()
}

export interface TokenRow {
  id: string
  label: string
  created_at: string
  revoked_at: string | null
}

export async function listTokens(ctx: AppContext, accountId: string): Promise<TokenRow[]> {
  return tokensOf(ctx.db, accountId)
}

/** The account a login code belongs to, from the dashboard's form (checked against the login model). */
export async function accountForLoginCode(ctx: AppContext, emailInput: string, codeInput: string): Promise<string> {
  const input = parse(LoginBody, { email_address: emailInput, code: codeInput })
  return verifyLoginCode(ctx, normaliseEmail(input.email_address), input.code)
}

// For the edge, billing, chatbots, the dashboard and the grant command, which never query these tables themselves.

export interface AuthenticatedAccount {
  accountId: string
  email: string
  tokenId: string
}

/** The account of a live (unrevoked) token, by the token's hash. */
export async function accountForTokenHash(ctx: AppContext, tokenHash: string): Promise<AuthenticatedAccount | undefined> {
  return liveToken(ctx.db, tokenHash)
}

export const accountEmail = async (db: Db, accountId: string): Promise<string | undefined> => (await accountById(db, accountId))?.email

export const accountExists = async (db: Db, accountId: string): Promise<boolean> => (await accountById(db, accountId)) !== undefined

/** Counts a new chatbot against the plan's allowance, in the caller's transaction; false when it is used up. */
export const takeChatbotAllowance = (trx: Db, accountId: string, max: number): Promise<boolean> => countChatbotCreated(trx, accountId, max)

/** The grant command: a verified account for the address, created when new. */
export async function verifiedAccount(ctx: AppContext, trx: Db, email: string): Promise<{ id: string }> {
  const now = ctx.clock.now().toISOString()
  return upsertVerifiedAccount(trx, { id: newId(), email, verified_at: now, chatbots_created: 0, created_at: now })
}
