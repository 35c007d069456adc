import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { isPublicPath, preflightResponse, PUBLIC_CORS_HEADERS } from '../../http/cors'

/**
 * Open CORS for the public paths (the embedding sites call them from their own origin). The chat
 * runtime's endpoints live in conversations, forms, quotes and bookings, the widget config in widget.
 */
export const chatRoutes = (_ctx: AppContext) =>
  new Elysia({ name: 'chat' }).onRequest(({ request, set }) => {
    const path = new URL(request.url).pathname
    if (!isPublicPath(path)) return
    if (request.method === 'OPTIONS') return preflightResponse(request)
    Object.assign(set.headers, PUBLIC_CORS_HEADERS)
  })
