import { Html } from '@elysiajs/html'
import type { Plan } from '../../../config'
import type { TokenRow } from '../../accounts/service'
import { ActionButton, ErrorSummary, Field, PostForm, type FormErrors } from '../forms'
import { attr } from '../html'
import { Layout } from '../layout'
import type { Viewer } from '../session'
import { tabPath } from './chatbot-frame'
import { count, DataTable, day, LocalTime, when } from './parts'

export interface WordUse {
  chatbot_id: string
  chatbot_name: string
  chatbot_type: string
  used: number
}

export function AccountPage(props: {
  viewer: Viewer
  plan: Plan
  resetDate: string
  chatbotsCreated: number
  words: WordUse[]
  tokens: TokenRow[]
  newToken?: { label: string; token: string } | null
  errors?: FormErrors | null
  notice?: string | null
}): JSX.Element {
  const { plan } = props
  const active = props.tokens.filter((t) => !t.revoked_at)
  return (
    <Layout title="Account" viewer={props.viewer} section="account" notice={props.notice}>
      <h1>Account</h1>
      <section class="section" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan</h2>
        <dl class="stats">
          <div class="stat">
            <dt>Plan</dt>
            <dd safe>{plan.name}</dd>
          </div>
          <div class="stat">
            <dt>Price</dt>
            <dd safe>{`${plan.price} ${plan.currency.toUpperCase()} / ${plan.interval}`}</dd>
          </div>
          <div class="stat">
            <dt>Renews or resets on</dt>
            <dd safe>{props.resetDate}</dd>
          </div>
          <div class="stat">
            <dt>Chatbots created</dt>
            <dd>
              {String(props.chatbotsCreated)} of {String(plan.chatbots)}
            </dd>
          </div>
        </dl>
      </section>

      <section class="section" aria-labelledby="words-title">
        <h2 id="words-title">Training words per chatbot</h2>
        <p>Each chatbot may hold {count(plan.training_words)} words of documents and web pages.</p>
        <DataTable
          label="Training words per chatbot"
          columns={['Chatbot', { title: 'Words used', num: true }, { title: 'Words left', num: true }, 'Use']}
          items={props.words}
          empty="No chatbots yet."
          row={(w) => (
            <>
              <th scope="row">
                <a href={attr(tabPath(w.chatbot_id, 'overview'))} safe>
                  {w.chatbot_name}
                </a>
              </th>
              <td class="num" data-label="Words used">
                {count(w.used)}
              </td>
              <td class="num" data-label="Words left">
                {count(Math.max(0, plan.training_words - w.used))}
              </td>
              <td data-label="Use">
                <meter class="meter" min={0} max={plan.training_words} value={w.used} aria-label={attr(`Training words used by ${w.chatbot_name}`)}>
                  {count(w.used)}
                </meter>
              </td>
            </>
          )}
        />
      </section>

      <section class="section" aria-labelledby="tokens-title">
        <h2 id="tokens-title">API tokens</h2>
        <p>Programs use a token to call the API on your behalf. Revoke any you no longer use.</p>
        {props.newToken ? (
          <div class="secret" role="status">
            <h3>
              New token “<span safe>{props.newToken.label}</span>”
            </h3>
            <p>Copy it now: it is shown only once.</p>
            <div class="field">
              <label for="new-token">Token</label>
              <input id="new-token" type="text" readonly value={attr(props.newToken.token)} class="code" spellcheck="false" autocomplete="off" />
            </div>
            <button type="button" class="button button-secondary button-small" data-copy-target="new-token" data-copy-status="token-copy-status" hidden>
              Copy token
            </button>
            <span id="token-copy-status" class="copy-status" role="status" aria-live="polite"></span>
          </div>
        ) : (
          ''
        )}
        <ErrorSummary errors={props.errors} />
        <PostForm action="/dashboard/account/tokens/" csrf={props.viewer.csrf} novalidate class="card" aria-labelledby="new-token-title">
          <h3 id="new-token-title">Create a token</h3>
          <Field
            id="token-label"
            name="label"
            label="Name"
            hint="Where you will use it, like “Website backend”."
            required
            maxlength={100}
            error={props.errors?.of('token-label')}
          />
          <button type="submit" class="button">
            Create token
          </button>
        </PostForm>
        <DataTable
          label="API tokens"
          caption={`${active.length} active of ${props.tokens.length} tokens`}
          columns={['Name', 'Created', 'Status', { title: 'Actions', hidden: true }]}
          items={props.tokens}
          empty="No tokens."
          row={(t) => (
            <>
              <th scope="row" safe>
                {t.label}
              </th>
              <td data-label="Created">
                <LocalTime iso={t.created_at} />
              </td>
              <td data-label="Status">
                {t.revoked_at ? (
                  <span class="badge badge-neutral" safe>
                    {`revoked ${day(t.revoked_at)}`}
                  </span>
                ) : (
                  <span class="badge badge-ok">active</span>
                )}
              </td>
              <td>
                {t.revoked_at ? (
                  ''
                ) : (
                  <ActionButton
                    action={`/dashboard/account/tokens/${encodeURIComponent(t.id)}/revoke/`}
                    csrf={props.viewer.csrf}
                    label="Revoke"
                    accessibleName={`Revoke token ${t.label}`}
                    danger
                  />
                )}
              </td>
            </>
          )}
        />
      </section>
    </Layout>
  )
}
