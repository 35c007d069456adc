// Login codes are sent by a job after the answer (contract 13): the request does the same work for
// every address, so its timing says nothing about which addresses have a subscription.
import type { AppContext } from '../../context'
import type { JobKind } from '../../infra/jobs'
import { MINUTE } from '../../lib/clock'
import { activeSubscription } from '../billing/service'
import { issueCode, recentlySent } from './codes'

export const LOGIN_CODE_JOB = 'accounts.login_code'
/** Login codes one address may be sent per UTC day; past that the answer stays the same and no mail goes. */
export const MAX_LOGIN_CODES_PER_DAY = 10

export interface LoginCodePayload {
  email: string
}

/** Counts one more code for today, unless the address has had its ten: then false, and nothing changes. */
async function countTodaysCode(ctx: AppContext, email: string): Promise<boolean> {
  const day = ctx.clock.now().toISOString().slice(0, 10)
  const counted = await ctx.db
    .insertInto('login_code_days')
    .values({ email, day, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['email', 'day'])
        .doUpdateSet((eb) => ({ sent: eb('login_code_days.sent', '+', 1) }))
        .where('login_code_days.sent', '<', MAX_LOGIN_CODES_PER_DAY),
    )
    .executeTakeFirst()
  // Earlier days count for nothing any more.
  await ctx.db.deleteFrom('login_code_days').where('day', '<', day).execute()
  return Number(counted.numInsertedOrUpdatedRows ?? 0) === 1
}

export function loginCodeJob(ctx: AppContext): JobKind<LoginCodePayload> {
  return {
    // A code arriving a little late is still good for 15 minutes.
    retryDelaysMs: [MINUTE / 2, 2 * MINUTE],
    // Anyone may ask for a login, for any address: done rows would only fill the table.
    forgetWhenDone: true,
    async run({ email }) {
      const account = await ctx.db.selectFrom('accounts').select(['id', 'verified_at']).where('email', '=', email).executeTakeFirst()
      if (!account?.verified_at || !(await activeSubscription(ctx, account.id))) return
      if (await recentlySent(ctx, email, 'login')) return
      if (!(await countTodaysCode(ctx, email))) {
        ctx.log.warn('login.daily_limit', { account_id: account.id })
        return
      }
      await issueCode(ctx, email, 'login')
    },
  }
}
