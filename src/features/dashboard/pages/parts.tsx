import { Html, type PropsWithChildren } from '@elysiajs/html'
import { DATA_TYPES } from '../../chatbots/model'
import type { CALENDAR_FLAG_KEYS, CalendarRow, PlanRow, QuestionRow } from '../chatbot-form'
import { Checkbox, Field, FieldError, Select, sentence, TextArea, type FormErrors } from '../forms'
import { attr } from '../html'
import { formatTwentyFour, parseTwelveHour } from '../../calendars/clock'

const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')]

/** '9:00 AM' as a time input's '09:00'; anything else as it was typed. */
function timeInputValue(value: string): string {
  const minutes = parseTwelveHour(value)
  return minutes === null ? value : formatTwentyFour(minutes)
}

const FLAG_LABELS: Record<(typeof CALENDAR_FLAG_KEYS)[number], string> = {
  include_weekends: 'Weekends can be booked',
  min15App: '15 minutes',
  min30App: '30 minutes',
  min45App: '45 minutes',
  min60App: '60 minutes',
}

export function CalendarFieldset(props: { index: number; row: CalendarRow; errors?: FormErrors | null; legend?: string; existing?: boolean; removable?: boolean }): JSX.Element {
  const { index: i, row, errors } = props
  const id = (k: string) => `calendar-${i}-${k}`
  const durationError = ['min15App', 'min30App', 'min45App', 'min60App'].map((k) => errors?.of(id(k))).find(Boolean)
  return (
    <fieldset>
      <legend safe>{props.legend ?? `Calendar ${i + 1}`}</legend>
      {props.removable ? <RemoveRow kind="calendar" index={i} noun="calendar" /> : ''}
      <div class="grid-2">
        <Field
          id={id('calendar_name')}
          name={id('calendar_name')}
          label="Calendar name"
          required
          value={row.calendar_name}
          maxlength={100}
          error={errors?.of(id('calendar_name'))}
        />
        <Field
          id={id('calendar_email')}
          name={id('calendar_email')}
          type="email"
          label="Notification e-mail"
          hint="Receives an invitation for every booking."
          required
          value={row.calendar_email}
          autocomplete="off"
          error={errors?.of(id('calendar_email'))}
        />
        <Field
          id={id('daily_start')}
          name={id('daily_start')}
          type="time"
          label="Opens at"
          required
          value={timeInputValue(row.daily_start)}
          error={errors?.of(id('daily_start'))}
        />
        <Field id={id('daily_end')} name={id('daily_end')} type="time" label="Closes at" required value={timeInputValue(row.daily_end)} error={errors?.of(id('daily_end'))} />
        <Select
          id={id('local_timezone')}
          name={id('local_timezone')}
          label="Time zone"
          required
          options={ZONES}
          value={row.local_timezone}
          error={errors?.of(id('local_timezone'))}
          browserZone={!props.existing && row.local_timezone === 'UTC'}
        />
      </div>
      <TextArea
        id={id('description')}
        name={id('description')}
        label="Details for attendees"
        hint="A meeting link or the address; sent with every invitation."
        rows={2}
        value={row.description}
        maxlength={2000}
        error={errors?.of(id('description'))}
      />
      <fieldset class={durationError ? 'has-error' : ''}>
        <legend>Appointment lengths offered</legend>
        <FieldError id={id('min15App')} message={durationError ? sentence('Appointment lengths', durationError) : undefined} />
        <div class="checkbox-row">
          {(['min15App', 'min30App', 'min45App', 'min60App'] as const).map((k) => (
            <Checkbox id={id(k)} name={id(k)} label={FLAG_LABELS[k]} checked={row[k]} error={k === 'min15App' ? durationError : undefined} />
          ))}
        </div>
      </fieldset>
      <Checkbox id={id('include_weekends')} name={id('include_weekends')} label={FLAG_LABELS.include_weekends} checked={row.include_weekends} />
    </fieldset>
  )
}

/**
 * A list of like rows in a form: `<kind>_rows` tells the server how many were shown, and the
 * "add another" button re-shows the form with one more (named add=<kind>, sent without validation).
 */
