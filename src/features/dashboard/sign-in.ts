import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import { isEmail, normaliseEmail } from '../../lib/email'
import { consumeCode } from '../accounts/codes'
import { findAccount } from '../accounts/service'
import { INVALID_EMAIL, INVALID_LOGIN_CODE } from '../accounts/texts'
import { activeSubscription } from '../billing/service'

/**
 * Step two of contract section 3's login, ending in a dashboard session instead of an API token:
 * the same code store, checks and texts as `login()`, which would also mint a token the owner
 * never asked for. (accounts/service could export this check so both share it.)
 */
export async function accountForLoginCode(ctx: AppContext, emailInput: unknown, codeInput: unknown): Promise<string> {
  if (!isEmail(typeof emailInput === 'string' ? emailInput.trim() : emailInput)) throw badRequest(INVALID_EMAIL)
  const email = normaliseEmail(emailInput as string)
  const code = typeof codeInput === 'string' ? codeInput.replace(/\s+/g, '') : ''
  if (!/^\d{1,10}$/.test(code)) throw badRequest(INVALID_LOGIN_CODE)
  const account = await findAccount(ctx, email)
  if (!account || !(await activeSubscription(ctx, account.id))) throw badRequest(INVALID_LOGIN_CODE)
  if ((await consumeCode(ctx, email, 'login', code)) !== 'ok') throw badRequest(INVALID_LOGIN_CODE)
  return account.id
}
