import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { addressForLimits } from '../../http/client-address'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { PUBLIC, PUBLIC_TAGS, requestBody } from '../../http/openapi'
import { ChatBody, UploadForm } from '../chat/schemas'
import { publicAccess } from '../chatbots/guard'
import { UploadAnswer } from '../forms/model'
import { chat } from './conversation'
import { ChatAnswer } from './model'
import { acceptUpload } from './upload'

/** The public chat endpoints: a message, and a file answering a question. */
export const conversationRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'conversations' })
    .use(publicAccess(ctx))
    .post('/api/v1.0/chat/:uniqueId/', ({ chatbot, body, request, server }) => chat(ctx, chatbot, body, addressForLimits(request, server, ctx.config.trustProxy)), {
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
    .post('/api/v1.0/chat/:uniqueId/upload/', ({ chatbot, body, request, server }) => acceptUpload(ctx, chatbot, body, addressForLimits(request, server, ctx.config.trustProxy)), {
      params: ChatbotParams,
      response: { 200: UploadAnswer, ...errorsOf(FAILS.public, FAILS.body) },
      detail: {
        operationId: 'uploadChatFile',
        summary: 'Upload an image or PDF (by content, at most 10 MiB) to answer an image or pdf_document question',
        tags: PUBLIC_TAGS,
        security: PUBLIC,
        requestBody: requestBody({ 'multipart/form-data': UploadForm }),
      },
    })
