import { Elysia } from 'elysia'
import { PageQuery, pageOf } from '../../http/pagination'
import type { AppContext } from '../../context'
import { chatbotAccess } from '../chatbots/guard'
import { NOT_FOUND, notFound } from '../../http/errors'
import { storedFileResponse } from '../../http/file-response'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { binaryResponse, PUBLIC, PUBLIC_TAGS, RESULT_TAGS } from '../../http/openapi'
import { SubmissionList, UploadParams } from './model'
import { ownerSubmissions, SUBMISSIONS_ACCESS } from './submissions'
import { uploadFile } from './uploads'

/** The owner's submissions, and the uploaded files they link to. */
export const formRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'forms' })
    .use(
      new Elysia({ name: 'forms-owner' }).use(chatbotAccess(ctx, SUBMISSIONS_ACCESS)).get(
        '/api/v1.0/chatbot-submissions/:uniqueId/',
        async ({ chatbot, query }) => {
          const { items, ...more } = pageOf(await ownerSubmissions(ctx, { chatbot }), query, { id: (s) => s.submission_id, time: (s) => s.created_at })
          return { response: 'success' as const, submissions: items, ...more }
        },
        {
          params: ChatbotParams,
          query: PageQuery,
          response: { 200: SubmissionList, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'listSubmissions', summary: "A Data Collection chatbot's submissions, newest first", tags: RESULT_TAGS },
        },
      ),
    )
    .get(
      '/media/uploads/:uploadId/',
      async ({ params }) => {
        const file = await uploadFile(ctx, params.uploadId)
        if (!file) throw notFound(NOT_FOUND)
        return storedFileResponse(file.bytes, file.mime)
      },
      {
        params: UploadParams,
        response: errorsOf([404]),
        detail: {
          operationId: 'getUploadedFile',
          summary: "A visitor's uploaded answer file (unguessable URL, shown in submissions)",
          tags: PUBLIC_TAGS,
          security: PUBLIC,
          responses: binaryResponse('application/octet-stream', 'The uploaded image or PDF, with its own content type'),
        },
      },
    )
