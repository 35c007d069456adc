import { Elysia } from 'elysia'
import type Stripe from 'stripe'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { badRequest, notFound } from '../../http/errors'
import { rawJsonText } from '../../http/json-body'
import { errorsOf } from '../../http/model'
import { PUBLIC, requestBody } from '../../http/openapi'
import { CheckoutForm, CheckoutParams, StripeWebhookAnswer } from './model'
import { checkoutPage } from './checkout-page'
import { applyStripeEvent, cancelTestCheckout, findCheckout, payTestCheckout, planById } from './service'
import { BAD_SIGNATURE, STRIPE_DISABLED } from './texts'

/** What billing asks of the accounts feature, wired by src/features/index.ts (accounts depends on billing, not back). */
export interface BillingAccounts {
  emailOf(db: Db, accountId: string): Promise<string | undefined>
  exists(db: Db, accountId: string): Promise<boolean>
}

export const billingRoutes = (ctx: AppContext, accounts: BillingAccounts) =>
  new Elysia({ name: 'billing' })
    .get(
      '/billing/checkout/:sessionId/',
      async ({ params }) => {
        const session = await findCheckout(ctx, params.sessionId)
        const email = (await accounts.emailOf(ctx.db, session.account_id)) ?? ''
        const html = checkoutPage({ plan: planById(ctx, session.plan_id), email, status: session.status })
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
      },
      {
        params: CheckoutParams,
        response: errorsOf([404]),
        detail: {
          operationId: 'viewTestCheckout',
          summary: 'Test-mode checkout page',
          tags: ['Billing'],
          security: PUBLIC,
          responses: { 200: { description: 'The checkout page', content: { 'text/html': { schema: { type: 'string' } } } } },
        },
      },
    )
    .post(
      '/billing/checkout/:sessionId/',
      async ({ params, body }) => {
        const location = body.action === 'pay' ? await payTestCheckout(ctx, params.sessionId) : await cancelTestCheckout(ctx, params.sessionId)
        return new Response(null, { status: 303, headers: { location } })
      },
      {
        params: CheckoutParams,
        body: CheckoutForm,
        response: errorsOf([400, 404, 409, 413]),
        detail: {
          operationId: 'completeTestCheckout',
          summary: 'Pay or cancel a test-mode checkout',
          tags: ['Billing'],
          security: PUBLIC,
          requestBody: requestBody({ 'application/x-www-form-urlencoded': CheckoutForm }),
          responses: {
            303: {
              description: 'Back to return_url with ?status=success or ?status=cancelled',
              headers: { Location: { description: 'return_url with the outcome', schema: { type: 'string', format: 'uri' } } },
            },
          },
        },
      },
    )
    .post(
      '/api/v1.0/stripe-webhook/',
      async ({ request }) => {
        if (!ctx.payments.verifyWebhook) throw notFound(STRIPE_DISABLED)
        const raw = await rawJsonText(request)
        let event: Stripe.Event
        try {
          event = await ctx.payments.verifyWebhook(raw, request.headers.get('stripe-signature') ?? '')
        } catch (error) {
          ctx.log.warn('stripe.bad_signature', { error: String(error).slice(0, 200) })
          throw badRequest(BAD_SIGNATURE)
        }
        const outcome = await applyStripeEvent(ctx, event, accounts.exists)
        ctx.log.info('stripe.event', { event_id: event.id, type: event.type, outcome })
        return { received: true, outcome }
      },
      // The signature covers the exact bytes, so the body must reach the handler unparsed.
      {
        parse: 'none',
        response: { 200: StripeWebhookAnswer, ...errorsOf([400, 404, 413]) },
        detail: {
          operationId: 'receiveStripeEvent',
          summary: 'Stripe webhook (signed with Stripe-Signature)',
          tags: ['Billing'],
          security: PUBLIC,
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event, verified over the raw bytes' } } } },
        },
      },
    )
