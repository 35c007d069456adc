import type { AppContext } from '../../context'
import { MINUTE } from '../../lib/clock'
import { newId, newNumericCode, sameHash } from '../../lib/ids'
import { codeMail } from './code-mail'
import { codeIssuedAt, codeOf, countCodeAttempt, deleteCode, upsertCode } from './repo'

export const CODE_TTL_MS = 15 * MINUTE
export const RESEND_AFTER_MS = MINUTE
export const MAX_ATTEMPTS = 5

type Purpose = 'signup' | 'login'

export type CodeCheck = 'ok' | 'invalid' | 'expired'

/** Whether a code for this address and purpose was issued less than a minute ago. */
export async function recentlySent(ctx: AppContext, email: string, purpose: Purpose): Promise<boolean> {
  const issuedAt = await codeIssuedAt(ctx.db, { email, purpose })
  return issuedAt !== undefined && ctx.clock.now().getTime() - new Date(issuedAt).getTime() < RESEND_AFTER_MS
}

/** What is stored of a code: its HMAC under the server key, so a database reader cannot try the 10^6 codes. */
const codeMac = (ctx: AppContext, purpose: Purpose, email: string, code: string): string => ctx.keys.mac(`${purpose}:${email}:${code}`)

/** Replaces any earlier code (it dies) with a fresh one, then e-mails it; only its MAC is stored. */
export async function issueCode(ctx: AppContext, email: string, purpose: Purpose): Promise<void> {
  const code = newNumericCode(purpose === 'signup' ? 5 : 6)
  const now = ctx.clock.now()
  const id = newId()
  await upsertCode(ctx.db, {
    id,
    email,
    purpose,
    code_hash: codeMac(ctx, purpose, email, code),
    attempts: 0,
    expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  })
  try {
    await ctx.mail.send(codeMail(email, purpose, code))
  } catch (error) {
    // A code nobody received must not block a retry for a minute.
    await deleteCode(ctx.db, id)
    throw error
  }
}

/** Checks a code; a right one is consumed, a wrong one counts, and the fifth wrong try kills it. */
export async function consumeCode(ctx: AppContext, email: string, purpose: Purpose, code: string): Promise<CodeCheck> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await codeOf(trx, { email, purpose })
    if (!row || row.attempts >= MAX_ATTEMPTS) return 'invalid'
    if (new Date(row.expires_at).getTime() <= ctx.clock.now().getTime()) return 'expired'
    // Count the try before comparing, atomically, as a read-then-write of the counter could not promise.
    if (!(await countCodeAttempt(trx, row.id, MAX_ATTEMPTS))) return 'invalid'
    if (!sameHash(row.code_hash, codeMac(ctx, purpose, email, code))) return 'invalid'
    await deleteCode(trx, row.id)
    return 'ok'
  })
}
