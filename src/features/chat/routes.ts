import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { isPublicPath, preflightResponse, PUBLIC_CORS_HEADERS } from '../../http/cors'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { PUBLIC, PUBLIC_TAGS } from '../../http/openapi'
import { WidgetConfigAnswer } from './model'
import { widgetConfig } from './widget-config'

/**
 * Open CORS for the public paths (the embedding sites call them from their own origin), and the
 * widget config. The chat runtime's other endpoints live in conversations, forms, quotes and
 * bookings; the widget config moves to the widget feature with its own branch.
 */
export const chatRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'chat' })
    .onRequest(({ request, set }) => {
      const path = new URL(request.url).pathname
      if (!isPublicPath(path)) return
      if (request.method === 'OPTIONS') return preflightResponse(request)
      Object.assign(set.headers, PUBLIC_CORS_HEADERS)
    })
    .get('/api/v1.0/widget/:uniqueId/', ({ params }) => widgetConfig(ctx, params.uniqueId), {
      params: ChatbotParams,
      response: { 200: WidgetConfigAnswer, ...errorsOf(FAILS.public) },
      detail: {
        operationId: 'getWidgetConfig',
        summary: 'Widget config: look, greeting and what the chatbot type needs (price list, questions, calendars)',
        tags: PUBLIC_TAGS,
        security: PUBLIC,
      },
    })
