import type Stripe from 'stripe'
import type { Plan } from '../../config'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { prepared } from '../../db/prepared'
import type { SubscriptionsTable } from '../../db/schema'
import { badRequest, conflict, notFound, subscriptionRequired } from '../../http/errors'
import { newId } from '../../lib/ids'
import { withStatus } from './gateway'
import { addInterval } from './periods'
import { CHECKOUT_NOT_FOUND, SESSION_ALREADY_COMPLETED, UNKNOWN_PLAN } from './texts'

type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable'>

export function planById(ctx: AppContext, planId?: string | null): Plan {
  if (planId === undefined || planId === null) return ctx.config.plans[0]
  const plan = ctx.config.plans.find((p) => p.id === planId)
  if (!plan) throw badRequest(UNKNOWN_PLAN, undefined, 'plan')
  return plan
}

/** The subscription that is paid for now, if any. */
export async function activeSubscription(ctx: AppContext, accountId: string, db: Executor = ctx.db): Promise<SubscriptionsTable | undefined> {
  const [row] = await paidSubscriptions(db as Db, accountId, ctx.clock.now().toISOString())
  return row
}

const paidSubscriptions = prepared((db, accountId: string, now: string) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .where('current_period_end', '>', now)
    .orderBy('current_period_end', 'desc')
    .limit(1),
)

/** The plan in force for an account with an active subscription. */
export async function activePlan(ctx: AppContext, accountId: string): Promise<{ plan: Plan; subscription: SubscriptionsTable } | null> {
  const subscription = await activeSubscription(ctx, accountId)
  if (!subscription) return null
  return { plan: ctx.config.plans.find((p) => p.id === subscription.plan_id) ?? ctx.config.plans[0], subscription }
}

/** Throws the endpoint's own "active subscription" text (the spec words it differently per row) with status 400. */
export async function requireSubscription(ctx: AppContext, accountId: string, text: string): Promise<{ plan: Plan; subscription: SubscriptionsTable }> {
  const active = await activePlan(ctx, accountId)
  if (!active) throw subscriptionRequired(text)
  return active
}

interface SubscribeInput {
  accountId: string
  planId: string
  periodStart?: Date
  periodEnd?: Date
  stripeSubscriptionId?: string | null
  stripeCustomerId?: string | null
}

/** The one path that makes an account subscribed: test checkout, Stripe webhook and the grant command all end here. */
export async function subscribe(ctx: AppContext, db: Executor, input: SubscribeInput): Promise<void> {
  const plan = planById(ctx, input.planId)
  const now = ctx.clock.now()
  const current = await activeSubscription(ctx, input.accountId, db)
  const start = input.periodStart ?? (current ? new Date(current.current_period_end) : now)
  const end = input.periodEnd ?? addInterval(start, plan.interval)
  if (current) {
    await db
      .updateTable('subscriptions')
      .set({
        plan_id: plan.id,
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        stripe_subscription_id: input.stripeSubscriptionId ?? current.stripe_subscription_id,
        stripe_customer_id: input.stripeCustomerId ?? current.stripe_customer_id,
        updated_at: now.toISOString(),
      })
      .where('id', '=', current.id)
      .execute()
    return
  }
  await db
    .insertInto('subscriptions')
    .values({
      id: newId(),
      account_id: input.accountId,
      plan_id: plan.id,
      status: 'active',
      current_period_start: start.toISOString(),
      current_period_end: end.toISOString(),
      stripe_subscription_id: input.stripeSubscriptionId ?? null,
      stripe_customer_id: input.stripeCustomerId ?? null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute()
}

/** Opens a checkout for the account and returns the payment URL. */
export async function startCheckout(ctx: AppContext, account: { id: string; email: string }, plan: Plan, returnUrl: string): Promise<string> {
  const sessionId = newId()
  const { url, processorSessionId } = await ctx.payments.createCheckout({
    sessionId,
    accountId: account.id,
    email: account.email,
    plan,
    returnUrl,
  })
  await ctx.db
    .insertInto('checkout_sessions')
    .values({
      id: sessionId,
      account_id: account.id,
      plan_id: plan.id,
      return_url: returnUrl,
      status: 'open',
      stripe_session_id: processorSessionId,
      created_at: ctx.clock.now().toISOString(),
      completed_at: null,
    })
    .execute()
  return url
}

export async function findCheckout(ctx: AppContext, sessionId: string) {
  const session = await ctx.db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
  if (!session || ctx.payments.mode !== 'test') throw notFound(CHECKOUT_NOT_FOUND)
  return session
}

/** Test mode "pay": one transaction marks the session paid and subscribes; a second pay is refused. */
export async function payTestCheckout(ctx: AppContext, sessionId: string): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const session = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
    if (!session || ctx.payments.mode !== 'test') throw notFound(CHECKOUT_NOT_FOUND)
    const claimed = await trx
      .updateTable('checkout_sessions')
      .set({ status: 'paid', completed_at: ctx.clock.now().toISOString() })
      .where('id', '=', sessionId)
      .where('status', '!=', 'paid')
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(SESSION_ALREADY_COMPLETED)
    await subscribe(ctx, trx, { accountId: session.account_id, planId: session.plan_id })
    ctx.log.info('billing.subscribed', { account_id: session.account_id, plan_id: session.plan_id, via: 'test_checkout' })
    return withStatus(session.return_url, 'success')
  })
}

