import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { isPublicPath, preflightResponse, PUBLIC_CORS_HEADERS } from '../../http/cors'
import { routedPathOf, type WithPath } from '../../http/routed-path'

/**
 * Open CORS for the public paths (the embedding sites call them from their own origin). The chat
 * runtime's endpoints live in conversations, forms, quotes and bookings, the widget config in widget.
 */
export const chatRoutes = (_ctx: AppContext) =>
  new Elysia({ name: 'chat' }).onRequest((context) => {
    const { request, set, path } = context as WithPath<typeof context>
    if (!isPublicPath(routedPathOf(request, path))) return
    if (request.method === 'OPTIONS') return preflightResponse(request)
    Object.assign(set.headers, PUBLIC_CORS_HEADERS)
  })
