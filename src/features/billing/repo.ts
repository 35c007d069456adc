/** Every query on subscriptions, checkout_sessions and processed_events. */
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'
import type { CheckoutSessionsTable, SubscriptionsTable } from '../../db/schema'
import { HOT_ROW_TTL_MS, TtlCache } from '../../lib/ttl-cache'

/** The active subscription that runs longest: the account is paid for at `now` when it ends after `now`. */
const latestActive = prepared((db, accountId: string) =>
  db.selectFrom('subscriptions').selectAll().where('account_id', '=', accountId).where('status', '=', 'active').orderBy('current_period_end', 'desc').limit(1),
)

/** Every authenticated request asks this; null is "none active" (writes below forget). */
const latestActiveOf = new TtlCache<string, SubscriptionsTable | null>(50_000, HOT_ROW_TTL_MS)

/** The subscription paid for at `now`, if any. A transaction reads the table itself. */
export async function paidSubscription(db: Db, accountId: string, now: string): Promise<SubscriptionsTable | undefined> {
  const read = async () => (await latestActive(db, accountId))[0] ?? null
  const row = db.isTransaction ? await read() : await latestActiveOf.get(accountId, read)
  return row && isPaidAt(row, now) ? row : undefined
}

/** The rule of a paid account: its latest active subscription's period ends after `now` (ISO text). */
export const isPaidAt = (subscription: SubscriptionsTable, now: string): boolean => subscription.current_period_end > now

/** The account's latest active subscription if memory holds it, paid for or not; undefined means "ask paidSubscription". */
export const cachedLatestActiveSubscription = (accountId: string): SubscriptionsTable | null | undefined => latestActiveOf.peek(accountId)

export async function insertSubscription(db: Db, row: SubscriptionsTable): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute()
  latestActiveOf.forget(row.account_id)
}

export async function updateSubscription(db: Db, id: string, changes: Partial<SubscriptionsTable>): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute()
  // Keyed by account, written by id: rare enough to forget them all.
  latestActiveOf.clear()
}

/** Ends every active subscription of the account (the revoke command). */
export async function cancelSubscriptionsOf(db: Db, accountId: string, now: string): Promise<void> {
  await db.updateTable('subscriptions').set({ status: 'canceled', updated_at: now }).where('account_id', '=', accountId).where('status', '=', 'active').execute()
  latestActiveOf.forget(accountId)
}

export async function subscriptionByStripeId(db: Db, stripeSubscriptionId: string): Promise<SubscriptionsTable | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('stripe_subscription_id', '=', stripeSubscriptionId).executeTakeFirst()
}

export async function insertCheckout(db: Db, row: CheckoutSessionsTable): Promise<void> {
  await db.insertInto('checkout_sessions').values(row).execute()
}

export async function checkoutById(db: Db, sessionId: string): Promise<CheckoutSessionsTable | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
}

export async function checkoutByStripeId(db: Db, stripeSessionId: string): Promise<CheckoutSessionsTable | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('stripe_session_id', '=', stripeSessionId).executeTakeFirst()
}

/** Marks an unpaid session paid; false when it was paid already. */
export async function claimCheckout(db: Db, sessionId: string, now: string): Promise<boolean> {
  const claimed = await db.updateTable('checkout_sessions').set({ status: 'paid', completed_at: now }).where('id', '=', sessionId).where('status', '!=', 'paid').executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

export async function markStripeCheckoutPaid(db: Db, stripeSessionId: string, now: string): Promise<void> {
  await db.updateTable('checkout_sessions').set({ status: 'paid', completed_at: now }).where('stripe_session_id', '=', stripeSessionId).execute()
}

/** Records a Stripe event id; false when it was recorded before (a redelivery). */
export async function recordEvent(db: Db, eventId: string, now: string): Promise<boolean> {
  // Insert-or-nothing rather than look-then-insert: of two deliveries racing (two instances), the
  // second waits on the first's row and then sees it, instead of failing on the primary key.
  const recorded = await db
    .insertInto('processed_events')
    .values({ id: eventId, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(recorded.numInsertedOrUpdatedRows ?? 0) === 1
}

/** The account's open checkout session, brought to the plan and return_url asked last; undefined when none is open. */
export async function openTestCheckout(db: Db, accountId: string, changes: Pick<CheckoutSessionsTable, 'plan_id' | 'return_url'>): Promise<{ id: string } | undefined> {
  return db.updateTable('checkout_sessions').set(changes).where('account_id', '=', accountId).where('status', '=', 'open').returning('id').executeTakeFirst()
}
