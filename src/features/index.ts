/**
 * Every feature's routes, in mounting order, with the file that declares them: createApp mounts
 * this list, and docs/routes.md (the table of every route and its feature file) is generated from
 * it, so the table cannot drift from the app.
 */
import type { AnyElysia } from 'elysia'
import type { AppContext } from '../context'
import type { HeldRoute } from '../http/fast-lane'
import { accountRoutes } from './accounts/routes'
import { CHATBOT_MATERIAL } from './chatbot-material'
import { accountEmail, accountExists } from './accounts/service'
import { billingRoutes } from './billing/routes'
import { bookingRoutes } from './bookings/routes'
import { calendarRoutes } from './calendars/routes'
import { chatbotRoutes } from './chatbots/routes'
import { conversationRoutes } from './conversations/routes'
import { dashboardRoutes } from './dashboard/routes'
import { formRoutes } from './forms/routes'
import { ownerFaqRoutes } from './owner-faqs/routes'
import { requestAccount } from './request-account'
import { quoteRoutes } from './quotes/routes'
import { trainingRoutes } from './training/routes'
import { widgetHeldRoutes, widgetRoutes } from './widget/routes'
import { webhookRoutes } from './webhooks/routes'

export interface FeatureRoutes {
  feature: string
  /** The file that declares these routes, from the repository root. */
  file: string
  routes: (ctx: AppContext) => AnyElysia
  /** Hot GET routes' answers from memory, in front of their routes above (http/fast-lane.ts). */
  heldRoutes?: (ctx: AppContext) => HeldRoute[]
}

export const FEATURE_ROUTES: FeatureRoutes[] = [
  { feature: 'accounts', file: 'src/features/accounts/routes.ts', routes: accountRoutes },
  { feature: 'billing', file: 'src/features/billing/routes.ts', routes: (ctx) => billingRoutes(ctx, { emailOf: accountEmail, exists: accountExists }) },
  { feature: 'chatbots', file: 'src/features/chatbots/routes.ts', routes: (ctx) => chatbotRoutes(ctx, CHATBOT_MATERIAL) },
  { feature: 'conversations', file: 'src/features/conversations/routes.ts', routes: conversationRoutes },
  { feature: 'forms', file: 'src/features/forms/routes.ts', routes: (ctx) => formRoutes(ctx, requestAccount) },
  { feature: 'quotes', file: 'src/features/quotes/routes.ts', routes: quoteRoutes },
  { feature: 'bookings', file: 'src/features/bookings/routes.ts', routes: bookingRoutes },
  { feature: 'owner-faqs', file: 'src/features/owner-faqs/routes.ts', routes: ownerFaqRoutes },
  { feature: 'training', file: 'src/features/training/routes.ts', routes: (ctx) => trainingRoutes(ctx, requestAccount) },
  { feature: 'calendars', file: 'src/features/calendars/routes.ts', routes: calendarRoutes },
  { feature: 'webhooks', file: 'src/features/webhooks/routes.ts', routes: webhookRoutes },
  { feature: 'widget', file: 'src/features/widget/routes.ts', routes: widgetRoutes, heldRoutes: widgetHeldRoutes },
  { feature: 'dashboard', file: 'src/features/dashboard/routes.tsx', routes: dashboardRoutes },
]
