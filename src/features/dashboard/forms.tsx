import { Html, type PropsWithChildren } from '@elysiajs/html'
import type { AppError } from '../../http/errors'
import { CSRF_FIELD } from './csrf'
import { attr, text } from './html'

/** Errors of one submitted form: per input id, plus those that belong to no single field. */
export class FormErrors {
  readonly byId = new Map<string, string>()
  readonly general: string[] = []
  /** Input ids in the order errors were added, for the summary. */
  get any(): boolean {
    return this.byId.size > 0 || this.general.length > 0
  }
  add(id: string | undefined, message: string): this {
    if (id && !this.byId.has(id)) this.byId.set(id, message)
    else if (!id) this.general.push(message)
    return this
  }
  of(id: string): string | undefined {
    return this.byId.get(id)
  }
}

/**
 * Services name the field at fault in `field` (the API's own key). `idOf` maps an API field name
 * ("pricing_plans[1].Price excluding VAT") to the input showing it; a name it does not know is
 * tried without its last segments.
 */
export function errorsFrom(error: AppError, idOf: (field: string) => string | undefined): FormErrors {
  const errors = new FormErrors()
  const message = error.fieldMessage
  if (error.field !== undefined && message !== undefined) {
    let field = error.field
    for (;;) {
      const id = idOf(field)
      if (id) {
        // The field's own message says more than a generic text the spec fixes for API callers.
        return errors.add(id, message)
      }
      const shorter = field.replace(/(\.[^.[\]]+|\[\d+\])$/, '')
      if (shorter === field) break
      field = shorter
    }
  }
  errors.add(undefined, error.detail ? `${error.message} (${error.detail})` : error.message)
  return errors
}

/** Every problem of a form at once, each next to its input (a field no input shows goes to the summary). */
export function errorsOfProblems(problems: { field: string; message: string }[], idOf: (field: string) => string | undefined): FormErrors {
  const errors = new FormErrors()
  for (const { field, message } of problems) {
    let name = field
    let id = idOf(name)
    while (!id) {
      const shorter = name.replace(/(\.[^.[\]]+|\[\d+\])$/, '')
      if (shorter === name) break
      name = shorter
      id = idOf(name)
    }
    errors.add(id, id ? message : `${field}: ${message}`)
  }
  return errors
}

/** "is required" under "Greeting" reads "Greeting is required"; a full sentence stays as it is. */
export const sentence = (label: string | undefined, message: string) => (label && /^[a-z]/.test(message) ? `${label} ${message}` : message)

export const CsrfField = (props: { token: string }) => <input type="hidden" name={CSRF_FIELD} value={attr(props.token)} />

