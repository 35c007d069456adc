import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { authGuard } from '../../http/auth'
import { bodyDoc } from '../../http/docs'
import { multipartOf, EditBody } from './schemas'
import { chatbotLogo, createChatbot, CREATION, deleteChatbot, editChatbot, getChatbot, listChatbots } from './service'
import { CHATBOT_DELETED, DATA_UPDATED, TYPES } from './texts'

const CREATION_PATHS: [string, ChatbotType][] = [
  ['/api/v1.0/api-knowledge-retrieval/', TYPES.knowledge],
  ['/api/v1.0/api-customer-support/', TYPES.business],
  ['/api/v1.0/api-data-collection/', TYPES.dataCollection],
  ['/api/v1.0/api-quote-generation/', TYPES.quote],
  ['/api/v1.0/api-appointment-calendar/', TYPES.appointment],
]

const isMultipart = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')

const tags = ['Chatbots']

export const chatbotRoutes = (ctx: AppContext) => {
  const authed = new Elysia({ name: 'chatbots' }).use(authGuard(ctx))
  for (const [path, type] of CREATION_PATHS) {
    const schema = CREATION[type].schema
    authed.post(path, ({ account, body, request }) => createChatbot(ctx, account.accountId, type, body, isMultipart(request)), {
      detail: bodyDoc(schema, { multipart: multipartOf(schema), summary: `Create a ${type} chatbot`, tags }),
    })
  }
  return new Elysia({ name: 'chatbots-all' })
    .use(
      authed
        .get('/api/v1.0/chatbot-get/:uniqueId/', ({ account, params }) => getChatbot(ctx, account.accountId, params.uniqueId), {
          detail: { summary: 'Read a chatbot', tags, security: [{ token: [] }] },
        })
        .post(
          '/api/v1.0/chatbot-edit/:uniqueId/',
          async ({ account, params, body }) => {
            await editChatbot(ctx, account.accountId, params.uniqueId, body)
            return { response: DATA_UPDATED }
          },
          { detail: bodyDoc(EditBody, { summary: 'Edit a chatbot: only supplied fields change', tags }) },
        )
        .get('/api/v1.0/chatbot-list/', async ({ account }) => ({ response: 'success', chatbots: await listChatbots(ctx, account.accountId) }), {
          detail: { summary: "List the account's chatbots", tags, security: [{ token: [] }] },
        })
        .post(
          '/api/v1.0/chatbot-delete/:uniqueId/',
          async ({ account, params }) => {
            await deleteChatbot(ctx, account.accountId, params.uniqueId)
            return { response: CHATBOT_DELETED }
          },
          { detail: { summary: 'Delete a chatbot with all its material', tags, security: [{ token: [] }] } },
        ),
    )
    .get(
      '/media/logos/:uniqueId/',
      async ({ params }) => {
        const logo = await chatbotLogo(ctx, params.uniqueId)
        if (!logo) return new Response(JSON.stringify({ error: 'Not found.' }), { status: 404, headers: { 'content-type': 'application/json' } })
        return new Response(new Uint8Array(logo.bytes), {
          headers: {
            'content-type': logo.mime,
            'cache-control': 'public, max-age=300',
            'x-content-type-options': 'nosniff',
            'access-control-allow-origin': '*',
          },
        })
      },
      { detail: { summary: "A chatbot's logo (public, shown by the widget)", tags } },
    )
}
