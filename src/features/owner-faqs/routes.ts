import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { CHATBOT_NOT_FOUND, notFound, wrongChatbotType } from '../../http/errors'
import { ChatbotParams, Confirmation, errorsOf, FAILS } from '../../http/model'
import { requestBody } from '../../http/openapi'
import { TYPES, SUBSCRIPTION_REQUIRED } from '../chatbots/texts'
import { type ChatbotAccessRule, chatbotAccess } from '../chatbots/guard'
import { notAvailableForType } from '../chat/texts'
import { AddFaqBody, DeleteFaqBody, FaqAdded, FaqList } from './model'
import { addFaq, deleteFaq, viewFaqs } from './service'
import { FAQ_DELETED } from './texts'

const tags = ['Owner answers']

/** The types whose replies come from material (contract 10's access, 15's endpoints). */
const FAQ_ACCESS: ChatbotAccessRule = {
  subscription: SUBSCRIPTION_REQUIRED,
  missing: () => notFound(CHATBOT_NOT_FOUND),
  types: [TYPES.knowledge, TYPES.business],
  wrongType: (chatbot) => wrongChatbotType(notAvailableForType(chatbot.type)),
}

export const ownerFaqRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'owner-faqs' })
    .use(chatbotAccess(ctx, FAQ_ACCESS))
    .post('/api/v1.0/chatbot-faq-add/:uniqueId/', ({ chatbot, body }) => addFaq(ctx, chatbot, body), {
      params: ChatbotParams,
      body: AddFaqBody,
      response: { 200: FaqAdded, ...errorsOf(FAILS.chatbot, FAILS.body, [409]) },
      detail: { operationId: 'addFaq', summary: "Add the owner's answer to a question; visitors asking it, in other words too, get it first", tags },
    })
    .get('/api/v1.0/chatbot-faq-view/:uniqueId/', ({ chatbot }) => viewFaqs(ctx, chatbot), {
      params: ChatbotParams,
      response: { 200: FaqList, ...errorsOf(FAILS.chatbot) },
      detail: { operationId: 'listFaqs', summary: "List the owner's questions and answers", tags },
    })
    .post(
      '/api/v1.0/chatbot-faq-delete/:uniqueId/',
      async ({ chatbot, body }) => {
        // Read by the service: a missing or malformed faq_id is the same 404 as an unknown one.
        await deleteFaq(ctx, chatbot, body)
        return { response: FAQ_DELETED }
      },
      {
        params: ChatbotParams,
        response: { 200: Confirmation(FAQ_DELETED), ...errorsOf(FAILS.chatbot, FAILS.body) },
        detail: { operationId: 'deleteFaq', summary: "Delete one of the owner's answers", tags, requestBody: requestBody({ 'application/json': DeleteFaqBody }) },
      },
    )
