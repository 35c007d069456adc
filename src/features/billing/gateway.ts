import type Stripe from 'stripe'
import type { Plan } from '../../config'

export interface CheckoutRequest {
  sessionId: string
  accountId: string
  email: string
  plan: Plan
  returnUrl: string
}

/** Where a payment happens: Stripe Checkout, or the built-in test-mode page served by this service. */
export interface PaymentGateway {
  readonly mode: 'stripe' | 'test'
  /** Returns the URL the customer pays at, and the processor's own session id when there is one. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; processorSessionId: string | null }>
  /** Stripe only: the verified event behind a webhook request. */
  verifyWebhook?(rawBody: string, signature: string): Promise<Stripe.Event>
}

export const withStatus = (returnUrl: string, status: 'success' | 'cancelled'): string => {
  const url = new URL(returnUrl)
  url.searchParams.set('status', status)
  return url.toString()
}

/** The built-in test-mode payment page of a checkout session. */
export const testCheckoutUrl = (publicUrl: string, sessionId: string): string => `${publicUrl}/billing/checkout/${sessionId}/`

export function testModeGateway(publicUrl: string): PaymentGateway {
  return {
    mode: 'test',
    async createCheckout({ sessionId }) {
      return { url: testCheckoutUrl(publicUrl, sessionId), processorSessionId: null }
    },
  }
}

export function stripeGateway(opts: { secretKey: string; webhookSecret: string | null; apiBase: string | null }): PaymentGateway {
  const base = opts.apiBase ? new URL(opts.apiBase) : null
  // The SDK is loaded with the first checkout or webhook, not with the server.
  let client: Promise<Stripe> | undefined
  const connect = () =>
    (client ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(opts.secretKey, {
          ...(base
            ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
            : {}),
          maxNetworkRetries: 2,
        }),
    ))
  return {
    mode: 'stripe',
    async createCheckout({ sessionId, accountId, email, plan, returnUrl }) {
      if (!plan.stripe_price_id) throw new Error(`plan ${plan.id} has no stripe_price_id`)
      const stripe = await connect()
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: plan.stripe_price_id, quantity: 1 }],
        customer_email: email,
        client_reference_id: accountId,
        metadata: { plan_id: plan.id, checkout_session_id: sessionId },
        subscription_data: { metadata: { plan_id: plan.id, account_id: accountId } },
        success_url: withStatus(returnUrl, 'success'),
        cancel_url: withStatus(returnUrl, 'cancelled'),
      })
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { url: session.url, processorSessionId: session.id }
    },
    async verifyWebhook(rawBody, signature) {
      if (!opts.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set')
      // The async variant: the synchronous one fails under Bun's crypto provider.
      return (await connect()).webhooks.constructEventAsync(rawBody, signature, opts.webhookSecret, 300)
    },
  }
}
