/**
 * A Host header Bun lets through but that makes no URL (`x y`, `[::1`): every hook and route reads
 * the URL, so such a request is answered here, before any of them, with a 400 in the one error
 * model and an access-log line, never with the runtime's 500 and a stack trace.
 */
import { newId } from '../lib/ids'
import type { Logger } from '../infra/log'

export const MALFORMED_HOST = 'The Host header is not a valid host name.'

/** The path as sent, for the log line of a request whose URL does not parse. */
const rawPathOf = (url: string): string => /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(url)?.[1] ?? '/'

type Handler = (request: Request) => Response | Promise<Response>

export function hostChecked(handler: Handler, log: Logger): Handler {
  return (request) => {
    if (URL.canParse(request.url)) return handler(request)
    const id = newId()
    log.info('request', { request_id: id, method: request.method, path: rawPathOf(request.url), status: 400 })
    return Response.json({ error: MALFORMED_HOST, code: 'invalid_request' }, { status: 400, headers: { 'x-request-id': id } })
  }
}
