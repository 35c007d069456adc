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
import type { AppError } from '../../http/errors'
import { requireSubscription } from '../billing/service'
import { ownedChatbot } from './access'

export interface ChatbotAccessRule {
  /** The endpoint's subscription text (spec section 7 words it per endpoint). */
  subscription: string
  /** The endpoint's answer for a chatbot that does not exist. */
  missing: () => AppError
  /** The types the endpoint serves, and its answer for another type (default: `missing`). */
  types?: readonly ChatbotType[]
  wrongType?: () => AppError
}

/** Token and subscription: for the routes of the instance that uses it (scoped one level up). */
export const accountAccess = (ctx: AppContext, subscriptionText: string) =>
  new Elysia().derive({ as: 'scoped' }, async ({ headers }) => {
    const account = await authenticate(ctx, headers.authorization)
    const { plan, subscription } = await requireSubscription(ctx, account.accountId, subscriptionText)
    return { account, plan, subscription }
  })

/** Token, subscription and the `:uniqueId` chatbot, checked in that order. */
export const chatbotAccess = (ctx: AppContext, rule: ChatbotAccessRule) =>
  new Elysia().derive({ as: 'scoped' }, async ({ headers, params }) => {
    const account = await authenticate(ctx, headers.authorization)
    const { plan, subscription } = await requireSubscription(ctx, account.accountId, rule.subscription)
    const chatbot = await ownedChatbot(ctx, account.accountId, params.uniqueId ?? '', {
      missing: rule.missing(),
      types: rule.types,
      wrongType: rule.wrongType?.(),
    })
    return { account, plan, subscription, chatbot }
  })
