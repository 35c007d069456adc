import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { addressForLimits } from '../../http/client-address'
import { ChatbotParams, Confirmation, errorsOf, FAILS } from '../../http/model'
import { UNREAD_BODY } from '../../http/multipart-stream'
import { PUBLIC, PUBLIC_TAGS, requestBody } from '../../http/openapi'
import { ChatBody, UploadForm } from '../chat/schemas'
import { chatbotAccess, publicAccess } from '../chatbots/guard'
import { UploadAnswer } from '../forms/model'
import { chat } from './conversation'
import { CONVERSATIONS_ACCESS, listConversations, listUnanswered, rateReply, UNANSWERED_ACCESS, viewConversation } from './inbox'
import { ChatAnswer, ConversationList, ConversationsQuery, ConversationView, ConversationViewQuery, FeedbackBody, UnansweredList } from './model'
import { FEEDBACK_THANKS } from './texts'
import { acceptUpload } from './upload'

/** The public chat endpoints: a message, a file answering a question, a rating of a reply. */
const publicRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'conversations' })
    .use(publicAccess(ctx))
    .post('/api/v1.0/chat/:uniqueId/', ({ chatbot, body, request }) => chat(ctx, chatbot, body, addressForLimits(request)), {
      params: ChatbotParams,
      body: ChatBody,
      response: { 200: ChatAnswer, ...errorsOf(FAILS.public, FAILS.body, [409]) },
      detail: {
        operationId: 'sendChatMessage',
        summary: "One visitor message in, one Markdown reply out; counts against the visitor's daily user_allowance",
        tags: PUBLIC_TAGS,
        security: PUBLIC,
      },
    })
    .post('/api/v1.0/chat/:uniqueId/upload/', ({ chatbot, body, request }) => acceptUpload(ctx, chatbot, { request, body }, addressForLimits(request)), {
      // The handler streams the form itself: the session and pending question are checked before the file is read.
      parse: () => UNREAD_BODY,
      params: ChatbotParams,
      response: { 200: UploadAnswer, ...errorsOf(FAILS.public, FAILS.body, FAILS.streamed) },
      detail: {
        operationId: 'uploadChatFile',
        summary: 'Upload an image or PDF (by content, at most 10 MiB) to answer an image or pdf_document question',
        tags: PUBLIC_TAGS,
        security: PUBLIC,
        requestBody: requestBody({ 'multipart/form-data': UploadForm }),
      },
    })
    .post(
      '/api/v1.0/chat/:uniqueId/feedback/',
      async ({ chatbot, body }) => {
        await rateReply(ctx, chatbot, body)
        return { response: FEEDBACK_THANKS }
      },
      {
        params: ChatbotParams,
        body: FeedbackBody,
        response: { 200: Confirmation(FEEDBACK_THANKS), ...errorsOf(FAILS.public, FAILS.body) },
        detail: {
          operationId: 'rateChatReply',
          summary: 'The visitor rates a reply of their own conversation (up or down); the owner sees it in the transcript',
          tags: PUBLIC_TAGS,
          security: PUBLIC,
        },
      },
    )

const CONVERSATION_TAGS = ['Conversations']

/** The owner's inbox: conversations, one transcript, unanswered questions. */
const ownerRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'conversations-owner' })
    .use(
      new Elysia({ name: 'conversations-inbox' })
        .use(chatbotAccess(ctx, CONVERSATIONS_ACCESS))
        .get('/api/v1.0/chatbot-conversations/:uniqueId/', ({ chatbot, query }) => listConversations(ctx, chatbot, query), {
          params: ChatbotParams,
          query: ConversationsQuery,
          response: { 200: ConversationList, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'listConversations', summary: "A chatbot's conversations, newest first, a page at a time", tags: CONVERSATION_TAGS },
        })
        .get('/api/v1.0/chatbot-conversation-view/:uniqueId/', ({ chatbot, query }) => viewConversation(ctx, chatbot, query.session_id), {
          params: ChatbotParams,
          query: ConversationViewQuery,
          response: { 200: ConversationView, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'getConversation', summary: 'One conversation: every message with its sources and rating', tags: CONVERSATION_TAGS },
        }),
    )
    .use(
      new Elysia({ name: 'conversations-unanswered' })
        .use(chatbotAccess(ctx, UNANSWERED_ACCESS))
        .get('/api/v1.0/chatbot-unanswered/:uniqueId/', ({ chatbot }) => listUnanswered(ctx, chatbot), {
          params: ChatbotParams,
          response: { 200: UnansweredList, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'listUnansweredQuestions', summary: 'Visitor questions the material could not answer, most asked first', tags: CONVERSATION_TAGS },
        }),
    )

export const conversationRoutes = (ctx: AppContext) => new Elysia({ name: 'conversations-all' }).use(publicRoutes(ctx)).use(ownerRoutes(ctx))
