import { Elysia } from 'elysia'
import { badRequest } from './errors'
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

/** The exact text of a JSON body already read by the parser (signature checks need the bytes as sent). */
export const rawJsonText = async (request: Request): Promise<string> => rawTexts.get(request) ?? request.text()

/** Strict JSON bodies: UTF-8 checked byte for byte, depth bounded, then parsed. */
export const jsonBodyParser = new Elysia({ name: 'json-body' }).onParse({ as: 'global' }, async ({ request, contentType }) => {
  if (!contentType?.toLowerCase().startsWith('application/json')) return
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await request.arrayBuffer())
  } catch {
    throw badRequest(INVALID_UTF8)
  }
  rawTexts.set(request, text)
  if (text.trim() === '') return {}
  if (depthOf(text) > MAX_DEPTH) throw badRequest(TOO_DEEP)
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest(MALFORMED_JSON)
  }
})
