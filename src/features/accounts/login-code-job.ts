// Login codes are sent by a job after the answer (contract 13): the request does the same work for
// every address, so its timing says nothing about which addresses have a subscription.
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { MINUTE } from '../../lib/clock'
import { mailboxKey } from '../../lib/email'
import { activeSubscription } from '../billing/service'
import { dropCode, mailCode, recentlySent, writeCode } from './codes'
import { accountByEmail, countLoginCodeDay } from './repo'

export const LOGIN_CODE_JOB = 'accounts.login_code'
/** Login codes one address may be sent per UTC day; past that the answer stays the same and no mail goes. */
export const MAX_LOGIN_CODES_PER_DAY = 10

export interface LoginCodePayload {
  email: string
}

export function loginCodeJob(ctx: AppContext): JobKind<LoginCodePayload> {
  return {
    // A code arriving a little late is still good for 15 minutes.
    retryDelaysMs: [MINUTE / 2, 2 * MINUTE],
    // Anyone may ask for a login, for any address: done rows would only fill the table.
    forgetWhenDone: true,
    // The same queries, the same MAC and the same row write for every address (contract 13), so
    // neither the answer nor anything running beside it tells a subscriber from anyone else;
    // only the last step differs: a subscriber's code is mailed, anyone else's deleted.
    async run({ email }) {
      const account = await accountByEmail(ctx.db, email)
      const subscription = await activeSubscription(ctx, account?.id ?? '')
      const subscribed = Boolean(account?.verified_at && subscription)
      if (await recentlySent(ctx, email, 'login')) return
      if (!(await countLoginCodeDay(ctx.db, mailboxKey(email), ctx.clock.now().toISOString().slice(0, 10), MAX_LOGIN_CODES_PER_DAY))) {
        if (account) ctx.log.warn('login.daily_limit', { account_id: account.id })
        return
      }
      const written = await writeCode(ctx, email, 'login')
      if (subscribed) await mailCode(ctx, email, 'login', written)
      else await dropCode(ctx, written)
    },
  }
}
