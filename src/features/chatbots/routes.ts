import { Elysia } from 'elysia'
import { PageQuery, pageOf } from '../../http/pagination'
import type { AppContext } from '../../context'
import type { ChatbotType } from '../../db/schema'
import { CHATBOT_NOT_FOUND, NOT_FOUND, notFound } from '../../http/errors'
import { ChatbotParams, Confirmation, errorsOf, FAILS } from '../../http/model'
import { PUBLIC, requestBody } from '../../http/openapi'
import { accountAccess, chatbotAccess } from './guard'
import { accountScope, IdempotencyHeaders, idempotent, REPLAYED_HEADER_DOC } from '../../http/idempotency'
import { creationLogo, rememberCreationLogo } from './input'
import {
  AppointmentBody,
  BusinessEnquiriesBody,
  ChatbotList,
  ChatbotView,
  CreationAnswer,
  DataCollectionBody,
  EditBody,
  KnowledgeRetrievalBody,
  multipartOf,
  QuoteGenerationBody,
} from './model'
import { chatbotList, chatbotLogo, chatbotViewResponse, createChatbot, deleteOwnedChatbot, editOwnedChatbot, prepareCreationBody, type ChatbotMaterial } from './service'
import { CHATBOT_DELETED, DATA_UPDATED, SUBSCRIPTION_REQUIRED, TYPES } from './texts'

const isMultipart = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')

/** The chatbot type each creation path makes. */
const TYPES_BY_PATH = new Map<string, ChatbotType>([
  ['/api/v1.0/api-knowledge-retrieval/', TYPES.knowledge],
  ['/api/v1.0/api-customer-support/', TYPES.business],
  ['/api/v1.0/api-data-collection/', TYPES.dataCollection],
  ['/api/v1.0/api-quote-generation/', TYPES.quote],
  ['/api/v1.0/api-appointment-calendar/', TYPES.appointment],
])

const tags = ['Chatbots']
const creationResponse = { 200: CreationAnswer, ...errorsOf(FAILS.owner, FAILS.body, [409]) }
const creationDoc = (operationId: string, summary: string, schema: Parameters<typeof multipartOf>[0]) => ({
  operationId,
  summary,
  tags,
  successHeaders: REPLAYED_HEADER_DOC,
  // The JSON body comes from the route's `body`; list fields travel as JSON text in multipart.
  requestBody: requestBody({ 'multipart/form-data': multipartOf(schema) }),
})
const ownChatbot = { subscription: SUBSCRIPTION_REQUIRED, missing: () => notFound(CHATBOT_NOT_FOUND) }

