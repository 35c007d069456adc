import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { accountPages } from './account-routes'
import { dashboardAssets } from './assets'
import { authRoutes } from './auth-routes'
import { chatbotPages } from './chatbot-routes'
import { conversationPages } from './conversation-routes'
import { materialPages } from './material-routes'
import { recordPages } from './record-routes'
import { webhookPages } from './webhook-routes'

/** The owner dashboard: server-rendered pages under /dashboard/, backed by the same services as the API. */
export const dashboardRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'dashboard' })
    .use(dashboardAssets)
    .use(authRoutes(ctx))
    .use(chatbotPages(ctx))
    .use(materialPages(ctx))
    .use(recordPages(ctx))
    .use(conversationPages(ctx))
    .use(webhookPages(ctx))
    .use(accountPages(ctx))
