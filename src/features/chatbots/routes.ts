import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { authGuard } from '../../http/auth'
import { NOT_FOUND, notFound } from '../../http/errors'
import { ChatbotParams, Confirmation, errorsOf, FAILS } from '../../http/model'
import { PUBLIC, requestBody } from '../../http/openapi'
import { ChatbotList, ChatbotView, CreationAnswer, EditBody, multipartOf } from './model'
import { chatbotLogo, createChatbot, CREATION, deleteChatbot, editChatbot, getChatbot, listChatbots, type ChatbotMaterial } from './service'
import { CHATBOT_DELETED, DATA_UPDATED, TYPES } from './texts'

const CREATION_PATHS: [string, ChatbotType, string][] = [
  ['/api/v1.0/api-knowledge-retrieval/', TYPES.knowledge, 'createKnowledgeRetrievalChatbot'],
  ['/api/v1.0/api-customer-support/', TYPES.business, 'createBusinessEnquiriesChatbot'],
  ['/api/v1.0/api-data-collection/', TYPES.dataCollection, 'createDataCollectionChatbot'],
  ['/api/v1.0/api-quote-generation/', TYPES.quote, 'createQuoteGenerationChatbot'],
  ['/api/v1.0/api-appointment-calendar/', TYPES.appointment, 'createAppointmentChatbot'],
]

const isMultipart = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')

const tags = ['Chatbots']

export const chatbotRoutes = (ctx: AppContext, material: ChatbotMaterial) => {
  const authed = new Elysia({ name: 'chatbots' }).use(authGuard(ctx))
  for (const [path, type, operationId] of CREATION_PATHS) {
    const schema = CREATION[type].schema
    authed.post(path, ({ account, body, request }) => createChatbot(ctx, material, account.accountId, type, body, isMultipart(request)), {
      response: { 200: CreationAnswer, ...errorsOf(FAILS.owner, FAILS.body) },
      detail: {
        operationId,
        summary: `Create a ${type} chatbot`,
        tags,
        requestBody: requestBody({ 'application/json': schema, 'multipart/form-data': multipartOf(schema) }),
      },
    })
  }
  return new Elysia({ name: 'chatbots-all' })
    .use(
      authed
        .get('/api/v1.0/chatbot-get/:uniqueId/', ({ account, params }) => getChatbot(ctx, material, account.accountId, params.uniqueId), {
          params: ChatbotParams,
          response: { 200: ChatbotView, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'getChatbot', summary: 'Read a chatbot', tags },
        })
        .post(
          '/api/v1.0/chatbot-edit/:uniqueId/',
          async ({ account, params, body }) => {
            await editChatbot(ctx, account.accountId, params.uniqueId, body)
            return { response: DATA_UPDATED }
          },
          {
            params: ChatbotParams,
            response: { 200: Confirmation(DATA_UPDATED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: {
              operationId: 'editChatbot',
              summary: 'Edit a chatbot: only supplied fields change',
              tags,
              requestBody: requestBody({ 'application/json': EditBody }),
            },
          },
        )
        .get('/api/v1.0/chatbot-list/', async ({ account }) => ({ response: 'success' as const, chatbots: await listChatbots(ctx, account.accountId) }), {
          response: { 200: ChatbotList, ...errorsOf(FAILS.owner) },
          detail: { operationId: 'listChatbots', summary: "List the account's chatbots", tags },
        })
        .post(
          '/api/v1.0/chatbot-delete/:uniqueId/',
          async ({ account, params }) => {
            await deleteChatbot(ctx, account.accountId, params.uniqueId)
            return { response: CHATBOT_DELETED }
          },
          {
            params: ChatbotParams,
            response: { 200: Confirmation(CHATBOT_DELETED), ...errorsOf(FAILS.chatbot) },
            detail: { operationId: 'deleteChatbot', summary: 'Delete a chatbot with all its material', tags },
          },
        ),
    )
    .get(
      '/media/logos/:uniqueId/',
      async ({ params }) => {
        const logo = await chatbotLogo(ctx, params.uniqueId)
        if (!logo) throw notFound(NOT_FOUND)
        return new Response(new Uint8Array(logo.bytes), {
          headers: {
            'content-type': logo.mime,
            'cache-control': 'public, max-age=300',
            'x-content-type-options': 'nosniff',
            'access-control-allow-origin': '*',
          },
        })
      },
      {
        params: ChatbotParams,
        response: errorsOf([404]),
        detail: {
          operationId: 'getChatbotLogo',
          summary: "A chatbot's logo (public, shown by the widget)",
          tags,
          security: PUBLIC,
          responses: { 200: { description: 'The logo image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } } },
        },
      },
    )
}
