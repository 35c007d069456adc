import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { SetErrorFunction, DefaultErrorFunction } from '@sinclair/typebox/errors'
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors'
import { Value } from '@sinclair/typebox/value'
import { type AppError, badRequest, invalid, invalidAll } from './errors'

/** A required text: at least one non-space character, at most `max` characters. */
export const RequiredText = (max: number, description?: string) => Type.String({ maxLength: max, pattern: '\\S', description })

export const OptionalText = (max: number, description?: string) => Type.Optional(Type.String({ maxLength: max, description }))

/** Contract 1: every URL field is an absolute http: or https: URL; any other scheme is refused naming the field. */
export const HTTP_URL_PATTERN = '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+'
export const HTTP_URL_MESSAGE = 'must be an absolute http or https URL'
export const HttpUrl = (description: string) => Type.String({ maxLength: 2048, pattern: HTTP_URL_PATTERN, format: 'uri', description })

/** A URL the service posts to (a webhook): no `user:pass@`, refused as link-add refuses it (a password would sit in the row and the logs). */
export const CREDENTIAL_FREE_URL_PATTERN = '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+(?:[/?#]|\\s*$)'
export const URL_CREDENTIALS_MESSAGE = 'must not contain a user name or password'
export const CredentialFreeUrl = (description: string) => Type.String({ maxLength: 2048, pattern: CREDENTIAL_FREE_URL_PATTERN, format: 'uri', description })

const URL_PATTERNS: readonly unknown[] = [HTTP_URL_PATTERN, CREDENTIAL_FREE_URL_PATTERN]
/** An http(s) URL refused by the credential-free pattern carries a user name or password; anything else is no http(s) URL. */
const urlMessage = (value: unknown) => (typeof value === 'string' && new RegExp(HTTP_URL_PATTERN).test(value) ? URL_CREDENTIALS_MESSAGE : HTTP_URL_MESSAGE)

// Messages a person can act on, read as "<field>: <message>".
SetErrorFunction((error) => {
  const schema = error.schema as Record<string, unknown>
  switch (error.errorType) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required'
    case ValueErrorType.StringPattern:
      if (URL_PATTERNS.includes(schema.pattern)) return urlMessage(error.value)
      // A pattern's own plain words, where a description would read badly after "must match".
      if (typeof schema['x-message'] === 'string') return schema['x-message']
      return schema.pattern === '\\S' ? 'must not be empty' : `must match ${String(schema.description ?? schema.pattern)}`
    case ValueErrorType.StringMaxLength:
      return `must be at most ${schema.maxLength} characters`
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters`
    case ValueErrorType.String:
      return 'must be a string'
    case ValueErrorType.Integer:
      return 'must be an integer'
    case ValueErrorType.Number:
      return 'must be a number'
    case ValueErrorType.Boolean:
      return 'must be true or false'
    case ValueErrorType.Array:
      return 'must be a list'
    case ValueErrorType.Object:
      return 'must be an object'
    case ValueErrorType.ArrayMaxItems:
      return `must have at most ${schema.maxItems} items`
    case ValueErrorType.ArrayMinItems:
      return `must have at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${schema.minimum}`
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `must be at most ${schema.maximum}`
    case ValueErrorType.Union:
    case ValueErrorType.Literal: {
      if ((schema.anyOf as { pattern?: string }[] | undefined)?.some((s) => URL_PATTERNS.includes(s.pattern))) return urlMessage(error.value)
      const options = (schema.anyOf as { const?: unknown }[] | undefined)?.map((s) => s.const).filter((c) => c !== undefined)
      return options?.length ? `must be one of ${options.join(', ')}` : DefaultErrorFunction(error)
    }
    case ValueErrorType.StringFormat:
      return schema.format === 'uri' ? HTTP_URL_MESSAGE : DefaultErrorFunction(error)
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not a known field'
    default:
      return DefaultErrorFunction(error)
  }
})

/** "/pricing_plans/2/Price excluding VAT" -> "pricing_plans[2].Price excluding VAT" */
export function fieldName(pointer: string, prefix = ''): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  let name = prefix
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : name ? `.${part}` : part
  return name
}

export type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string }

/** The field a TypeBox error is about, and what is wrong with it ("chatbot_name", "must not be empty"). */
export function describeValueError(error: ValueError, prefix = ''): { field: string; message: string } {
  // An unknown extra key reports at the parent: name the key itself.
  let path = error.path
  if (error.type === ValueErrorType.ObjectAdditionalProperties && error.value && typeof error.value === 'object') {
    const known = Object.keys((error.schema as { properties?: object }).properties ?? {})
    const extra = Object.keys(error.value as object).find((k) => !known.includes(k))
    if (extra) path = `${path}/${extra}`
  }
  // A missing property can report as its own type's error ("must be a string"); it is missing.
  const message = error.value === undefined && error.type !== ValueErrorType.ObjectRequiredProperty ? 'is required' : error.message
  return { field: fieldName(path, prefix) || prefix || 'body', message }
}

export function check<S extends TSchema>(schema: S, value: unknown, prefix = ''): Checked<Static<S>> {
  const first = Value.Errors(schema, value).First()
  if (!first) return { ok: true, value: value as Static<S> }
  return { ok: false, ...describeValueError(first, prefix) }
}

/**
 * The answer to a failed validation: the schema's own `error` text when the spec fixes one
 * (`Enter a valid email address.`), else `<field>: <message>`; `field` either way.
 */
export function validationError(error: ValueError): AppError {
  const { field, message } = describeValueError(error)
  const fixed = (error.schema as { error?: unknown }).error
  return typeof fixed === 'string' ? badRequest(fixed, undefined, field) : invalid(field, message)
}

const MAX_LISTED_PROBLEMS = 100

/**
 * The answer to a body with several problems: the first as `error`/`field`, and all of them,
 * one per field, as `errors` (each read as its own `error` would be) so a form shows them at once.
 */
export function validationErrors(errors: readonly ValueError[]): AppError {
  const byField = new Map<string, AppError>()
  for (const error of errors) {
    const answer = validationError(error)
    if (answer.field !== undefined && !byField.has(answer.field)) byField.set(answer.field, answer)
    if (byField.size === MAX_LISTED_PROBLEMS) break // a body of many bad rows gets a bounded answer
  }
  const all = [...byField.values()]
  if (all.length < 2) return validationError(errors[0])
  return invalidAll(all.map((e) => ({ field: e.field as string, error: e.message })))
}

/** Every problem of a value, one per field, in the schema's order: a form shows them all at once. */
export function problemsOf<S extends TSchema>(schema: S, value: unknown): { field: string; message: string }[] {
  const byField = new Map<string, string>()
  for (const error of Value.Errors(schema, value)) {
    const { field, message } = describeValueError(error)
    if (!byField.has(field)) byField.set(field, message)
  }
  return [...byField].map(([field, message]) => ({ field, message }))
}

/** Validates or throws the validation answer (400, with `field`). */
export function parse<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const first = Value.Errors(schema, value).First()
  if (first) throw validationError(first)
  return value as Static<S>
}
