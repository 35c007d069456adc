import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { NOT_FOUND, notFound } from '../../http/errors'
import { ChatbotParams, Confirmation, errorsOf, FAILS, MessageAnswer } from '../../http/model'
import { PUBLIC, requestBody } from '../../http/openapi'
import { AddLinksBody, DeleteDocumentBody, DeleteLinkBody, DocumentList, DocumentUpload, LinkList, LinkStatusList } from './model'
import { addDocuments, addLinks, deleteDocument, deleteLink, documentFile, linkStatus, viewDocuments, viewLinks } from './service'
import { DOCUMENT_DELETED, DOCUMENTS_ADDED, LINK_DELETED, LINKS_QUEUED } from './texts'

const tags = ['Training']
const UNREAD_BODY = { unread: true }

/** Content-Disposition for a title we did not write: ASCII fallback plus the UTF-8 form. */
function inlinePdf(title: string): string {
  const ascii = title.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document'
  return `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`
}

export const trainingRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'training' })
    .use(
      new Elysia({ name: 'training-authed' })
        .use(authGuard(ctx))
        .post(
          '/api/v1.0/chatbot-document-add/:uniqueId/',
          async ({ account, params, request }) => {
            await addDocuments(ctx, account.accountId, params.uniqueId, request)
            return { message: DOCUMENTS_ADDED }
          },
          {
            // The handler reads the form itself, after the token, subscription and chatbot checks. (A route
            // parser that leaves the body unread; `parse: 'none'` fails beside the app's global JSON parser.)
            parse: () => UNREAD_BODY,
            params: ChatbotParams,
            response: { 200: MessageAnswer(DOCUMENTS_ADDED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: {
              operationId: 'addDocuments',
              summary: 'Add PDF documents (all or nothing, within the training word allowance)',
              tags,
              requestBody: requestBody({ 'multipart/form-data': DocumentUpload }),
            },
          },
        )
        .get(
          '/api/v1.0/chatbot-document-view/:uniqueId/',
          async ({ account, params }) => ({ response: 'success' as const, documents: await viewDocuments(ctx, account.accountId, params.uniqueId) }),
          { params: ChatbotParams, response: { 200: DocumentList, ...errorsOf(FAILS.chatbot) }, detail: { operationId: 'listDocuments', summary: "List a chatbot's documents", tags } },
        )
        .post(
          '/api/v1.0/chatbot-document-delete/:uniqueId/',
          async ({ account, params, body }) => {
            await deleteDocument(ctx, account.accountId, params.uniqueId, body)
            return { response: DOCUMENT_DELETED }
          },
          {
            params: ChatbotParams,
            response: { 200: Confirmation(DOCUMENT_DELETED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: {
              operationId: 'deleteDocument',
              summary: 'Delete a document; its words become available again',
              tags,
              requestBody: requestBody({ 'application/json': DeleteDocumentBody }),
            },
          },
        )
        .post(
          '/api/v1.0/chatbot-link-add/:uniqueId/',
          async ({ account, params, body }) => {
            await addLinks(ctx, account.accountId, params.uniqueId, body)
            return { message: LINKS_QUEUED }
          },
          {
            params: ChatbotParams,
            response: { 200: MessageAnswer(LINKS_QUEUED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: {
              operationId: 'addLinks',
              summary: 'Queue web links to be scraped and added (see chatbot-link-status)',
              tags,
              requestBody: requestBody({ 'application/json': AddLinksBody }),
            },
          },
        )
        .get(
          '/api/v1.0/chatbot-link-view/:uniqueId/',
          async ({ account, params }) => ({ response: 'success' as const, links: await viewLinks(ctx, account.accountId, params.uniqueId) }),
          { params: ChatbotParams, response: { 200: LinkList, ...errorsOf(FAILS.chatbot) }, detail: { operationId: 'listLinks', summary: "List a chatbot's added links", tags } },
        )
        .post(
          '/api/v1.0/chatbot-link-delete/:uniqueId/',
          async ({ account, params, body }) => {
            await deleteLink(ctx, account.accountId, params.uniqueId, body)
            return { response: LINK_DELETED }
          },
          {
            params: ChatbotParams,
            response: { 200: Confirmation(LINK_DELETED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: {
              operationId: 'deleteLink',
              summary: 'Delete a link; its words become available again',
              tags,
              requestBody: requestBody({ 'application/json': DeleteLinkBody }),
            },
          },
        )
        .get(
          '/api/v1.0/chatbot-link-status/:uniqueId/',
          async ({ account, params }) => ({ response: 'success' as const, jobs: await linkStatus(ctx, account.accountId, params.uniqueId) }),
          {
            params: ChatbotParams,
            response: { 200: LinkStatusList, ...errorsOf(FAILS.chatbot) },
            detail: { operationId: 'getLinkStatus', summary: 'Outcome of each queued link: queued, added, not_added or failed', tags },
          },
        ),
    )
    .get(
      '/media/documents/:documentId/',
      async ({ params }) => {
        const file = await documentFile(ctx, params.documentId)
        if (!file) throw notFound(NOT_FOUND)
        return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': inlinePdf(file.title),
            'cache-control': 'private, max-age=300',
            'x-content-type-options': 'nosniff',
          },
        })
      },
      {
        response: errorsOf([404]),
        detail: {
          operationId: 'getDocumentFile',
          summary: "A document's PDF (public at an unguessable address)",
          tags,
          security: PUBLIC,
          responses: { 200: { description: 'The stored PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
        },
      },
    )
