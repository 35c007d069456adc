import { Html } from '@elysiajs/html'
import type { ChatbotType } from '../../../db/schema'
import { rowFieldLabel, SHAPES, slugOf, TYPE_SLUGS, TYPE_SUMMARIES, type CreationForm } from '../chatbot-form'
import { Checkbox, ErrorSummary, Field, FileField, PostForm, TextArea, type FormErrors } from '../forms'
import { attr } from '../html'
import { Layout } from '../layout'
import type { Viewer } from '../session'
import { tabPath, type ChatbotSummary } from './chatbot-frame'
import { Breadcrumbs, CalendarFieldset, PlanRows, QuestionRows, RepeatedRows } from './parts'

export function ChatbotListPage(props: { viewer: Viewer; chatbots: ChatbotSummary[]; used: number; allowed: number; notice?: string | null }): JSX.Element {
  const left = Math.max(0, props.allowed - props.used)
  return (
    <Layout title="Chatbots" viewer={props.viewer} section="chatbots" notice={props.notice}>
      <div class="page-head">
        <div>
          <h1>Your chatbots</h1>
          <p class="subtitle">
            {String(left)} of {String(props.allowed)} chatbot creations left on your plan.
          </p>
        </div>
        {left > 0 ? (
          <a class="button" href="/dashboard/chatbots/new/">
            Create a chatbot
          </a>
        ) : (
          ''
        )}
      </div>
      {props.chatbots.length === 0 ? (
        <div class="card">
          <h2>No chatbots yet</h2>
          <p>Create your first chatbot, train it, then paste its embed code into your website.</p>
          <a class="button" href="/dashboard/chatbots/new/">
            Create a chatbot
          </a>
        </div>
      ) : (
        <ul class="bot-list">
          {props.chatbots.map((c) => (
            <li class="bot-card">
              <h2>
                <a href={attr(tabPath(c.chatbot_id, 'overview'))} safe>
                  {c.chatbot_name}
                </a>
              </h2>
              <p class="type" safe>
                {c.chatbot_type}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Layout>
  )
}

export function ChooseTypePage(props: { viewer: Viewer }): JSX.Element {
  return (
    <Layout title="Create a chatbot" viewer={props.viewer} section="chatbots">
      <Breadcrumbs steps={[{ href: '/dashboard/chatbots/new/', label: 'New chatbot', current: true }]} />
      <h1>What should your chatbot do?</h1>
      <ul class="type-list">
        {Object.entries(TYPE_SLUGS).map(([slug, type]) => (
          <li>
            <a href={`/dashboard/chatbots/new/${slug}/`}>
              <strong safe>{type}</strong>
              <span safe>{TYPE_SUMMARIES[type]}</span>
            </a>
          </li>
        ))}
      </ul>
    </Layout>
  )
}

/** Labels of the scalar inputs, used by the inputs and by the error summary. */
export const LABELS: Record<string, string> = {
  chatbot_name: 'Chatbot name',
  chatbot_title: 'Title in the chat window',
  chatbot_greeting: 'Greeting',
  chatbot_instructions: 'Instructions for visitors',
  chatbot_language: 'Widget language',
  business_name: 'Business name',
  business_industry: 'Industry',
  business_website: 'Website',
  business_logo: 'Logo',
  chatbot_color1: 'Primary colour',
  chatbot_color2: 'Secondary colour',
  user_allowance: 'Messages per visitor per day',
  currency: 'Currency',
  quotes_validity: 'Quotes valid for (days)',
  webhook_url: 'Webhook URL',
  contact_information: 'Contact information',
  operating_hours: 'Opening hours',
  address_locations: 'Addresses',
  faqs: 'Frequently asked questions',
  terms_of_service: 'Terms of service URL',
  privacy_policy: 'Privacy policy URL',
  delivery_fees: 'Delivery fees',
  payment_terms: 'Payment terms',
}

const LONG_TEXTS = new Set(['contact_information', 'operating_hours', 'address_locations', 'faqs', 'delivery_fees', 'payment_terms'])
const URL_TEXTS = new Set(['terms_of_service', 'privacy_policy'])

/** The chatbot being edited, when CreationPage serves as its full settings form (contract 10). */
export interface EditTarget {
  chatbotId: string
  name: string
  logoUrl: string | null
  ownerNotifications: boolean
}

export function CreationPage(props: { viewer: Viewer; type: ChatbotType; form: CreationForm; csrf: string; errors?: FormErrors | null; edit?: EditTarget }): JSX.Element {
  const { type, form, errors, edit } = props
  const shape = SHAPES[type]
  const title = edit ? `Edit ${edit.name}` : `New ${type} chatbot`
  const action = edit ? `/dashboard/chatbots/${encodeURIComponent(edit.chatbotId)}/edit/` : `/dashboard/chatbots/new/${slugOf(type)}/`
  const keptLogo = form.values.business_logo_kept ?? ''
  const v = (name: string) => form.values[name] ?? ''
  const f = (name: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field id={`f-${name}`} name={name} label={LABELS[name]} value={v(name)} error={errors?.of(`f-${name}`)} {...extra} />
  )
  const labels = Object.fromEntries(Object.entries(LABELS).map(([k, l]) => [`f-${k}`, l]))
  return (
    <Layout title={title} viewer={props.viewer} section="chatbots">
      <Breadcrumbs
        steps={
          edit
            ? [
                { href: tabPath(edit.chatbotId, 'overview'), label: edit.name },
                { href: action, label: 'Edit', current: true },
              ]
            : [
                { href: '/dashboard/chatbots/new/', label: 'New chatbot' },
                { href: action, label: type, current: true },
              ]
        }
      />
      <h1 safe>{title}</h1>
      <p class="subtitle" safe>
        {edit ? type : TYPE_SUMMARIES[type]}
      </p>
      <ErrorSummary errors={errors} labels={labels} labelOf={rowFieldLabel} />
      <PostForm action={action} csrf={props.csrf} multipart novalidate>
        {/* The form's default button, first in it: Enter in a field saves, never adds or removes a row. */}
        <button type="submit" hidden>
          {edit ? 'Save changes' : 'Create chatbot'}
        </button>
        <fieldset>
          <legend>About the chatbot</legend>
          {f('chatbot_name', { required: true, maxlength: 100 })}
          {f('chatbot_title', { hint: 'Shown at the top of the chat window. Defaults to the name.', maxlength: 100 })}
          <TextArea
            id="f-chatbot_greeting"
            name="chatbot_greeting"
            label={LABELS.chatbot_greeting}
            hint="The first message visitors see."
            rows={2}
            required
            maxlength={1000}
            value={v('chatbot_greeting')}
            error={errors?.of('f-chatbot_greeting')}
          />
          <TextArea
            id="f-chatbot_instructions"
            name="chatbot_instructions"
            label={LABELS.chatbot_instructions}
            hint="How visitors should use the chatbot."
            rows={2}
            required={shape.instructions === 'required'}
            maxlength={4000}
            value={v('chatbot_instructions')}
            error={errors?.of('f-chatbot_instructions')}
          />
          {f('chatbot_language', {
            maxlength: 35,
            class: 'field-short',
            hint: "A language code: en, de, fr or es. The embed code's data-lang comes first; empty means the visitor's browser language.",
          })}
          {f('user_allowance', { type: 'number', min: 1, max: 100000, class: 'field-short', hint: 'From 1 to 100,000.', inputmode: 'numeric' })}
        </fieldset>
        <fieldset>
          <legend>Your business</legend>
          {f('business_name', { maxlength: 200, autocomplete: 'organization', hint: 'What your clients see on quotes and e-mails. Defaults to the chatbot name.' })}
          {f('business_industry', { required: true, maxlength: 200 })}
          {f('business_website', { type: 'url', required: shape.website === 'required', hint: 'A full address such as https://example.com', autocomplete: 'url' })}
          {edit?.logoUrl && !keptLogo ? (
            <p>
              <img src={attr(edit.logoUrl)} alt="The current logo" class="logo-preview" height="48" />
            </p>
          ) : (
            ''
          )}
          {keptLogo ? (
            <p>
              <img src={attr(keptLogo)} alt="The logo you chose" class="logo-preview" height="48" /> The logo you chose is kept; choose another file to replace it.
              <input type="hidden" name="business_logo_kept" value={attr(keptLogo)} />
            </p>
          ) : (
            ''
          )}
          <FileField
            id="f-business_logo"
            name="business_logo"
            label={LABELS.business_logo}
            hint={`PNG, JPEG, GIF or WebP, at most 2 MiB.${shape.logo === 'required' ? ' It appears on every quote.' : ''}${edit ? ' Leave empty to keep the current logo.' : ''}`}
            accept="image/png,image/jpeg,image/gif,image/webp"
            required={shape.logo === 'required' && !edit && !keptLogo}
            error={errors?.of('f-business_logo')}
          />
          {edit && edit.logoUrl && shape.logo !== 'required' ? (
            <Checkbox id="f-remove_logo" name="remove_logo" label="Remove the logo" checked={form.values.remove_logo === 'true'} />
          ) : (
            ''
          )}
          {shape.currency !== 'none'
            ? f('currency', { required: shape.currency === 'required', maxlength: 20, hint: 'A symbol or code, like $ or EUR.', class: 'field-short' })
            : ''}
          {shape.texts.map((name) =>
            LONG_TEXTS.has(name) ? (
              <TextArea id={`f-${name}`} name={name} label={LABELS[name]} rows={name === 'faqs' ? 6 : 3} value={v(name)} error={errors?.of(`f-${name}`)} />
            ) : (
              f(name, { type: URL_TEXTS.has(name) ? 'url' : 'text' })
            ),
          )}
          {shape.quotesValidity ? f('quotes_validity', { inputmode: 'numeric', class: 'field-short', hint: 'Days from the quote date. Leave empty for no expiry.' }) : ''}
          {shape.webhook
            ? f('webhook_url', { type: 'url', hint: "We POST the chatbot's events there (new leads, submissions, bookings, unanswered questions), signed as Standard Webhooks." })
            : ''}
        </fieldset>
        {shape.plans ? <PlanRows rows={form.plans} errors={errors} required /> : ''}
        {shape.questions !== 'none' ? <QuestionRows rows={form.questions} errors={errors} required={shape.questions === 'required'} /> : ''}
        {shape.calendars && edit ? (
          <p>
            Calendars are changed on the <a href={attr(tabPath(edit.chatbotId, 'calendars'))}>Calendars</a> tab.
          </p>
        ) : shape.calendars ? (
          <RepeatedRows kind="calendar" legend="Calendars" count={form.calendars.length} addLabel="Add another calendar">
            {form.calendars.map((row, i) => (
              <CalendarFieldset index={i} row={row} errors={errors} removable />
            ))}
          </RepeatedRows>
        ) : (
          ''
        )}
        <fieldset>
          <legend>Colours</legend>
          <div class="grid-2">
            {f('chatbot_color1', { type: 'color', hint: 'Header and buttons.' })}
            {f('chatbot_color2', { type: 'color', hint: 'Text on the primary colour.' })}
          </div>
        </fieldset>
        {edit ? (
          <fieldset>
            <legend>Notifications</legend>
            <input type="hidden" name="owner_notifications_shown" value="true" />
            <Checkbox
              id="f-owner_notifications"
              name="owner_notifications"
              label="E-mail me about each new lead, form submission, appointment and cancellation"
              checked={form.values.owner_notifications !== 'false'}
              error={errors?.of('f-owner_notifications')}
            />
          </fieldset>
        ) : (
          ''
        )}
        <div class="button-row">
          <button type="submit" class="button">
            {edit ? 'Save changes' : 'Create chatbot'}
          </button>
          <a href={attr(edit ? tabPath(edit.chatbotId, 'overview') : '/dashboard/chatbots/')}>Cancel</a>
        </div>
      </PostForm>
    </Layout>
  )
}

export function DeleteChatbotPage(props: { viewer: Viewer; chatbot: ChatbotSummary; csrf: string }): JSX.Element {
  const { chatbot } = props
  return (
    <Layout title={`Delete ${chatbot.chatbot_name}`} viewer={props.viewer} section="chatbots">
      <div class="narrow">
        <h1>
          Delete <span safe>{chatbot.chatbot_name}</span>?
        </h1>
        <p>
          The chatbot stops answering on every website that embeds it. Its documents, links, calendars, leads, submissions and appointments are deleted too. This cannot be undone.
        </p>
        <p>Deleting does not give back a chatbot creation on your plan.</p>
        <PostForm action={`/dashboard/chatbots/${encodeURIComponent(chatbot.chatbot_id)}/delete/`} csrf={props.csrf} class="button-row">
          <button type="submit" class="button button-danger">
            Delete chatbot
          </button>
          <a href={attr(tabPath(chatbot.chatbot_id, 'overview'))}>Keep it</a>
        </PostForm>
      </div>
    </Layout>
  )
}
