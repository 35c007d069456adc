import { Html } from '@elysiajs/html'
import type { getChatbot } from '../../chatbots/service'
import { ErrorSummary, Field, PostForm, TextArea, type FormErrors } from '../forms'
import { attr } from '../html'
import type { Viewer } from '../session'
import { ChatbotFrame } from './chatbot-frame'
import { LABELS } from './chatbots'
import { count } from './parts'

export type ChatbotDetails = Awaited<ReturnType<typeof getChatbot>>

/** Values shown in the settings form: the stored ones, or what was just submitted when it failed. */
export type SettingsValues = Record<string, string>

export const settingsValues = (c: ChatbotDetails): SettingsValues => ({
  chatbot_name: c.chatbot_name,
  chatbot_title: c.chatbot_title,
  chatbot_greeting: c.chatbot_greeting,
  chatbot_instructions: c.chatbot_instructions,
  user_allowance: String(c.user_allowance),
  chatbot_color1: c.chatbot_color1,
  chatbot_color2: c.chatbot_color2,
  webhook_url: 'webhook_url' in c && typeof c.webhook_url === 'string' ? c.webhook_url : '',
})

export function OverviewPage(props: { viewer: Viewer; chatbot: ChatbotDetails; values: SettingsValues; errors?: FormErrors | null; notice?: string | null }): JSX.Element {
  const { chatbot: c, values, errors } = props
  const id = encodeURIComponent(c.chatbot_id)
  const f = (name: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field id={`f-${name}`} name={name} label={LABELS[name]} value={values[name] ?? ''} error={errors?.of(`f-${name}`)} {...extra} />
  )
  const secret = 'webhook_secret' in c && typeof c.webhook_secret === 'string' ? c.webhook_secret : null
  return (
    <ChatbotFrame viewer={props.viewer} chatbot={c} tab="overview" notice={props.notice}>
      <dl class="stats">
        <div class="stat">
          <dt>Conversations</dt>
          <dd>{count(c.conversation_count)}</dd>
        </div>
        <div class="stat">
          <dt>Training words left</dt>
          <dd>{count(c.available_word_count)}</dd>
        </div>
        <div class="stat">
          <dt>Messages per visitor per day</dt>
          <dd>{count(c.user_allowance)}</dd>
        </div>
        <div class="stat">
          <dt>Resets on</dt>
          <dd safe>{c.reset_date}</dd>
        </div>
      </dl>

      <div class="two-col">
        <section class="section" aria-labelledby="embed-title">
          <h2 id="embed-title">Put it on your website</h2>
          <p>
            Paste this code just before the closing <code safe>{'</body>'}</code> tag of every page that should show the chatbot.
          </p>
          <div class="field">
            <label for="embed-code">Embed code</label>
            <textarea id="embed-code" class="code" rows="5" readonly spellcheck="false" safe>
              {c.embed_code}
            </textarea>
          </div>
          <button type="button" class="button button-secondary" data-copy-target="embed-code" data-copy-status="copy-status" hidden>
            Copy embed code
          </button>
          <span id="copy-status" class="copy-status" role="status" aria-live="polite"></span>
        </section>
        <section class="section" aria-labelledby="preview-title">
          <h2 id="preview-title">Live preview</h2>
          <p class="hint">Messages you send here count like a visitor's. Open the chat button at the bottom right.</p>
          <iframe class="preview-frame" title={attr(`Preview of ${c.chatbot_name}`)} src={`/dashboard/chatbots/${id}/preview/`} loading="lazy"></iframe>
        </section>
      </div>

      <section class="section" aria-labelledby="settings-title">
        <h2 id="settings-title">Settings</h2>
        <p>
          <a href={`/dashboard/chatbots/${id}/edit/`}>Edit every setting</a>: business details, logo, price list, questions and notifications.
        </p>
        <ErrorSummary errors={errors} labels={Object.fromEntries(Object.entries(LABELS).map(([k, l]) => [`f-${k}`, l]))} />
        <PostForm action={`/dashboard/chatbots/${id}/settings/`} csrf={props.viewer.csrf} novalidate class="card">
          {f('chatbot_name', { required: true, maxlength: 100 })}
          {f('chatbot_title', { required: true, maxlength: 100, hint: 'Shown at the top of the chat window.' })}
          <TextArea
            id="f-chatbot_greeting"
            name="chatbot_greeting"
            label={LABELS.chatbot_greeting}
            rows={2}
            required
            maxlength={1000}
            value={values.chatbot_greeting}
            error={errors?.of('f-chatbot_greeting')}
          />
          <TextArea
            id="f-chatbot_instructions"
            name="chatbot_instructions"
            label={LABELS.chatbot_instructions}
            rows={2}
            maxlength={4000}
            value={values.chatbot_instructions}
            error={errors?.of('f-chatbot_instructions')}
          />
          {f('user_allowance', { type: 'number', required: true, min: 1, max: 100000, class: 'field-short', inputmode: 'numeric', hint: 'From 1 to 100,000.' })}
          <div class="grid-2">
            {f('chatbot_color1', { type: 'color', required: true })}
            {f('chatbot_color2', { type: 'color', required: true })}
          </div>
          {f('webhook_url', { type: 'url', hint: "We POST this chatbot's events there, signed as Standard Webhooks. Leave empty to stop them." })}
          <button type="submit" class="button">
            Save settings
          </button>
        </PostForm>
        {secret ? (
          <details class="card">
            <summary>Webhook signing secret</summary>
            <p>Verify each delivery with this secret and any Standard Webhooks library.</p>
            <p>
              <code safe>{secret}</code>
            </p>
          </details>
        ) : (
          ''
        )}
      </section>

      <section class="section card danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete this chatbot</h2>
        <p>It stops answering everywhere, and its material and records are deleted.</p>
        <a class="button button-danger" href={`/dashboard/chatbots/${id}/delete/`}>
          Delete chatbot…
        </a>
      </section>
    </ChatbotFrame>
  )
}

/** The preview page's only inline style (its CSP allows it by hash). */
export const PREVIEW_STYLE = 'body{font:15px/1.5 system-ui,sans-serif;color:#52606d;margin:0;padding:1rem;background:#f8fafc}'

/** The page inside the preview iframe: a blank page carrying the exact embed code. */
export function PreviewDocument(props: { chatbot: ChatbotDetails }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview</title>
<style>${PREVIEW_STYLE}</style>
</head><body><p>This is how the chatbot appears on your website.</p>
${props.chatbot.embed_code}
</body></html>`
}
