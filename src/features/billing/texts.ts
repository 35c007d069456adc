export const SESSION_ALREADY_COMPLETED = 'This checkout session has already been completed.'
export const CHECKOUT_NOT_FOUND = 'Checkout session not found.'
export const BAD_SIGNATURE = 'Invalid Stripe signature.'
export const STRIPE_DISABLED = 'Stripe payments are not configured on this service.'
export const UNKNOWN_PLAN = 'plan: unknown plan'
/** Contract 13: without STRIPE_SECRET_KEY the start-up log and the checkout page say so plainly. */
export const PAYMENTS_TEST_MODE_NOTICE =
  'Payments are in test mode: STRIPE_SECRET_KEY is not set, so checkout is the built-in page, no card is charged and paying subscribes at once.'
export const CHECKOUT_TEST_MODE = 'Test mode: this payment is not real and no card is charged.'
export const CHECKOUT_ACTION_INVALID = 'action: must be pay or cancel'
