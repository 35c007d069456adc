import { Html, type PropsWithChildren } from '@elysiajs/html'
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

/** The narrow column of the signed-out pages, headed by the page's title. */
function NarrowPage(props: { title: string; notice?: string | null; children?: PropsWithChildren['children'] }): JSX.Element {
  return (
    <Layout title={props.title} notice={props.notice}>
      <div class="narrow">
        <h1 safe>{props.title}</h1>
        {props.children}
      </div>
    </Layout>
  )
}

/** A signed-out form: its pre-session CSRF field first, one submit button last. */
function StepForm(props: { action: string; csrf: string; submit: string; children?: PropsWithChildren['children'] }): JSX.Element {
  return (
    <form method="post" action={attr(props.action)} novalidate class="card">
      <CsrfField token={props.csrf} />
      {props.children}
      <button type="submit" class="button" safe>
        {props.submit}
      </button>
    </form>
  )
}

const HiddenEmail = (props: { email: string }) => <input type="hidden" name="email_address" value={attr(props.email)} />

const HiddenNext = (props: { next?: string }) => (props.next ? <input type="hidden" name="next" value={attr(props.next)} /> : '')

const EmailField = (props: { email?: string; errors?: FormErrors | null }) => (
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
)

const CodeField = (props: { label: string; hint: string; errors?: FormErrors | null }) => (
  <Field
    id="code"
    name="code"
    label={props.label}
    hint={props.hint}
    inputmode="numeric"
    autocomplete="one-time-code"
    maxlength={10}
    required
    class="field-short"
    error={props.errors?.of('code')}
  />
)

const SIGNUP_STEPS = ['Your e-mail address', 'Confirm the code we send', 'Pay for your plan']

const SignupSteps = (props: { current: number }) => (
  <ol class="steps">
    {SIGNUP_STEPS.map((step, i) => (
      <li aria-current={i === props.current ? 'step' : undefined}>{step}</li>
    ))}
  </ol>
)

export function LoginPage(props: EmailStepProps): JSX.Element {
  return (
    <NarrowPage title="Sign in" notice={props.notice}>
      <p>We e-mail you a 6-digit code. There is no password to remember.</p>
      <ErrorSummary errors={props.errors} />
      <StepForm action="/dashboard/login/" csrf={props.csrf} submit="Send me a code">
        <HiddenNext next={props.next} />
        <EmailField email={props.email} errors={props.errors} />
      </StepForm>
      <p>
        No account yet? <a href="/dashboard/signup/">Create one and subscribe</a>.
      </p>
    </NarrowPage>
  )
}

export function LoginCodePage(props: EmailStepProps & { email: string }): JSX.Element {
  return (
    <NarrowPage title="Enter your code" notice={props.notice}>
      <p>
        If <strong safe>{props.email}</strong> has a subscription, a 6-digit login code is on its way. It is valid for 15 minutes.
      </p>
      <ErrorSummary errors={props.errors} />
      <StepForm action="/dashboard/login/code/" csrf={props.csrf} submit="Sign in">
        <HiddenEmail email={props.email} />
        <HiddenNext next={props.next} />
        <CodeField label="Login code" hint="The 6 digits from the e-mail." errors={props.errors} />
      </StepForm>
      <p>
        <a href="/dashboard/login/">Use another address or send a new code</a>
      </p>
    </NarrowPage>
  )
}

export function SignupPage(props: EmailStepProps): JSX.Element {
  return (
    <NarrowPage title="Create an account" notice={props.notice}>
      <SignupSteps current={0} />
      <p>Already started, or your subscription ended? Enter the same address: you go straight to payment once it is confirmed.</p>
      <ErrorSummary errors={props.errors} />
      <StepForm action="/dashboard/signup/" csrf={props.csrf} submit="Continue">
        <EmailField email={props.email} errors={props.errors} />
      </StepForm>
      <p>
        Already subscribed? <a href="/dashboard/login/">Sign in</a>.
      </p>
    </NarrowPage>
  )
}

export function SignupCodePage(props: EmailStepProps & { email: string }): JSX.Element {
  return (
    <NarrowPage title="Confirm your address" notice={props.notice}>
      <SignupSteps current={1} />
      <p>
        We sent a 5-digit verification code to <strong safe>{props.email}</strong>. It is valid for 15 minutes.
      </p>
      <ErrorSummary errors={props.errors} />
      <StepForm action="/dashboard/signup/verify/" csrf={props.csrf} submit="Confirm and go to payment">
        <HiddenEmail email={props.email} />
        <CodeField label="Verification code" hint="The 5 digits from the e-mail." errors={props.errors} />
      </StepForm>
      <p>
        <a href="/dashboard/signup/">Send a new code or use another address</a>
      </p>
    </NarrowPage>
  )
}

export function WelcomePage(props: { status: string | undefined; signedIn?: boolean }): JSX.Element {
  const paid = props.status === 'success'
  return (
    <NarrowPage title={paid ? 'Payment received' : 'Payment not completed'}>
      {paid && props.signedIn ? (
        <>
          <p>Your subscription is active and you are signed in.</p>
          <p>
            <a class="button" href="/dashboard/chatbots/new/">
              Create your first chatbot
            </a>
          </p>
        </>
      ) : paid ? (
        <>
          <p>Your subscription is active. Sign in with the same e-mail address to create your first chatbot.</p>
          <p>
            <a class="button" href="/dashboard/login/">
              Sign in
            </a>
          </p>
        </>
      ) : (
        <>
          <p>Nothing was charged. You can start again whenever you are ready.</p>
          <p>
            <a class="button" href="/dashboard/signup/">
              Start again
            </a>
          </p>
        </>
      )}
    </NarrowPage>
  )
}