export const chatbotRoutes = (ctx: AppContext, material: ChatbotMaterial) => {
  // Creation: token and subscription, then the body brought to its JSON shape (lists from multipart
  // text, the logo taken out and checked), then Elysia validates it against the type's model.
  const creation = new Elysia({ name: 'chatbot-creation' })
    .use(accountAccess(ctx, SUBSCRIPTION_REQUIRED))
    .onTransform(async (context) => {
      const type = TYPES_BY_PATH.get(new URL(context.request.url).pathname.replace(/\/?$/, '/'))
      if (!type) return
      const { fields, logo } = await prepareCreationBody(type, context.body, isMultipart(context.request))
      rememberCreationLogo(context.request, logo)
      context.body = fields
    })
    .post(
      '/api/v1.0/api-knowledge-retrieval/',
      ({ account, plan, body, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(account.accountId), CreationAnswer, () =>
          createChatbot(ctx, material, { accountId: account.accountId, plan }, TYPES.knowledge, body, creationLogo(request)),
        ),
      {
        headers: IdempotencyHeaders,
        body: KnowledgeRetrievalBody,
        response: creationResponse,
        detail: creationDoc('createKnowledgeRetrievalChatbot', `Create a ${TYPES.knowledge} chatbot`, KnowledgeRetrievalBody),
      },
    )
    .post(
      '/api/v1.0/api-customer-support/',
      ({ account, plan, body, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(account.accountId), CreationAnswer, () =>
          createChatbot(ctx, material, { accountId: account.accountId, plan }, TYPES.business, body, creationLogo(request)),
        ),
      {
        headers: IdempotencyHeaders,
        body: BusinessEnquiriesBody,
        response: creationResponse,
        detail: creationDoc('createBusinessEnquiriesChatbot', `Create a ${TYPES.business} chatbot`, BusinessEnquiriesBody),
      },
    )
    .post(
      '/api/v1.0/api-data-collection/',
      ({ account, plan, body, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(account.accountId), CreationAnswer, () =>
          createChatbot(ctx, material, { accountId: account.accountId, plan }, TYPES.dataCollection, body, creationLogo(request)),
        ),
      {
        headers: IdempotencyHeaders,
        body: DataCollectionBody,
        response: creationResponse,
        detail: creationDoc('createDataCollectionChatbot', `Create a ${TYPES.dataCollection} chatbot`, DataCollectionBody),
      },
    )
    .post(
      '/api/v1.0/api-quote-generation/',
      ({ account, plan, body, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(account.accountId), CreationAnswer, () =>
          createChatbot(ctx, material, { accountId: account.accountId, plan }, TYPES.quote, body, creationLogo(request)),
        ),
      {
        headers: IdempotencyHeaders,
        body: QuoteGenerationBody,
        response: creationResponse,
        detail: creationDoc('createQuoteGenerationChatbot', `Create a ${TYPES.quote} chatbot`, QuoteGenerationBody),
      },
    )
    .post(
      '/api/v1.0/api-appointment-calendar/',
      ({ account, plan, body, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(account.accountId), CreationAnswer, () =>
          createChatbot(ctx, material, { accountId: account.accountId, plan }, TYPES.appointment, body, creationLogo(request)),
        ),
      {
        headers: IdempotencyHeaders,
        body: AppointmentBody,
        response: creationResponse,
        detail: creationDoc('createAppointmentChatbot', `Create an ${TYPES.appointment} chatbot`, AppointmentBody),
      },
    )

  const owned = new Elysia({ name: 'chatbot-owned' })
    .use(chatbotAccess(ctx, ownChatbot))
    .get('/api/v1.0/chatbot-get/:uniqueId/', ({ chatbot, plan, subscription }) => chatbotViewResponse(ctx, material, { chatbot, plan, subscription }), {
      params: ChatbotParams,
      response: { 200: ChatbotView, ...errorsOf(FAILS.chatbot) },
      detail: { operationId: 'getChatbot', summary: 'Read a chatbot', tags },
    })
    .post(
      '/api/v1.0/chatbot-edit/:uniqueId/',
      async ({ chatbot, body, request }) => {
        await editOwnedChatbot(ctx, chatbot, body, isMultipart(request))
        return { response: DATA_UPDATED }
      },
      {
        params: ChatbotParams,
        response: { 200: Confirmation(DATA_UPDATED), ...errorsOf(FAILS.chatbot, FAILS.body) },
        detail: {
          operationId: 'editChatbot',
          summary: 'Edit a chatbot: only supplied fields change, lists are replaced whole, and nothing changes unless every field is valid',
          tags,
          requestBody: requestBody({ 'application/json': EditBody, 'multipart/form-data': multipartOf(EditBody) }),
        },
      },
    )
    .post(
      '/api/v1.0/chatbot-delete/:uniqueId/',
      async ({ chatbot }) => {
        await deleteOwnedChatbot(ctx, chatbot)
        return { response: CHATBOT_DELETED }
      },
      {
        params: ChatbotParams,
        response: { 200: Confirmation(CHATBOT_DELETED), ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'deleteChatbot', summary: 'Delete a chatbot with all its material', tags },
      },
    )

  const listing = new Elysia({ name: 'chatbot-list' }).use(accountAccess(ctx, SUBSCRIPTION_REQUIRED)).get(
    '/api/v1.0/chatbot-list/',
    async ({ account, query }) => {
      const { items, ...more } = pageOf(await chatbotList(ctx, account.accountId), query, { id: (c) => c.chatbot_id, oldestFirst: true })
      return { response: 'success' as const, chatbots: items, ...more }
    },
    {
      query: PageQuery,
      response: { 200: ChatbotList, ...errorsOf(FAILS.owner) },
      detail: { operationId: 'listChatbots', summary: "List the account's chatbots", tags },
    },
  )

  return new Elysia({ name: 'chatbots' })
    .use(creation)
    .use(owned)
    .use(listing)
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
