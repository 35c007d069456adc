/** Request and answer models of the account endpoints (contract section 3). */
import { Type as T } from '@sinclair/typebox'
import { EMAIL_PATTERN } from '../../lib/email'
import { HTTP_URL_PATTERN } from '../../http/validate'
import { INVALID_CODE, INVALID_EMAIL, INVALID_LOGIN_CODE, INVALID_RETURN_URL } from './texts'

// Each field carries the spec's own refusal as its `error`: that text is the answer, whatever is wrong with it.
const Email = T.String({ maxLength: 260, pattern: EMAIL_PATTERN, description: 'The account e-mail address', error: INVALID_EMAIL })
const ReturnUrl = T.String({
  maxLength: 2048,
  pattern: HTTP_URL_PATTERN,
  format: 'uri',
  description: 'Where the payment page sends the customer back, with ?status=success or ?status=cancelled',
  error: INVALID_RETURN_URL,
})
const Plan = T.Optional(T.String({ description: 'Plan id; the first plan when omitted' }))
const SignupCode = T.Union([T.Integer({ minimum: 0 }), T.String({ pattern: '^\\s*\\d{1,10}\\s*$' })], {
  description: 'The e-mailed code, as an integer or a digit string',
  error: INVALID_CODE,
})
const LoginCode = T.Union([T.Integer({ minimum: 0 }), T.String({ pattern: '^[\\d\\s]{0,40}$' }), T.Null()], {
  description: 'Step two: the e-mailed login code (spaces ignored); absent, null or empty for step one',
  error: INVALID_LOGIN_CODE,
})

// The e-mail is checked first, then return_url, then the code (the order of the spec's error tables).
export const CreateSubscriptionBody = T.Object({ email_address: Email, return_url: ReturnUrl, plan: Plan }, { error: INVALID_EMAIL })
export const VerificationCodeBody = T.Object({ email_address: Email, return_url: ReturnUrl, plan: Plan, code: SignupCode }, { error: INVALID_EMAIL })
export const LoginBody = T.Object({ email_address: Email, code: T.Optional(LoginCode) }, { error: INVALID_EMAIL })

const Sent = T.Object({ response: T.String({ description: 'The code was e-mailed' }) })
const PaymentUrl = T.Object({ payment_url: T.String({ format: 'uri', description: 'Checkout page: Stripe Checkout, or the test-mode page' }) })

export const CreateSubscriptionAnswer = T.Union([Sent, PaymentUrl], { description: 'A code was sent, or (verified account) the payment link' })
export const VerificationCodeAnswer = T.Object(PaymentUrl.properties, { description: 'The payment link' })
export const LoginAnswer = T.Union([Sent, T.Object({ token: T.String({ description: 'The API token; shown once' }) })], {
  description: 'Step one: the same sentence whether or not the address exists. Step two: the token.',
})
export const LogoutAnswer = T.Object({ response: T.String({ description: 'Token revoked.' }) }, { description: 'The token is revoked' })
