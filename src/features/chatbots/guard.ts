/**
 * The request's way in for chatbot endpoints: auth (401) → subscription (the endpoint's own
 * text) → chatbot (exists, owned, right type). It runs as a `derive`, in the transform phase, so
 * it answers before Elysia validates the body against the route's model; the route gets
 * `{ account, plan, subscription, chatbot }`.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { authenticate } from '../../http/auth'
import { readDeferredBody } from '../../http/json-body'
import type { AppError } from '../../http/errors'
import type { Plan } from '../../config'
import type { SubscriptionsTable } from '../../db/schema'
import { CHATBOT_NOT_FOUND, forbidden, notFound, wrongChatbotType } from '../../http/errors'
import { notAvailableForType } from '../chat/texts'
import { SUBSCRIPTION_REQUIRED } from './texts'
import { requireSubscription } from '../billing/service'
import { publicChatbot } from './public-chatbot'
import { findChatbot, type ChatbotRow } from './repo'

export interface ChatbotAccessRule {
  /** The endpoint's subscription text (spec section 7 words it per endpoint). */
  subscription: string
  /** The endpoint's answer for a chatbot that does not exist. */
  missing: () => AppError
  /** The types the endpoint serves, and its answer for another type (default: `missing`). */
  types?: readonly ChatbotType[]
  wrongType?: (chatbot: ChatbotRow) => AppError
}

/** What the guard hands a route: the subscriber's plan and the chatbot they may act on. */
export interface ChatbotAccess {
  plan: Plan
  subscription: SubscriptionsTable
  chatbot: ChatbotRow
}

/** The checks after authentication, for the guard and for callers with a signed-in account (the dashboard). */
export async function accessChatbot(ctx: AppContext, accountId: string, chatbotId: string, rule: ChatbotAccessRule): Promise<ChatbotAccess> {
  const { plan, subscription } = await requireSubscription(ctx, accountId, rule.subscription)
  const chatbot = await findChatbot(ctx.db, chatbotId)
  if (!chatbot) throw rule.missing()
  if (chatbot.account_id !== accountId) throw forbidden()
  if (rule.types && !rule.types.includes(chatbot.type)) throw rule.wrongType ? rule.wrongType(chatbot) : rule.missing()
  return { plan, subscription, chatbot }
}

/** Token and subscription: for the routes of the instance that uses it (scoped one level up). */
export const accountAccess = (ctx: AppContext, subscriptionText: string) =>
  new Elysia().derive({ as: 'scoped' }, async (context) => {
    const account = await authenticate(ctx, context.request.headers.get('authorization'))
    const { plan, subscription } = await requireSubscription(ctx, account.accountId, subscriptionText)
    // A creation body is read only now that the caller is in (http/json-body.ts).
    context.body = await readDeferredBody(context.body)
    return { account, plan, subscription }
  })

/** Token, subscription and the `:uniqueId` chatbot, checked in that order. */
export const chatbotAccess = (ctx: AppContext, rule: ChatbotAccessRule) =>
  new Elysia().derive({ as: 'scoped' }, async (context) => {
    const account = await authenticate(ctx, context.request.headers.get('authorization'))
    const access = await accessChatbot(ctx, account.accountId, context.params.uniqueId ?? '', rule)
    // An edit body is read only now that the caller is in and owns the chatbot (http/json-body.ts).
    context.body = await readDeferredBody(context.body)
    return { account, ...access }
  })

/** The owner endpoints of one chatbot type (submissions, leads, appointments): 404 unknown, 400 another type. */
export const ownerOfType = (type: ChatbotType): ChatbotAccessRule => ({
  subscription: SUBSCRIPTION_REQUIRED,
  missing: () => notFound(CHATBOT_NOT_FOUND),
  types: [type],
  wrongType: (chatbot) => wrongChatbotType(notAvailableForType(chatbot.type)),
})

/**
 * The public endpoints' way in: the chatbot exists (404) and its owner is paying (403), then,
 * for an endpoint of one type, the chatbot is of that type (400) — all before the body.
 */
export const publicAccess = (ctx: AppContext, type?: ChatbotType) =>
  new Elysia().derive({ as: 'scoped' }, async ({ params }) => {
    const chatbot = await publicChatbot(ctx, params.uniqueId ?? '')
    if (type && chatbot.type !== type) throw wrongChatbotType(notAvailableForType(chatbot.type))
    return { chatbot }
  })
