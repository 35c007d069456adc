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

/** A code just written: its row's id, and the code itself for the mail. */
export interface WrittenCode {
  id: string
  code: string
}

/** Replaces any earlier code (it dies) with a fresh one; only its MAC is stored. */
export async function writeCode(ctx: AppContext, email: string, purpose: Purpose): Promise<WrittenCode> {
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
  return { id, code }
}

/** E-mails a written code. */
export async function mailCode(ctx: AppContext, email: string, purpose: Purpose, written: WrittenCode): Promise<void> {
  try {
    await ctx.mail.send(codeMail(email, purpose, written.code))
  } catch (error) {
    // A code nobody received must not block a retry for a minute.
    await deleteCode(ctx.db, written.id)
    throw error
  }
}

/** A code nobody will be sent (login for an address without a subscription): written, then let go. */
export const dropCode = (ctx: AppContext, written: WrittenCode): Promise<void> => deleteCode(ctx.db, written.id)

/** Writes a fresh code, then e-mails it. */
export async function issueCode(ctx: AppContext, email: string, purpose: Purpose): Promise<void> {
  await mailCode(ctx, email, purpose, await writeCode(ctx, email, purpose))
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
