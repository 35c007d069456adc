/** Models of the billing endpoints: the test-mode checkout form and the Stripe webhook's answer. */
import { Type as T } from '@sinclair/typebox'
import { CHECKOUT_ACTION_INVALID } from './texts'

export const CheckoutParams = T.Object({ sessionId: T.String({ description: 'The checkout session id from payment_url' }) })
export const CheckoutForm = T.Object({ action: T.Union([T.Literal('pay'), T.Literal('cancel')], { error: CHECKOUT_ACTION_INVALID }) }, { error: CHECKOUT_ACTION_INVALID })
export const StripeWebhookAnswer = T.Object(
  { received: T.Boolean(), outcome: T.Union([T.Literal('applied'), T.Literal('duplicate'), T.Literal('ignored')]) },
  { description: 'The event was verified; outcome says what it changed' },
)
