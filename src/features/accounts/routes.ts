import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { errorsOf, FAILS } from '../../http/model'
import { PUBLIC } from '../../http/openapi'
import { CreateSubscriptionAnswer, CreateSubscriptionBody, LoginAnswer, LoginBody, LogoutAnswer, VerificationCodeAnswer, VerificationCodeBody } from './model'
import { createSubscription, login, revokeToken, verifyCode } from './service'
import { TOKEN_REVOKED } from './texts'

const tags = ['Account']

export const accountRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'accounts' })
    .post('/api/v1.0/create-subscription/', ({ body }) => createSubscription(ctx, body), {
      body: CreateSubscriptionBody,
      response: { 200: CreateSubscriptionAnswer, ...errorsOf(FAILS.body) },
      detail: {
        operationId: 'createSubscription',
        summary: 'Start onboarding: e-mails a verification code, or returns a payment link',
        tags,
        security: PUBLIC,
      },
    })
    .post('/api/v1.0/verification-code/', ({ body }) => verifyCode(ctx, body), {
      body: VerificationCodeBody,
      response: { 200: VerificationCodeAnswer, ...errorsOf(FAILS.body) },
      detail: {
        operationId: 'verifyCode',
        summary: 'Confirm the e-mailed code and get the payment link',
        tags,
        security: PUBLIC,
      },
    })
    .post(
      '/api/v1.0/login/',
      ({ body, set }) => {
        // The answer may carry a token: no cache keeps it (contract 13).
        set.headers['cache-control'] = 'no-store'
        return login(ctx, body)
      },
      {
        body: LoginBody,
        response: { 200: LoginAnswer, ...errorsOf(FAILS.body) },
        detail: {
          operationId: 'login',
          summary: 'Passwordless login: send {email_address} for a code, then {email_address, code} for a token',
          tags,
          security: PUBLIC,
        },
      },
    )
    .use(
      new Elysia({ name: 'accounts-authenticated' }).use(authGuard(ctx)).post(
        '/api/v1.0/logout/',
        async ({ account }) => {
          await revokeToken(ctx, account.accountId, account.tokenId)
          return { response: TOKEN_REVOKED }
        },
        { response: { 200: LogoutAnswer, ...errorsOf(FAILS.owner, [403]) }, detail: { operationId: 'logout', summary: 'Revoke the token that makes this call', tags } },
      ),
    )
