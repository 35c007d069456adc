import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { badRequest, invalid, notFound } from '../../http/errors'
import { rawJsonText } from '../../http/json-body'
import { checkoutPage } from './checkout-page'
import { applyStripeEvent, cancelTestCheckout, findCheckout, payTestCheckout, planById } from './service'
import { BAD_SIGNATURE, STRIPE_DISABLED } from './texts'

export const billingRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'billing' })
    .get(
      '/billing/checkout/:sessionId/',
      async ({ params }) => {
        const session = await findCheckout(ctx, params.sessionId)
        const account = await ctx.db.selectFrom('accounts').select('email').where('id', '=', session.account_id).executeTakeFirstOrThrow()
        const html = checkoutPage({ plan: planById(ctx, session.plan_id), email: account.email, status: session.status })
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
      },
      { detail: { summary: 'Test-mode checkout page', tags: ['Billing'] } },
    )
    .post(
      '/billing/checkout/:sessionId/',
      async ({ params, body }) => {
        const action = (body as { action?: unknown } | null)?.action
        if (action !== 'pay' && action !== 'cancel') throw invalid('action', 'must be pay or cancel')
        const location = action === 'pay' ? await payTestCheckout(ctx, params.sessionId) : await cancelTestCheckout(ctx, params.sessionId)
        return new Response(null, { status: 303, headers: { location } })
      },
      {
        detail: {
          summary: 'Pay or cancel a test-mode checkout',
          tags: ['Billing'],
          requestBody: {
            content: { 'application/x-www-form-urlencoded': { schema: t.Object({ action: t.Union([t.Literal('pay'), t.Literal('cancel')]) }) } },
          },
        },
      },
    )
    .post(
      '/api/v1.0/stripe-webhook/',
      async ({ request }) => {
        if (!ctx.payments.verifyWebhook) throw notFound(STRIPE_DISABLED)
        const raw = await rawJsonText(request)
        let event
        try {
          event = await ctx.payments.verifyWebhook(raw, request.headers.get('stripe-signature') ?? '')
        } catch (error) {
          ctx.log.warn('stripe.bad_signature', { error: String(error).slice(0, 200) })
          throw badRequest(BAD_SIGNATURE)
        }
        const outcome = await applyStripeEvent(ctx, event)
        ctx.log.info('stripe.event', { event_id: event.id, type: event.type, outcome })
        return { received: true, outcome }
      },
      // The signature covers the exact bytes, so the body must reach the handler unparsed.
      { parse: 'none', detail: { summary: 'Stripe webhook (signed)', tags: ['Billing'] } },
    )
