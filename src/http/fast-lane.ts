/**
 * The hot routes' answers from what memory holds, handed to Bun's router ahead of Elysia's own
 * handler for the same route: chatbot-get, the widget's config and files, and the health check
 * (the hot-paths issue). Elysia's composed handler (its context, hooks, derives and the awaits
 * of the guard's cached reads) cost about as much per request as the answer itself.
 *
 * A held answer only ever says yes: it answers when everything the full route would check passes
 * from memory (the token, the subscription, the row, the words used), and otherwise hands the very
 * same request to the full app, which loads what was missing, refuses, validates and answers as
 * it always did. The edge's own work (request id, arrival, the client's limits, the access log) is
 * done once per request whichever way it goes (edge.ts). A held answer is made with its request id
 * among its headers and keeps nothing on the request: setting a header on a made Response, and a
 * property on the request, were a fifth of the lane's own time.
 */
import { newId } from '../lib/ids'
import type { Admission } from './edge'

/** A hot GET route's answer from memory, or undefined when it cannot answer without the full route. */
export interface HeldRoute {
  /** The path exactly as its Elysia route declares it (the route it stands in front of). */
  path: string
  answer(request: Request, params: Record<string, string>, requestId: string): Response | undefined
}

/** What the fast lane needs of the app: its full handler, and the log line of an answered request. */
export interface FullApp {
  fetch(request: Request): Response | Promise<Response>
  /** The access log's line for an answer the fast lane made, with its id and arrival (none below level info). */
  logAnswer?: (request: Request, status: number, requestId: string, startedAt: number) => void
}

type BunRouteHandler = (request: Request & { params?: Record<string, string> }) => Response | Promise<Response>

/** Bun.serve `routes` entries: each held route's GET in front of the app's own. */
export function fastLane(app: FullApp, routes: HeldRoute[], admit: Admission): Record<string, { GET: BunRouteHandler }> {
  const lane: Record<string, { GET: BunRouteHandler }> = {}
  for (const route of routes) {
    lane[route.path] = {
      // Bun answers a HEAD with this too, sending the headers and the body's length without the body.
      GET(request) {
        // A GET with a body, or a Host that makes no URL, goes the full way (its checks answer it).
        if (request.body !== null || !URL.canParse(request.url)) return app.fetch(request)
        const startedAt = app.logAnswer ? performance.now() : 0
        const id = newId()
        const answer = route.answer(request, request.params ?? {}, id)
        // Not held, or over a limit: the app answers (a refused request is kept admitted, so nothing is counted twice).
        if (!answer || !admit.held(request, id)) return app.fetch(request)
        app.logAnswer?.(request, answer.status, id, startedAt)
        return answer
      },
    }
  }
  return lane
}
