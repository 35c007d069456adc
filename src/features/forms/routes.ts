import { Type as T } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { PageQuery, pageOf } from '../../http/pagination'
import type { AppContext } from '../../context'
import { chatbotAccess } from '../chatbots/guard'
import { NOT_FOUND, notFound } from '../../http/errors'
import { mayReadPrivateFile, privateFileResponse, type RequestAccount, SignedFileQuery } from '../../http/private-files'
import { ChatbotParams, Confirmation, errorsOf, ExportQuery, FAILS } from '../../http/model'
import { csvResponse, jsonOrCsv } from '../../lib/csv'
import { binaryResponse, OWNER_OR_SIGNED, RESULT_TAGS } from '../../http/openapi'
import { SubmissionDeleteBody, SubmissionList, UploadParams } from './model'
import { deleteSubmission, ownerSubmissions, SUBMISSIONS_ACCESS, submissionsCsv } from './submissions'
import { SUBMISSION_DELETED } from './texts'
import { uploadFile, uploadPath } from './uploads'

/** The owner's submissions, and the uploaded files they link to. */
export const formRoutes = (ctx: AppContext, accountOf: RequestAccount) =>
  new Elysia({ name: 'forms' })
    .use(
      new Elysia({ name: 'forms-owner' })
        .use(chatbotAccess(ctx, SUBMISSIONS_ACCESS))
        .get(
          '/api/v1.0/chatbot-submissions/:uniqueId/',
          ({ chatbot, query }) =>
            jsonOrCsv(
              query.format === 'csv',
              async () => {
                const { items, ...more } = pageOf(await ownerSubmissions(ctx, { chatbot }), query, { id: (s) => s.submission_id, time: (s) => s.created_at })
                return { response: 'success' as const, submissions: items, ...more }
              },
              async () => csvResponse(submissionsCsv(await ownerSubmissions(ctx, { chatbot })), `${chatbot.name} submissions`),
            ),
          {
            params: ChatbotParams,
            query: T.Composite([PageQuery, ExportQuery]),
            response: { 200: SubmissionList, ...errorsOf(FAILS.chatbot) },
            detail: { operationId: 'listSubmissions', summary: "A Data Collection chatbot's submissions, newest first", tags: RESULT_TAGS, csvExport: true },
          },
        )
        .post(
          '/api/v1.0/chatbot-submission-delete/:uniqueId/',
          async ({ chatbot, body }) => {
            await deleteSubmission(ctx, chatbot.id, body.submission_id)
            return { response: SUBMISSION_DELETED }
          },
          {
            params: ChatbotParams,
            body: SubmissionDeleteBody,
            response: { 200: Confirmation(SUBMISSION_DELETED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: { operationId: 'deleteSubmission', summary: 'Delete a submission with the files uploaded as its answers', tags: RESULT_TAGS },
          },
        ),
    )
    .get(
      '/media/uploads/:uploadId/',
      async ({ params, query, request }) => {
        const path = uploadPath(params.uploadId)
        const file = await uploadFile(ctx, params.uploadId, (ownerAccountId) => mayReadPrivateFile(ctx, request, { path, ownerAccountId }, query, accountOf))
        if (!file) throw notFound(NOT_FOUND)
        return privateFileResponse(file.bytes, file.mime)
      },
      {
        params: UploadParams,
        query: SignedFileQuery,
        response: errorsOf([404]),
        detail: {
          operationId: 'getUploadedFile',
          summary: "A visitor's uploaded answer file, for the chatbot's owner (the token or the dashboard session) or a signed link; anyone else: 404",
          tags: RESULT_TAGS,
          security: OWNER_OR_SIGNED,
          responses: binaryResponse('application/octet-stream', 'The uploaded image or PDF, with its own content type'),
        },
      },
    )
