import { Elysia } from 'elysia'
import { bodyLimitFor, isStreamed, isTooLarge, JSON_BODY_LIMIT, jsonLimitFor, limitedRequest, readBodyWithin } from './body-limits'
import { badRequest } from './errors'
import { routedPathOf, type WithPath } from './routed-path'
import { MALFORMED_JSON } from './errors'

export const MALFORMED_FORM = 'Malformed multipart body.'
export const INVALID_UTF8 = 'Request body is not valid UTF-8.'
export const TOO_DEEP = 'JSON body is nested too deeply.'
const MAX_DEPTH = 64

/** Nesting depth without recursion, so a hostile 100,000-deep body cannot exhaust the stack. */
function depthOf(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) max = Math.max(max, ++depth)
    else if (c === 125 || c === 93) depth--
  }
  return max
}

const rawTexts = new WeakMap<Request, string>()

const decodeJson = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badRequest(INVALID_UTF8)
  }
}

/** The exact text of a JSON body (signature checks need the bytes as sent); an unparsed one is read within 1 MiB. */
export const rawJsonText = async (request: Request): Promise<string> => rawTexts.get(request) ?? decodeJson(await readBodyWithin(request, JSON_BODY_LIMIT))

/**
 * Every body is bounded as it streams in (contract 11): JSON is read here within its limit, then
 * checked (UTF-8 byte for byte, depth) and parsed. Any other body with no declared length gets a
 * limited stream in place of its own and is left unread, for Elysia's form parser or for a handler
 * that reads it after its auth checks. (A declared length was checked when the request came in.)
 */
/** A JSON text checked (depth) and parsed; an empty body is `{}`. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return {}
  if (depthOf(text) > MAX_DEPTH) throw badRequest(TOO_DEEP)
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest(MALFORMED_JSON)
  }
}

/**
 * The body of a route that takes a large one (creation and edit, 5 MiB), kept unread until the route's
 * guard has let the request in: an anonymous or foreign caller is answered without the server
 * reading (or buffering) what it sends (contract 11). The guard calls readDeferredBody.
 */
export class DeferredBody {
  constructor(
    readonly request: Request,
    readonly limit: number,
    readonly json: boolean,
  ) {}
}

/** Routes whose body is read only after their guard: the 5 MiB creation and edit bodies. */
const deferredUntilAdmitted = (path: string): boolean => jsonLimitFor(path) > JSON_BODY_LIMIT

/** The 400 of a text field sent twice (contract 14): one value each, or the request is ambiguous. */
export const repeatedField = (name: string): string => `The field ${name} is given more than once.`

/**
 * Form fields as Elysia gives them, in one pass (linear in the body: 60,000 repeats once took 25 s
 * when each repeat copied the list). Files under one name are a list (a multiple file input); a text
 * field given twice is a 400 naming it.
 */
function fieldsOf(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  const files = new Map<string, FormDataEntryValue[]>()
  for (const [key, value] of entries) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    if (typeof value === 'string') {
      if (key in fields) throw badRequest(repeatedField(key), undefined, key)
      fields[key] = value
      continue
    }
    const list = files.get(key)
    if (list) list.push(value)
    else if (typeof fields[key] === 'string') throw badRequest(repeatedField(key), undefined, key)
    else {
      files.set(key, [value])
      fields[key] = value
    }
  }
  for (const [key, list] of files) if (list.length > 1) fields[key] = list
  return fields
}

/** A deferred body read now (the caller has admitted the request); any other body is returned as it is. */
export async function readDeferredBody(body: unknown): Promise<unknown> {
  if (!(body instanceof DeferredBody)) return body
  const { request, limit } = body
  if (body.json) {
    const text = decodeJson(await readBodyWithin(request, limit))
    rawTexts.set(request, text)
    return parseJsonText(text)
  }
  const type = request.headers.get('content-type')?.toLowerCase() ?? ''
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch((error: unknown) => {
      if (isTooLarge(error)) throw error
      throw badRequest(MALFORMED_FORM)
    })
    return fieldsOf(form)
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return fieldsOf(new URLSearchParams(decodeJson(await readBodyWithin(request, limit))))
  return {}
}

/**
 * Every body is bounded as it streams in (contract 11): JSON is read here within its limit, then
 * checked (UTF-8 byte for byte, depth) and parsed. Any other body with no declared length gets a
 * limited stream in place of its own and is left unread, for Elysia's form parser or for a handler
 * that reads it after its auth checks. (A declared length was checked when the request came in.)
 * A creation or edit body is not read here at all: its guard reads it once it has let the caller in.
 */
export const jsonBodyParser = new Elysia({ name: 'json-body' }).onParse({ as: 'global' }, async (context) => {
  const { request, contentType, path: routed } = context as WithPath<typeof context>
  const path = routedPathOf(request, routed)
  const json = contentType?.toLowerCase().startsWith('application/json') ?? false
  if (deferredUntilAdmitted(path) && request.body) {
    const limit = json ? jsonLimitFor(path) : bodyLimitFor(path)
    return new DeferredBody(isStreamed(request) ? limitedRequest(request, limit) : request, limit, json)
  }
  if (!json) {
    if (isStreamed(request)) context.request = limitedRequest(request, bodyLimitFor(path))
    return
  }
  const text = decodeJson(await readBodyWithin(request, jsonLimitFor(path)))
  rawTexts.set(request, text)
  return parseJsonText(text)
})
