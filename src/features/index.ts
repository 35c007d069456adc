/**
 * Every feature's routes, in mounting order, with the file that declares them: createApp mounts
 * this list, and docs/routes.md (the table of every route and its feature file) is generated from
 * it, so the table cannot drift from the app.
 */
import type { AnyElysia } from 'elysia'
import type { AppContext } from '../context'
import { accountRoutes } from './accounts/routes'
import { billingRoutes } from './billing/routes'
import { calendarRoutes } from './calendars/routes'
import { chatRoutes } from './chat/routes'
import { chatbotRoutes } from './chatbots/routes'
import { dashboardRoutes } from './dashboard/routes'
import { trainingRoutes } from './training/routes'
import { widgetRoutes } from './widget/routes'

export interface FeatureRoutes {
  feature: string
  /** The file that declares these routes, from the repository root. */
  file: string
  routes: (ctx: AppContext) => AnyElysia
}

export const FEATURE_ROUTES: FeatureRoutes[] = [
  { feature: 'accounts', file: 'src/features/accounts/routes.ts', routes: accountRoutes },
  { feature: 'billing', file: 'src/features/billing/routes.ts', routes: billingRoutes },
  { feature: 'chatbots', file: 'src/features/chatbots/routes.ts', routes: chatbotRoutes },
  { feature: 'chat', file: 'src/features/chat/routes.ts', routes: chatRoutes },
  { feature: 'training', file: 'src/features/training/routes.ts', routes: trainingRoutes },
  { feature: 'calendars', file: 'src/features/calendars/routes.ts', routes: calendarRoutes },
  { feature: 'widget', file: 'src/features/widget/routes.ts', routes: () => widgetRoutes },
  { feature: 'dashboard', file: 'src/features/dashboard/routes.tsx', routes: dashboardRoutes },
]