export function RepeatedRows(props: {
  kind: 'plan' | 'question' | 'calendar'
  legend: string
  hint?: string
  count: number
  addLabel: string
  children?: PropsWithChildren['children']
}): JSX.Element {
  return (
    <fieldset>
      <legend safe>{props.legend}</legend>
      {props.hint ? (
        <p class="hint" safe>
          {props.hint}
        </p>
      ) : (
        ''
      )}
      <input type="hidden" name={`${props.kind}_rows`} value={String(props.count)} />
      {props.children}
      <button type="submit" name="add" value={props.kind} class="button button-secondary button-small" formnovalidate safe>
        {props.addLabel}
      </button>
    </fieldset>
  )
}

/**
 * The Remove button of one row: the form comes back without it, everything else kept (the
 * form's hidden default button makes Enter save, never remove).
 */
export function RemoveRow(props: { kind: 'plan' | 'question' | 'calendar'; index: number; noun: string }): JSX.Element {
  return (
    <button
      type="submit"
      name="remove"
      value={`${props.kind}-${props.index}`}
      class="button button-secondary button-small remove-row"
      formnovalidate
      aria-label={attr(`Remove ${props.noun} ${props.index + 1}`)}
    >
      Remove
    </button>
  )
}

const optional = (legend: string, required: boolean) => (required ? legend : `${legend} (optional)`)

export function PlanRows(props: { rows: PlanRow[]; errors?: FormErrors | null; required: boolean }): JSX.Element {
  return (
    <RepeatedRows
      kind="plan"
      legend={optional('Price list', props.required)}
      hint="One product or service per row; rows left empty are ignored. Prices are numbers like 100 or 9.99."
      count={props.rows.length}
      addLabel="Add another item"
    >
      {props.rows.map((row, i) => {
        const id = (k: string) => `plan-${i}-${k}`
        return (
          <fieldset>
            <legend safe>{`Item ${i + 1}`}</legend>
            <RemoveRow kind="plan" index={i} noun="item" />
            <div class="grid-2">
              <Field id={id('name')} name={id('name')} label="Product or service name" value={row.name} maxlength={200} error={props.errors?.of(id('name'))} required />
              <Field
                id={id('description')}
                name={id('description')}
                label="Short description"
                value={row.description}
                maxlength={1000}
                error={props.errors?.of(id('description'))}
              />
              <Field
                id={id('excl')}
                name={id('excl')}
                label="Price excluding VAT"
                inputmode="decimal"
                value={row.excl}
                class="field-short"
                error={props.errors?.of(id('excl'))}
                required
              />
              <Field
                id={id('incl')}
                name={id('incl')}
                label="Price including VAT"
                inputmode="decimal"
                value={row.incl}
                class="field-short"
                error={props.errors?.of(id('incl'))}
                required
              />
            </div>
          </fieldset>
        )
      })}
    </RepeatedRows>
  )
}

export function QuestionRows(props: { rows: QuestionRow[]; errors?: FormErrors | null; required: boolean }): JSX.Element {
  return (
    <RepeatedRows
      kind="question"
      legend={optional('Questions', props.required)}
      hint="The chatbot asks them in this order. Rows left empty are ignored."
      count={props.rows.length}
      addLabel="Add another question"
    >
      {props.rows.map((row, i) => {
        const id = (k: string) => `question-${i}-${k}`
        return (
          <fieldset>
            <legend safe>{`Question ${i + 1}`}</legend>
            <RemoveRow kind="question" index={i} noun="question" />
            <div class="grid-2">
              <Field
                id={id('title')}
                name={id('title')}
                label="Label"
                hint="Names the answer in your exports, like Name"
                value={row.title}
                maxlength={200}
                error={props.errors?.of(id('title'))}
                required
              />
              <Field id={id('question')} name={id('question')} label="Question asked" value={row.question} maxlength={1000} error={props.errors?.of(id('question'))} required />
              <Select
                id={id('type')}
                name={id('type')}
                label="Answer type"
                options={DATA_TYPES.map((t) => ({ value: t, label: ANSWER_TYPES[t] }))}
                value={row.type}
                error={props.errors?.of(id('type'))}
                required
              />
              <TextArea
                id={id('options')}
                name={id('options')}
                label="Options"
                hint="For a choice: one option a line, 2 to 20. Visitors pick one by button, number or text."
                value={row.options}
                rows={3}
                class="choice-options"
                error={props.errors?.of(id('options'))}
              />
            </div>
            <Checkbox
              id={id('optional')}
              name={id('optional')}
              label="Visitors may skip this question"
              checked={row.optional === 'true'}
              error={props.errors?.of(id('optional'))}
            />
          </fieldset>
        )
      })}
    </RepeatedRows>
  )
}

