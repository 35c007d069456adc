import { Elysia } from 'elysia'
import { bodyLimitFor, isStreamed, JSON_BODY_LIMIT, jsonLimitFor, limitedRequest, readBodyWithin } from './body-limits'
import { badRequest } from './errors'
import { routedPathOf } from './routed-path'
import { MALFORMED_JSON } from './errors'

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
export const rawJsonText = async (request: Request): Promise<string> =>
  rawTexts.get(request) ?? decodeJson(await readBodyWithin(request, JSON_BODY_LIMIT))

/**
 * Every body is bounded as it streams in (contract 11): JSON is read here within its limit, then
 * checked (UTF-8 byte for byte, depth) and parsed. Any other body with no declared length gets a
 * limited stream in place of its own and is left unread, for Elysia's form parser or for a handler
 * that reads it after its auth checks. (A declared length was checked when the request came in.)
 */
export const jsonBodyParser = new Elysia({ name: 'json-body' }).onParse({ as: 'global' }, async (context) => {
  const { request, contentType } = context
  const path = routedPathOf(context)
  if (!contentType?.toLowerCase().startsWith('application/json')) {
    if (isStreamed(request)) context.request = limitedRequest(request, bodyLimitFor(path))
    return
  }
  const text = decodeJson(await readBodyWithin(request, jsonLimitFor(path)))
  rawTexts.set(request, text)
  if (text.trim() === '') return {}
  if (depthOf(text) > MAX_DEPTH) throw badRequest(TOO_DEEP)
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest(MALFORMED_JSON)
  }
})
