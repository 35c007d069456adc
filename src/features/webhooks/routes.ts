import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { PageQuery, pageOf } from '../../http/pagination'
import { chatbotAccess } from '../chatbots/guard'
import { rotateWebhookSecret } from '../chatbots/service'
import { DeliveryList, RotatedSecret } from './model'
import { DELIVERIES_ACCESS, deliveryList } from './service'

const tags = ['Webhooks']

/** The owner's view of the chatbot's webhook deliveries, and the secret's rotation. */
export const webhookRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'webhooks' })
    .use(chatbotAccess(ctx, DELIVERIES_ACCESS))
    .get(
      '/api/v1.0/chatbot-webhook-deliveries/:uniqueId/',
      async ({ chatbot, query }) => {
        const { items, ...more } = pageOf(await deliveryList(ctx, chatbot), query, { id: (d) => d.delivery_id })
        return { response: 'success' as const, deliveries: items, ...more }
      },
      {
        params: ChatbotParams,
        query: PageQuery,
        response: { 200: DeliveryList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listWebhookDeliveries', summary: "The chatbot's webhook deliveries with their state, newest first", tags },
      },
    )
    .post('/api/v1.0/chatbot-webhook-secret-rotate/:uniqueId/', ({ chatbot }) => rotateWebhookSecret(ctx, chatbot), {
      params: ChatbotParams,
      response: { 200: RotatedSecret, ...errorsOf(FAILS.chatbot) },
      detail: {
        operationId: 'rotateWebhookSecret',
        summary: 'Replace the webhook secret; for 24 hours deliveries carry a signature under each (new first, space-separated)',
        tags,
      },
    })