/** GOV.UK-style summary at the top of a form, linking to each field in error. */
export function ErrorSummary(props: { errors: FormErrors | null | undefined; labels?: Record<string, string>; labelOf?: (id: string) => string | undefined }): JSX.Element {
  const errors = props.errors
  if (!errors?.any) return ''
  return (
    <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" data-focus-on-load>
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {errors.general.map((m) => (
          <li safe>{m}</li>
        ))}
        {[...errors.byId].map(([id, message]) => (
          <li>
            <a href={`#${attr(id)}`} safe>
              {sentence(props.labels?.[id] ?? props.labelOf?.(id), message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

interface FieldProps {
  id: string
  name: string
  label: string
  value?: string | number | null
  hint?: string
  error?: string
  type?: 'text' | 'email' | 'url' | 'number' | 'color' | 'password' | 'time'
  required?: boolean
  autocomplete?: string
  inputmode?: 'numeric' | 'decimal' | 'email' | 'url' | 'text'
  placeholder?: string
  min?: number
  max?: number
  maxlength?: number
  spellcheck?: boolean
  class?: string
}

const describedBy = (id: string, hint?: string, error?: string) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** The hint under a label, which the input names in aria-describedby as `<id>-hint`. */
function Hint(props: { id: string; text?: string }): JSX.Element {
  return props.text ? (
    <p class="hint" id={attr(`${props.id}-hint`)} safe>
      {props.text}
    </p>
  ) : (
    ''
  )
}

/** The error message of one input (or group), which it names in aria-describedby as `<id>-error`. */
export function FieldError(props: { id: string; message?: string }): JSX.Element {
  return props.message ? (
    <p class="field-error" id={attr(`${props.id}-error`)}>
      <span class="visually-hidden">Error: </span>
      <span safe>{props.message}</span>
    </p>
  ) : (
    ''
  )
}

function LabelAndMessages(props: { id: string; label: string; hint?: string; error?: string; required?: boolean }): JSX.Element {
  return (
    <>
      <label for={attr(props.id)}>
        <span safe>{props.label}</span>
        {props.required ? '' : <span class="optional"> (optional)</span>}
      </label>
      <Hint id={props.id} text={props.hint} />
      <FieldError id={props.id} message={props.error ? sentence(props.label, props.error) : undefined} />
    </>
  )
}

export function Field(props: FieldProps): JSX.Element {
  return (
    <div class={['field', props.error ? 'has-error' : '', props.class ?? '']}>
      <LabelAndMessages {...props} />
      <input
        id={attr(props.id)}
        name={attr(props.name)}
        type={props.type ?? 'text'}
        value={props.value === null || props.value === undefined ? undefined : attr(String(props.value))}
        required={props.required}
        autocomplete={props.autocomplete}
        inputmode={props.inputmode}
        placeholder={props.placeholder ? attr(props.placeholder) : undefined}
        min={props.min}
        max={props.max}
        maxlength={props.maxlength}
        spellcheck={props.spellcheck === false ? 'false' : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        aria-invalid={props.error ? 'true' : undefined}
      />
    </div>
  )
}

export function TextArea(props: Omit<FieldProps, 'type' | 'min' | 'max' | 'inputmode'> & { rows?: number; readonly?: boolean }): JSX.Element {
  return (
    <div class={['field', props.error ? 'has-error' : '', props.class ?? '']}>
      <LabelAndMessages {...props} />
      <textarea
        id={attr(props.id)}
        name={attr(props.name)}
        rows={String(props.rows ?? 4)}
        required={props.required}
        readonly={props.readonly}
        maxlength={props.maxlength}
        spellcheck={props.spellcheck === false ? 'false' : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        aria-invalid={props.error ? 'true' : undefined}
        safe
      >
        {props.value === null || props.value === undefined ? '' : String(props.value)}
      </textarea>
    </div>
  )
}

/** A file input with its hint; an error that is a whole sentence is shown as it is, a short one after the label. */
export function FileField(props: { id: string; name: string; label: string; hint: string; accept: string; error?: string; required?: boolean; multiple?: boolean }): JSX.Element {
  return (
    <div class={['field', props.error ? 'has-error' : '']}>
      <label for={attr(props.id)}>
        {text(props.label)}
        {props.required ? '' : <span class="optional"> (optional)</span>}
      </label>
      <Hint id={props.id} text={props.hint} />
      <FieldError id={props.id} message={props.error ? sentence(props.label, props.error) : undefined} />
      <input
        type="file"
        id={attr(props.id)}
        name={attr(props.name)}
        accept={attr(props.accept)}
        multiple={props.multiple}
        required={props.required}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        aria-invalid={props.error ? 'true' : undefined}
      />
    </div>
  )
}

export function Select(props: {
  id: string
  name: string
  label: string
  options: readonly (string | { value: string; label: string })[]
  value?: string | null
  hint?: string
  error?: string
  required?: boolean
  class?: string
  /** Preselect the browser's time zone (dashboard.js), for a new calendar. */
  browserZone?: boolean
}): JSX.Element {
  return (
    <div class={['field', props.error ? 'has-error' : '', props.class ?? '']}>
      <LabelAndMessages {...props} />
      <select
        id={attr(props.id)}
        name={attr(props.name)}
        data-browser-zone={props.browserZone ? 'true' : undefined}
        required={props.required}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        aria-invalid={props.error ? 'true' : undefined}
      >
        {props.options.map((o) => {
          const option = typeof o === 'string' ? { value: o, label: o } : o
          return (
            <option value={attr(option.value)} selected={option.value === props.value} safe>
              {option.label}
            </option>
          )
        })}
      </select>
    </div>
  )
}

export function Checkbox(props: { id: string; name: string; label: string; checked?: boolean; error?: string }): JSX.Element {
  return (
    <div class="checkbox">
      <input
        type="checkbox"
        id={attr(props.id)}
        name={attr(props.name)}
        value="true"
        checked={props.checked}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        aria-invalid={props.error ? 'true' : undefined}
      />
      <label for={attr(props.id)} safe>
        {props.label}
      </label>
    </div>
  )
}

/** A POST form with its CSRF field; `multipart` for file uploads. */
export function PostForm(props: {
  action: string
  csrf: string
  multipart?: boolean
  class?: string
  novalidate?: boolean
  'aria-label'?: string
  'aria-labelledby'?: string
  children?: PropsWithChildren['children']
}): JSX.Element {
  return (
    <form
      method="post"
      action={attr(props.action)}
      enctype={props.multipart ? 'multipart/form-data' : undefined}
      class={props.class}
      novalidate={props.novalidate}
      aria-label={props['aria-label'] ? attr(props['aria-label']) : undefined}
      aria-labelledby={props['aria-labelledby']}
    >
      <CsrfField token={props.csrf} />
      {props.children}
    </form>
  )
}

/** One-button form (delete, revoke): the accessible name says what it acts on. */
export function ActionButton(props: { action: string; csrf: string; label: string; accessibleName?: string; danger?: boolean }): JSX.Element {
  return (
    <form method="post" action={attr(props.action)} class="inline-form">
      <CsrfField token={props.csrf} />
      <button
        type="submit"
        class={props.danger ? 'button button-danger button-small' : 'button button-secondary button-small'}
        aria-label={props.accessibleName ? attr(props.accessibleName) : undefined}
        safe
      >
        {props.label}
      </button>
    </form>
  )
}

/** The Delete button of a table row; `what` names the row for screen readers ("document Price list.pdf"). */
export const DeleteButton = (props: { action: string; csrf: string; what: string }) => (
  <ActionButton action={props.action} csrf={props.csrf} label="Delete" accessibleName={`Delete ${props.what}`} danger />
)
