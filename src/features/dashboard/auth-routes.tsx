import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { createSubscription, findAccount, login, verifyCode } from '../accounts/service'
import { CreateSubscriptionBody, LoginBody, VerificationCodeBody } from '../accounts/model'
import { parse } from '../../http/validate'
import { ALREADY_SUBSCRIBED } from '../accounts/texts'
import { CSRF_FIELD, preAuthToken, preAuthValid } from './csrf'
import { FormErrors } from './forms'
import { htmlPage, seeOther } from './html'
import { LoginCodePage, LoginPage, SignupCodePage, SignupPage, WelcomePage } from './pages/auth'
import { CSRF_REFUSED, errorPage, formText, HIDDEN, safeNext, signedIn } from './route-kit'
import { currentViewer, endSession, startSession } from './session'
import { accountForLoginCode } from '../accounts/service'

/** An e-mail error belongs to the address field; everything else to the code field. */
const fieldOf = (error: AppError) => (error.field === 'email_address' ? 'email' : 'code')

export const authRoutes = (ctx: AppContext) => {
  const publicUrl = ctx.config.publicUrl
  /** A pre-sign-in page, setting the double-submit cookie when the browser has none yet. */
  const anonymousPage = async (request: Request, status: number, page: (csrf: string) => JSX.Element) => {
    const { token, setCookie } = preAuthToken(ctx, request)
    return htmlPage(publicUrl, page(token), status, setCookie ? { 'set-cookie': setCookie } : {})
  }
  const refused = (request: Request, body: unknown) => !preAuthValid(ctx, request, formText(body, CSRF_FIELD))

  return new Elysia({ name: 'dashboard-auth' })
    .get('/dashboard/', () => seeOther('/dashboard/chatbots/'), HIDDEN)
    .get(
      '/dashboard/login/',
      async ({ request, query }) => {
        if (await currentViewer(ctx, request)) return seeOther(safeNext(query.next))
        return anonymousPage(request, 200, (csrf) => (
          <LoginPage csrf={csrf} next={query.next ? safeNext(query.next) : undefined} notice={query.signed_out ? 'You are signed out.' : null} />
        ))
      },
      HIDDEN,
    )
    .post(
      '/dashboard/login/',
      async ({ request, body }) => {
        if (refused(request, body)) return errorPage(ctx, 403, CSRF_REFUSED, null)
        const email = formText(body, 'email_address')
        const next = safeNext(formText(body, 'next') || undefined)
        try {
          await login(ctx, parse(LoginBody, { email_address: email }))
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          const errors = new FormErrors().add('email', error.message)
          return anonymousPage(request, error.status, (csrf) => <LoginPage csrf={csrf} email={email} errors={errors} next={next} />)
        }
        return seeOther(`/dashboard/login/code/?email=${encodeURIComponent(email.trim())}&next=${encodeURIComponent(next)}`)
      },
      HIDDEN,
    )
    .get(
      '/dashboard/login/code/',
      ({ request, query }) => {
        if (!query.email) return seeOther('/dashboard/login/')
        return anonymousPage(request, 200, (csrf) => <LoginCodePage csrf={csrf} email={query.email ?? ''} next={safeNext(query.next)} />)
      },
      HIDDEN,
    )
    .post(
      '/dashboard/login/code/',
      async ({ request, body }) => {
        if (refused(request, body)) return errorPage(ctx, 403, CSRF_REFUSED, null)
        const email = formText(body, 'email_address')
        const next = safeNext(formText(body, 'next') || undefined)
        let accountId: string
        try {
          accountId = await accountForLoginCode(ctx, email, formText(body, 'code'))
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          const errors = new FormErrors().add(fieldOf(error), error.message)
          return anonymousPage(request, 400, (csrf) => <LoginCodePage csrf={csrf} email={email} errors={errors} next={next} />)
        }
        return seeOther(next, { 'set-cookie': await startSession(ctx, accountId) })
      },
      HIDDEN,
    )
    .post(
      '/dashboard/logout/',
      signedIn(ctx, async ({ viewer }) => seeOther('/dashboard/login/?signed_out=1', { 'set-cookie': await endSession(ctx, viewer) })),
      HIDDEN,
    )
    .get('/dashboard/signup/', ({ request }) => anonymousPage(request, 200, (csrf) => <SignupPage csrf={csrf} />), HIDDEN)
    .post(
      '/dashboard/signup/',
      async ({ request, body }) => {
        if (refused(request, body)) return errorPage(ctx, 403, CSRF_REFUSED, null)
        const email = formText(body, 'email_address')
        try {
          const answer = await createSubscription(ctx, parse(CreateSubscriptionBody, { email_address: email, return_url: `${publicUrl}/dashboard/welcome/` }))
          if ('payment_url' in answer) return seeOther(answer.payment_url)
          return seeOther(`/dashboard/signup/verify/?email=${encodeURIComponent(email.trim())}`)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          const errors = new FormErrors()
          if (error.message === ALREADY_SUBSCRIBED) errors.add(undefined, 'This address already has an active subscription: sign in instead.')
          else errors.add(error.field === 'email_address' ? 'email' : undefined, error.message)
          return anonymousPage(request, error.status, (csrf) => <SignupPage csrf={csrf} email={email} errors={errors} />)
        }
      },
      HIDDEN,
    )
    .get(
      '/dashboard/signup/verify/',
      ({ request, query }) => {
        if (!query.email) return seeOther('/dashboard/signup/')
        return anonymousPage(request, 200, (csrf) => <SignupCodePage csrf={csrf} email={query.email ?? ''} />)
      },
      HIDDEN,
    )
    .post(
      '/dashboard/signup/verify/',
      async ({ request, body }) => {
        if (refused(request, body)) return errorPage(ctx, 403, CSRF_REFUSED, null)
        const email = formText(body, 'email_address')
        try {
          const { payment_url } = await verifyCode(
            ctx,
            parse(VerificationCodeBody, { email_address: email, code: formText(body, 'code').trim(), return_url: `${publicUrl}/dashboard/welcome/` }),
          )
          // The code just proved the address, as a login code would: the owner comes back from
          // payment signed in, without asking for a second code.
          const account = await findAccount(ctx, email.trim())
          return seeOther(payment_url, account ? { 'set-cookie': await startSession(ctx, account.id) } : undefined)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          const errors = new FormErrors()
          if (error.message === ALREADY_SUBSCRIBED) errors.add(undefined, 'This address already has an active subscription: sign in instead.')
          else errors.add(fieldOf(error), error.message)
          return anonymousPage(request, error.status, (csrf) => <SignupCodePage csrf={csrf} email={email} errors={errors} />)
        }
      },
      HIDDEN,
    )
    .get(
      '/dashboard/welcome/',
      async ({ query, request }) => htmlPage(publicUrl, <WelcomePage status={query.status} signedIn={(await currentViewer(ctx, request)) !== null} />),
      HIDDEN,
    )
}
