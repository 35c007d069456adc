import { Html } from '@elysiajs/html'
import type { getChatbot } from '../../chatbots/service'
import { attr } from '../html'
import type { Viewer } from '../session'
import { ChatbotFrame } from './chatbot-frame'
import { LABELS } from './chatbots'
import { count } from './parts'

export type ChatbotDetails = Awaited<ReturnType<typeof getChatbot>>

export function OverviewPage(props: { viewer: Viewer; chatbot: ChatbotDetails; notice?: string | null }): JSX.Element {
  const { chatbot: c } = props
  const id = encodeURIComponent(c.chatbot_id)
  const webhookUrl = 'webhook_url' in c && typeof c.webhook_url === 'string' ? c.webhook_url : ''
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
        <dl class="settings-summary">
          <div>
            <dt>{LABELS.chatbot_title}</dt>
            <dd safe>{c.chatbot_title}</dd>
          </div>
          <div>
            <dt>{LABELS.business_name}</dt>
            <dd safe>{c.business_name}</dd>
          </div>
          <div>
            <dt>{LABELS.chatbot_greeting}</dt>
            <dd safe>{c.chatbot_greeting}</dd>
          </div>
          <div>
            <dt>{LABELS.webhook_url}</dt>
            <dd safe>{webhookUrl || 'None'}</dd>
          </div>
          <div>
            <dt>E-mails about new records</dt>
            <dd>{c.owner_notifications === false ? 'Off' : 'On'}</dd>
          </div>
        </dl>
        <p>
          <a class="button" href={`/dashboard/chatbots/${id}/edit/`}>
            Edit settings
          </a>{' '}
          Every setting in one form: name, greeting, colours, business details, logo, price list, questions, webhook and notifications.
        </p>
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
