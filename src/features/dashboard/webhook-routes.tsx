import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { accessChatbot } from '../chatbots/guard'
import { getChatbot, rotateWebhookSecret } from '../chatbots/service'
import { DELIVERIES_ACCESS, deliveryList } from '../webhooks/service'
import { htmlPage } from './html'
import { noticeOf } from './notices'
import { tabPath } from './pages/chatbot-frame'
import { WebhooksPage } from './pages/webhooks'
import { buttonRoute, HIDDEN, signedIn } from './route-kit'

/** A chatbot's webhook deliveries and the rotation of its secret, over the same services as the API. */
export const webhookPages = (ctx: AppContext) =>
  new Elysia({ name: 'dashboard-webhooks' })
    .get(
      '/dashboard/chatbots/:id/webhooks/',
      signedIn(ctx, async ({ viewer, params, query }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        const { chatbot: row } = await accessChatbot(ctx, viewer.accountId, params.id, DELIVERIES_ACCESS)
        return htmlPage(ctx.config.publicUrl, <WebhooksPage viewer={viewer} chatbot={chatbot} deliveries={await deliveryList(ctx, row)} notice={noticeOf(query.notice)} />)
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/webhooks/rotate/',
      buttonRoute(ctx, {
        run: async ({ viewer, params }) => rotateWebhookSecret(ctx, (await accessChatbot(ctx, viewer.accountId, params.id, DELIVERIES_ACCESS)).chatbot),
        back: (params) => tabPath(params.id, 'webhooks'),
        notice: 'secret-rotated',
      }),
      HIDDEN,
    )
