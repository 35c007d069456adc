import type Stripe from 'stripe'
import type { Plan } from '../../config'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import type { SubscriptionsTable } from '../../db/schema'
import { badRequest, conflict, notFound, subscriptionRequired } from '../../http/errors'
import { newId } from '../../lib/ids'
import { testCheckoutUrl, withStatus } from './gateway'
import {
  checkoutById,
  checkoutByStripeId,
  claimCheckout,
  cachedLatestActiveSubscription,
  isPaidAt,
  insertCheckout,
  insertSubscription,
  markStripeCheckoutPaid,
  openTestCheckout,
  paidSubscription,
  cancelSubscriptionsOf,
  recordEvent,
  subscriptionByStripeId,
  updateSubscription,
} from './repo'
import { addInterval } from './periods'
import { CHECKOUT_NOT_FOUND, SESSION_ALREADY_COMPLETED, UNKNOWN_PLAN } from './texts'

export function planById(ctx: AppContext, planId?: string | null): Plan {
  if (planId === undefined || planId === null) return ctx.config.plans[0]
  const plan = ctx.config.plans.find((p) => p.id === planId)
  if (!plan) throw badRequest(UNKNOWN_PLAN, undefined, 'plan')
  return plan
}

/** The subscription that is paid for now, if any. */
export async function activeSubscription(ctx: AppContext, accountId: string, db: Db = ctx.db): Promise<SubscriptionsTable | undefined> {
  return paidSubscription(db, accountId, ctx.clock.now().toISOString())
}

/** The plan in force for an account with an active subscription. */
export async function activePlan(ctx: AppContext, accountId: string, db: Db = ctx.db): Promise<{ plan: Plan; subscription: SubscriptionsTable } | null> {
  const subscription = await activeSubscription(ctx, accountId, db)
  return subscription ? withPlan(ctx, subscription) : null
}

/**
 * The account's paid subscription if memory holds it now, by the same rule as activeSubscription;
 * undefined means "ask activeSubscription". Only the public widget config answers from it.
 */
export function cachedPaidSubscription(ctx: AppContext, accountId: string): SubscriptionsTable | undefined {
  const subscription = cachedLatestActiveSubscription(accountId)
  return subscription && isPaidAt(subscription, ctx.clock.now().toISOString()) ? subscription : undefined
}

/** A subscription with the plan it is for (a plan since removed from the config: the first). */
const withPlan = (ctx: AppContext, subscription: SubscriptionsTable): { plan: Plan; subscription: SubscriptionsTable } => ({
  plan: ctx.config.plans.find((p) => p.id === subscription.plan_id) ?? ctx.config.plans[0],
  subscription,
})

/** Throws the endpoint's own "active subscription" text (the spec words it differently per row) with status 400. */
export async function requireSubscription(ctx: AppContext, accountId: string, text: string): Promise<{ plan: Plan; subscription: SubscriptionsTable }> {
  const active = await activePlan(ctx, accountId)
  if (!active) throw subscriptionRequired(text)
  return active
}