export async function cancelTestCheckout(ctx: AppContext, sessionId: string): Promise<string> {
  const session = await findCheckout(ctx, sessionId)
  return withStatus(session.return_url, 'cancelled')
}

const unixToDate = (seconds: number | null | undefined): Date | undefined =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : undefined

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** Applies a verified Stripe event once: the event id is recorded in the same transaction as its effect. */
export async function applyStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
  return ctx.db.transaction().execute(async (trx) => {
    // Insert-or-nothing rather than look-then-insert: of two deliveries racing (two instances), the
    // second waits on the first's row and then sees it, instead of failing on the primary key.
    const recorded = await trx
      .insertInto('processed_events')
      .values({ id: event.id, received_at: ctx.clock.now().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst()
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) return 'duplicate'
    const now = ctx.clock.now().toISOString()

    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object
        const accountId = session.client_reference_id
        if (!accountId) return 'ignored'
        const account = await trx.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()
        if (!account) return 'ignored'
        const local = await trx.selectFrom('checkout_sessions').selectAll().where('stripe_session_id', '=', session.id).executeTakeFirst()
        const planId = session.metadata?.plan_id ?? local?.plan_id ?? ctx.config.plans[0].id
        await trx.updateTable('checkout_sessions').set({ status: 'paid', completed_at: now }).where('stripe_session_id', '=', session.id).execute()
        await subscribe(ctx, trx, {
          accountId,
          planId: ctx.config.plans.some((p) => p.id === planId) ? planId : ctx.config.plans[0].id,
          stripeSubscriptionId: idOf(session.subscription),
          stripeCustomerId: idOf(session.customer),
        })
        ctx.log.info('billing.subscribed', { account_id: accountId, via: 'stripe' })
        return 'applied'
      }
      case 'invoice.paid': {
        const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null }
        const subscriptionId = idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription)
        const line = invoice.lines?.data?.[0]
        const local = subscriptionId
          ? await trx.selectFrom('subscriptions').selectAll().where('stripe_subscription_id', '=', subscriptionId).executeTakeFirst()
          : undefined
        if (!local) return 'ignored'
        const start = unixToDate(line?.period?.start) ?? new Date(local.current_period_end)
        const plan = planById(ctx, local.plan_id)
        const end = unixToDate(line?.period?.end) ?? addInterval(start, plan.interval)
        await trx
          .updateTable('subscriptions')
          .set({ status: 'active', current_period_start: start.toISOString(), current_period_end: end.toISOString(), updated_at: now })
          .where('id', '=', local.id)
          .execute()
        return 'applied'
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object as Stripe.Subscription & { current_period_end?: number }
        const local = await trx.selectFrom('subscriptions').selectAll().where('stripe_subscription_id', '=', sub.id).executeTakeFirst()
        if (!local) return 'ignored'
        const ended = event.type === 'customer.subscription.deleted' || ['canceled', 'unpaid', 'incomplete_expired'].includes(sub.status)
        const periodEnd = unixToDate(sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end)
        await trx
          .updateTable('subscriptions')
          .set({
            status: ended ? 'canceled' : 'active',
            ...(periodEnd && !ended ? { current_period_end: periodEnd.toISOString() } : {}),
            updated_at: now,
          })
          .where('id', '=', local.id)
          .execute()
        return 'applied'
      }
      default:
        return 'ignored'
    }
  })
}
