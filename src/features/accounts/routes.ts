import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { TOKEN_REVOKED } from './texts'
import { createSubscription, login, revokeToken, verifyCode } from './service'

const Email = t.String({ format: 'email', description: 'The account e-mail address' })
const ReturnUrl = t.String({ format: 'uri', description: 'Where the payment page sends the customer back, with ?status=success or ?status=cancelled' })
const Plan = t.Optional(t.String({ description: 'Plan id; the first plan when omitted' }))
const Code = t.Union([t.Integer(), t.String({ pattern: '^\\d+$' })])

const doc = (summary: string, schema: ReturnType<typeof t.Object>) => ({
  summary,
  tags: ['Account'],
  requestBody: { required: true, content: { 'application/json': { schema } } },
})

export const accountRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'accounts' })
    .post('/api/v1.0/create-subscription/', ({ body }) => createSubscription(ctx, (body ?? {}) as Record<string, unknown>), {
      detail: doc('Start onboarding: e-mails a verification code, or returns a payment link', t.Object({ email_address: Email, return_url: ReturnUrl, plan: Plan })),
    })
    .post('/api/v1.0/verification-code/', ({ body }) => verifyCode(ctx, (body ?? {}) as Record<string, unknown>), {
      detail: doc('Confirm the e-mailed code and get the payment link', t.Object({ email_address: Email, code: Code, return_url: ReturnUrl, plan: Plan })),
    })
    .post('/api/v1.0/login/', ({ body, set }) => {
      // The answer may carry a token: no cache keeps it (contract 13).
      set.headers['cache-control'] = 'no-store'
      return login(ctx, (body ?? {}) as Record<string, unknown>)
    }, {
      detail: doc('Passwordless login: send {email_address} for a code, then {email_address, code} for a token', t.Object({ email_address: Email, code: t.Optional(Code) })),
    })
    .use(
      new Elysia({ name: 'accounts-authenticated' }).use(authGuard(ctx)).post(
        '/api/v1.0/logout/',
        async ({ account }) => {
          await revokeToken(ctx, account.accountId, account.tokenId)
          return { response: TOKEN_REVOKED }
        },
        { detail: { summary: 'Revoke the token that makes this call', tags: ['Account'], security: [{ token: [] }] } },
      ),
    )