/** The revoke command, grant's counterpart: the account's subscription ends now, its chatbots go dark. */
export async function endSubscription(ctx: AppContext, accountId: string): Promise<void> {
  await cancelSubscriptionsOf(ctx.db, accountId, ctx.clock.now().toISOString())
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
export async function subscribe(ctx: AppContext, db: Db, input: SubscribeInput): Promise<void> {
  const plan = planById(ctx, input.planId)
  const now = ctx.clock.now()
  const current = await activeSubscription(ctx, input.accountId, db)
  const start = input.periodStart ?? (current ? new Date(current.current_period_end) : now)
  const end = input.periodEnd ?? addInterval(start, plan.interval)
  if (current) {
    await updateSubscription(db, current.id, {
      plan_id: plan.id,
      current_period_start: start.toISOString(),
      current_period_end: end.toISOString(),
      stripe_subscription_id: input.stripeSubscriptionId ?? current.stripe_subscription_id,
      stripe_customer_id: input.stripeCustomerId ?? current.stripe_customer_id,
      updated_at: now.toISOString(),
    })
    return
  }
  await insertSubscription(db, {
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
}

/**
 * Opens a checkout for the account and returns the payment URL. In test mode an account has one
 * open session at most (contract 13): asking again gives the same URL, for the plan and return_url
 * asked last, so unpaid sessions cannot pile up to be paid one after another.
 */
export async function startCheckout(ctx: AppContext, account: { id: string; email: string }, plan: Plan, returnUrl: string): Promise<string> {
  if (ctx.payments.mode === 'test') {
    const open = await openTestCheckout(ctx.db, account.id, { plan_id: plan.id, return_url: returnUrl })
    if (open) return testCheckoutUrl(ctx.config.publicUrl, open.id)
  }
  const sessionId = newId()
  const { url, processorSessionId } = await ctx.payments.createCheckout({
    sessionId,
    accountId: account.id,
    email: account.email,
    plan,
    returnUrl,
  })
  await insertCheckout(ctx.db, {
    id: sessionId,
    account_id: account.id,
    plan_id: plan.id,
    return_url: returnUrl,
    status: 'open',
    stripe_session_id: processorSessionId,
    created_at: ctx.clock.now().toISOString(),
    completed_at: null,
  })
  return url
}

export async function findCheckout(ctx: AppContext, sessionId: string) {
  const session = await checkoutById(ctx.db, sessionId)
  if (!session || ctx.payments.mode !== 'test') throw notFound(CHECKOUT_NOT_FOUND)
  return session
}

/** Test mode "pay": one transaction marks the session paid and subscribes; a second pay is refused. */
export async function payTestCheckout(ctx: AppContext, sessionId: string): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const session = await checkoutById(trx, sessionId)
    if (!session || ctx.payments.mode !== 'test') throw notFound(CHECKOUT_NOT_FOUND)
    if (!(await claimCheckout(trx, sessionId, ctx.clock.now().toISOString()))) throw conflict(SESSION_ALREADY_COMPLETED)
    await subscribe(ctx, trx, { accountId: session.account_id, planId: session.plan_id })
    ctx.log.info('billing.subscribed', { account_id: session.account_id, plan_id: session.plan_id, via: 'test_checkout' })
    return withStatus(session.return_url, 'success')
  })
}

export async function cancelTestCheckout(ctx: AppContext, sessionId: string): Promise<string> {
  const session = await findCheckout(ctx, sessionId)
  return withStatus(session.return_url, 'cancelled')
}

const unixToDate = (seconds: number | null | undefined): Date | undefined => (typeof seconds === 'number' ? new Date(seconds * 1000) : undefined)

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null))

/** Applies a verified Stripe event once: the event id is recorded in the same transaction as its effect. */
export async function applyStripeEvent(
  ctx: AppContext,
  event: Stripe.Event,
  /** Whether the account an event names exists (the accounts feature answers; billing does not read its table). */
  accountExists: (db: Db, accountId: string) => Promise<boolean>,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, event.id, ctx.clock.now().toISOString()))) return 'duplicate'
    const now = ctx.clock.now().toISOString()

    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object
        const accountId = session.client_reference_id
        if (!accountId) return 'ignored'
        if (!(await accountExists(trx, accountId))) return 'ignored'
        const local = await checkoutByStripeId(trx, session.id)
        const planId = session.metadata?.plan_id ?? local?.plan_id ?? ctx.config.plans[0].id
        await markStripeCheckoutPaid(trx, session.id, now)
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
        const local = subscriptionId ? await subscriptionByStripeId(trx, subscriptionId) : undefined
        if (!local) return 'ignored'
        const start = unixToDate(line?.period?.start) ?? new Date(local.current_period_end)
        const plan = planById(ctx, local.plan_id)
        const end = unixToDate(line?.period?.end) ?? addInterval(start, plan.interval)
        await updateSubscription(trx, local.id, { status: 'active', current_period_start: start.toISOString(), current_period_end: end.toISOString(), updated_at: now })
        return 'applied'
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object as Stripe.Subscription & { current_period_end?: number }
        const local = await subscriptionByStripeId(trx, sub.id)
        if (!local) return 'ignored'
        const ended = event.type === 'customer.subscription.deleted' || ['canceled', 'unpaid', 'incomplete_expired'].includes(sub.status)
        const periodEnd = unixToDate(sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end)
        await updateSubscription(trx, local.id, {
          status: ended ? 'canceled' : 'active',
          ...(periodEnd && !ended ? { current_period_end: periodEnd.toISOString() } : {}),
          updated_at: now,
        })
        return 'applied'
      }
      default:
        return 'ignored'
    }
  })
}
