import { Html } from '@elysiajs/html'
import { CsrfField, ErrorSummary, Field, type FormErrors } from '../forms'
import { attr } from '../html'
import { Layout } from '../layout'

interface EmailStepProps {
  csrf: string
  email?: string
  errors?: FormErrors | null
  next?: string
  notice?: string | null
}

export function LoginPage(props: EmailStepProps): JSX.Element {
  return (
    <Layout title="Sign in" notice={props.notice}>
      <div class="narrow">
        <h1>Sign in</h1>
        <p>We e-mail you a 6-digit code. There is no password to remember.</p>
        <ErrorSummary errors={props.errors} />
        <form method="post" action="/dashboard/login/" novalidate class="card">
          <CsrfField token={props.csrf} />
          {props.next ? <input type="hidden" name="next" value={attr(props.next)} /> : ''}
          <Field
            id="email"
            name="email_address"
            type="email"
            label="E-mail address"
            autocomplete="email"
            spellcheck={false}
            required
            value={props.email}
            error={props.errors?.of('email')}
          />
          <button type="submit" class="button">
            Send me a code
          </button>
        </form>
        <p>
          No account yet? <a href="/dashboard/signup/">Create one and subscribe</a>.
        </p>
      </div>
    </Layout>
  )
}

export function LoginCodePage(props: EmailStepProps & { email: string }): JSX.Element {
  return (
    <Layout title="Enter your code" notice={props.notice}>
      <div class="narrow">
        <h1>Enter your code</h1>
        <p>
          If <strong safe>{props.email}</strong> has a subscription, a 6-digit login code is on its way. It is valid for 15 minutes.
        </p>
        <ErrorSummary errors={props.errors} />
        <form method="post" action="/dashboard/login/code/" novalidate class="card">
          <CsrfField token={props.csrf} />
          <input type="hidden" name="email_address" value={attr(props.email)} />
          {props.next ? <input type="hidden" name="next" value={attr(props.next)} /> : ''}
          <Field
            id="code"
            name="code"
            label="Login code"
            hint="The 6 digits from the e-mail."
            inputmode="numeric"
            autocomplete="one-time-code"
            maxlength={10}
            required
            class="field-short"
            error={props.errors?.of('code')}
          />
          <button type="submit" class="button">
            Sign in
          </button>
        </form>
        <p>
          <a href="/dashboard/login/">Use another address or send a new code</a>
        </p>
      </div>
    </Layout>
  )
}

export function SignupPage(props: EmailStepProps): JSX.Element {
  return (
    <Layout title="Create an account" notice={props.notice}>
      <div class="narrow">
        <h1>Create an account</h1>
        <ol class="steps">
          <li aria-current="step">Your e-mail address</li>
          <li>Confirm the code we send</li>
          <li>Pay for your plan</li>
        </ol>
        <p>Already started, or your subscription ended? Enter the same address: you go straight to payment once it is confirmed.</p>
        <ErrorSummary errors={props.errors} />
        <form method="post" action="/dashboard/signup/" novalidate class="card">
          <CsrfField token={props.csrf} />
          <Field
            id="email"
            name="email_address"
            type="email"
            label="E-mail address"
            autocomplete="email"
            spellcheck={false}
            required
            value={props.email}
            error={props.errors?.of('email')}
          />
          <button type="submit" class="button">
            Continue
          </button>
        </form>
        <p>
          Already subscribed? <a href="/dashboard/login/">Sign in</a>.
        </p>
      </div>
    </Layout>
  )
}

export function SignupCodePage(props: EmailStepProps & { email: string }): JSX.Element {
  return (
    <Layout title="Confirm your address" notice={props.notice}>
      <div class="narrow">
        <h1>Confirm your address</h1>
        <ol class="steps">
          <li>Your e-mail address</li>
          <li aria-current="step">Confirm the code we send</li>
          <li>Pay for your plan</li>
        </ol>
        <p>
          We sent a 5-digit verification code to <strong safe>{props.email}</strong>. It is valid for 15 minutes.
        </p>
        <ErrorSummary errors={props.errors} />
        <form method="post" action="/dashboard/signup/verify/" novalidate class="card">
          <CsrfField token={props.csrf} />
          <input type="hidden" name="email_address" value={attr(props.email)} />
          <Field
            id="code"
            name="code"
            label="Verification code"
            hint="The 5 digits from the e-mail."
            inputmode="numeric"
            autocomplete="one-time-code"
            maxlength={10}
            required
            class="field-short"
            error={props.errors?.of('code')}
          />
          <button type="submit" class="button">
            Confirm and go to payment
          </button>
        </form>
        <p>
          <a href="/dashboard/signup/">Send a new code or use another address</a>
        </p>
      </div>
    </Layout>
  )
}

export function WelcomePage(props: { status: string | undefined }): JSX.Element {
  const paid = props.status === 'success'
  return (
    <Layout title={paid ? 'Payment received' : 'Payment not completed'}>
      <div class="narrow">
        {paid ? (
          <>
            <h1>Payment received</h1>
            <p>Your subscription is active. Sign in with the same e-mail address to create your first chatbot.</p>
            <p>
              <a class="button" href="/dashboard/login/">
                Sign in
              </a>
            </p>
          </>
        ) : (
          <>
            <h1>Payment not completed</h1>
            <p>Nothing was charged. You can start again whenever you are ready.</p>
            <p>
              <a class="button" href="/dashboard/signup/">
                Start again
              </a>
            </p>
          </>
        )}
      </div>
    </Layout>
  )
}