export const ANSWER_TYPES: Record<(typeof DATA_TYPES)[number], string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes or no',
  image: 'Image upload',
  pdf_document: 'PDF upload',
  email: 'E-mail address',
  phone: 'Phone number',
  date: 'Date',
  choice: 'Choice of options',
}

export function Badge(props: { status: string }): JSX.Element {
  const tone: Record<string, string> = {
    added: 'ok',
    delivered: 'ok',
    confirmed: 'ok',
    queued: 'warn',
    pending: 'warn',
    not_added: 'bad',
    failed: 'bad',
    not_answered: 'bad',
    'in FAQs': 'ok',
    cancelled: 'bad',
  }
  return (
    <span class={`badge badge-${tone[props.status] ?? 'neutral'}`} data-status={attr(props.status)} safe>
      {props.status.replace(/_/g, ' ')}
    </span>
  )
}

/** A horizontally scrollable table region that keyboard users can scroll too. */
export function TableRegion(props: { label: string; children?: PropsWithChildren['children'] }): JSX.Element {
  return (
    <section class="table-scroll" aria-label={attr(props.label)} tabindex="0">
      {props.children}
    </section>
  )
}

/** A column heading: `num` right-aligns figures, `hidden` keeps the title for screen readers only (an Actions column). */
export type Column = string | { title: string; num?: boolean; hidden?: boolean }

function ColumnHead(props: { column: Column }): JSX.Element {
  const c = typeof props.column === 'string' ? { title: props.column } : props.column
  return c.hidden ? (
    <th scope="col">
      <span class="visually-hidden" safe>
        {c.title}
      </span>
    </th>
  ) : (
    <th scope="col" class={c.num ? 'num' : undefined} safe>
      {c.title}
    </th>
  )
}

/**
 * A table that stacks on phones, in its scrollable region named `label`, or the `empty` text when
 * there are no items. `row` gives the cells of one item (its first one a `<th scope="row">`);
 * `caption` is read by screen readers only.
 */
export function DataTable<T>(props: {
  label: string
  caption?: string
  columns: readonly Column[]
  items: readonly T[]
  row: (item: T) => JSX.Element
  empty: string
}): JSX.Element {
  if (props.items.length === 0) {
    return (
      <p class="empty" safe>
        {props.empty}
      </p>
    )
  }
  return (
    <TableRegion label={props.label}>
      <table class="stack">
        {props.caption ? (
          <caption class="visually-hidden" safe>
            {props.caption}
          </caption>
        ) : (
          ''
        )}
        <thead>
          <tr>
            {props.columns.map((column) => (
              <ColumnHead column={column} />
            ))}
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => (
            <tr>{props.row(item)}</tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}

/** The trail above a page inside Chatbots; the last step is the current page. */
export function Breadcrumbs(props: { steps: { href: string; label: string; current?: boolean }[] }): JSX.Element {
  return (
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <a href="/dashboard/chatbots/">Chatbots</a>
        </li>
        {props.steps.map((step) => (
          <li>
            <a href={attr(step.href)} aria-current={step.current ? 'page' : undefined} safe>
              {step.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
export const when = (iso: string | null | undefined): string => (iso ? `${DATE_TIME.format(new Date(iso))} UTC` : '')
export const day = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '')
export const count = (n: number) => n.toLocaleString('en-US')

/** A UTC time the page's script rewrites in the owner's own zone (the UTC text stays without JavaScript). */
export const LocalTime = (props: { iso: string }): JSX.Element => (
  <time datetime={attr(props.iso)} data-local="true" safe>
    {when(props.iso)}
  </time>
)
