/** Request and answer models of the account endpoints (contract section 3). */
import { Type as T } from '@sinclair/typebox'
import { HttpUrl } from '../../http/validate'

const Email = T.String({ format: 'email', maxLength: 254, description: 'The account e-mail address' })
const ReturnUrl = HttpUrl('Where the payment page sends the customer back, with ?status=success or ?status=cancelled')
const Plan = T.Optional(T.String({ description: 'Plan id; the first plan when omitted' }))
const Code = T.Union([T.Integer({ minimum: 0 }), T.String({ pattern: '^\\s*\\d+\\s*$' })], { description: 'The e-mailed code, as an integer or a digit string' })

export const CreateSubscriptionBody = T.Object({ email_address: Email, return_url: ReturnUrl, plan: Plan })
export const VerificationCodeBody = T.Object({ email_address: Email, code: Code, return_url: ReturnUrl, plan: Plan })
export const LoginBody = T.Object({ email_address: Email, code: T.Optional(Code) })

const Sent = T.Object({ response: T.String({ description: 'The code was e-mailed' }) })
const PaymentUrl = T.Object({ payment_url: T.String({ format: 'uri', description: 'Checkout page: Stripe Checkout, or the test-mode page' }) })

export const CreateSubscriptionAnswer = T.Union([Sent, PaymentUrl], { description: 'A code was sent, or (verified account) the payment link' })
export const VerificationCodeAnswer = T.Object(PaymentUrl.properties, { description: 'The payment link' })
export const LoginAnswer = T.Union([Sent, T.Object({ token: T.String({ description: 'The API token; shown once' }) })], {
  description: 'Step one: the same sentence whether or not the address exists. Step two: the token.',
})
export const LogoutAnswer = T.Object({ response: T.String({ description: 'Token revoked.' }) }, { description: 'The token is revoked' })
