import { Elysia } from 'elysia'
import { PageQuery, pageOf } from '../../http/pagination'
import { accountScope, IdempotencyHeaders, idempotent, REPLAYED_HEADER_DOC } from '../../http/idempotency'
import type { AppContext } from '../../context'
import { NOT_FOUND, notFound } from '../../http/errors'
import { ChatbotParams, Confirmation, errorsOf, FAILS, MessageAnswer } from '../../http/model'
import { OWNER_OR_SIGNED, requestBody } from '../../http/openapi'
import { mayReadPrivateFile, privateFileResponse, type RequestAccount, SignedFileQuery } from '../../http/private-files'
import { documentPath } from './material'
import { UNREAD_BODY } from '../../http/multipart-stream'
import { AddLinksBody, DeleteDocumentBody, EditDocumentBody, DeleteLinkBody, DocumentList, DocumentUpload, LinkList, LinkStatusList } from './model'
import { chatbotAccess } from '../chatbots/guard'
import { DOCUMENT_ACCESS, LINK_ACCESS, LINK_LIST_ACCESS } from './access'
import { addDocuments, addLinks, deleteDocument, deleteLink, documentFile, linkStatus, renameDocument, viewDocuments, viewLinks } from './service'
import { DOCUMENT_DELETED, DOCUMENT_UPDATED, DOCUMENTS_ADDED, LINK_DELETED, LINKS_QUEUED } from './texts'

const tags = ['Training']
const DocumentsAdded = MessageAnswer(DOCUMENTS_ADDED)
const LinksQueued = MessageAnswer(LINKS_QUEUED)

/** Content-Disposition for a title we did not write: ASCII fallback plus the UTF-8 form. */
function inlinePdf(title: string): string {
  const ascii = title.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document'
  return `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`
}

export const trainingRoutes = (ctx: AppContext, accountOf: RequestAccount) => {
  const documents = new Elysia({ name: 'training-documents' })
    .use(chatbotAccess(ctx, DOCUMENT_ACCESS))
    .post(
      '/api/v1.0/chatbot-document-add/:uniqueId/',
      ({ plan, chatbot, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(chatbot.account_id), DocumentsAdded, async () => {
          await addDocuments(ctx, { plan, chatbot }, request)
          return { message: DOCUMENTS_ADDED }
        }),
      {
        headers: IdempotencyHeaders,
        // The handler reads the form itself, after the token, subscription and chatbot checks. (A route
        // parser that leaves the body unread; `parse: 'none'` fails beside the app's global JSON parser.)
        parse: () => UNREAD_BODY,
        params: ChatbotParams,
        response: { 200: DocumentsAdded, ...errorsOf(FAILS.chatbot, FAILS.body, FAILS.streamed, [409]) },
        detail: {
          successHeaders: REPLAYED_HEADER_DOC,
          operationId: 'addDocuments',
          summary: 'Add PDF documents (all or nothing, within the training word allowance)',
          tags,
          requestBody: requestBody({ 'multipart/form-data': DocumentUpload }),
        },
      },
    )
    .get(
      '/api/v1.0/chatbot-document-view/:uniqueId/',
      async ({ chatbot, query }) => {
        const { items, ...more } = pageOf(await viewDocuments(ctx, { chatbot }), query, { id: (d) => d.document_id, time: (d) => d.created_at })
        return { response: 'success' as const, documents: items, ...more }
      },
      {
        params: ChatbotParams,
        query: PageQuery,
        response: { 200: DocumentList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listDocuments', summary: "List a chatbot's documents", tags },
      },
    )
    .post(
      '/api/v1.0/chatbot-document-delete/:uniqueId/',
      async ({ chatbot, body }) => {
        // The body is read by the service: the spec answers a missing or malformed document_id with its 404.
        await deleteDocument(ctx, { chatbot }, body)
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
      '/api/v1.0/chatbot-document-edit/:uniqueId/',
      async ({ chatbot, body }) => {
        // Read by the service, as delete's: a missing or unknown document_id is the same 404.
        await renameDocument(ctx, { chatbot }, body)
        return { response: DOCUMENT_UPDATED }
      },
      {
        params: ChatbotParams,
        response: { 200: Confirmation(DOCUMENT_UPDATED), ...errorsOf(FAILS.chatbot, FAILS.body) },
        detail: {
          operationId: 'editDocument',
          summary: 'Rename a document (document-view and chat sources show the new title)',
          tags,
          requestBody: requestBody({ 'application/json': EditDocumentBody }),
        },
      },
    )

  const links = new Elysia({ name: 'training-links' })
    .use(chatbotAccess(ctx, LINK_ACCESS))
    .post(
      '/api/v1.0/chatbot-link-add/:uniqueId/',
      ({ chatbot, body, request, set }) =>
        idempotent(ctx, { request, set }, accountScope(chatbot.account_id), LinksQueued, async () => {
          await addLinks(ctx, { chatbot }, body)
          return { message: LINKS_QUEUED }
        }),
      {
        params: ChatbotParams,
        headers: IdempotencyHeaders,
        body: AddLinksBody,
        response: { 200: LinksQueued, ...errorsOf(FAILS.chatbot, FAILS.body, [409]) },
        detail: { successHeaders: REPLAYED_HEADER_DOC, operationId: 'addLinks', summary: 'Queue web links to be scraped and added (see chatbot-link-status)', tags },
      },
    )
    .get(
      '/api/v1.0/chatbot-link-status/:uniqueId/',
      async ({ chatbot, query }) => {
        const { items, ...more } = pageOf(await linkStatus(ctx, { chatbot }), query, { id: (j) => j.job_id, time: (j) => j.created_at })
        return { response: 'success' as const, jobs: items, ...more }
      },
      {
        params: ChatbotParams,
        query: PageQuery,
        response: { 200: LinkStatusList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'getLinkStatus', summary: 'Outcome of each queued link: queued, added, not_added or failed', tags },
      },
    )

  const linkLists = new Elysia({ name: 'training-link-lists' })
    .use(chatbotAccess(ctx, LINK_LIST_ACCESS))
    .get(
      '/api/v1.0/chatbot-link-view/:uniqueId/',
      async ({ chatbot, query }) => {
        const { items, ...more } = pageOf(await viewLinks(ctx, { chatbot }), query, { id: (l) => l.link_id, time: (l) => l.created_at })
        return { response: 'success' as const, links: items, ...more }
      },
      {
        params: ChatbotParams,
        query: PageQuery,
        response: { 200: LinkList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listLinks', summary: "List a chatbot's added links", tags },
      },
    )
    .post(
      '/api/v1.0/chatbot-link-delete/:uniqueId/',
      async ({ chatbot, body }) => {
        // The body is read by the service: the spec answers a missing or malformed link_id with its 404.
        await deleteLink(ctx, { chatbot }, body)
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

  return new Elysia({ name: 'training' })
    .use(documents)
    .use(links)
    .use(linkLists)
    .get(
      '/media/documents/:documentId/',
      async ({ params, query, request }) => {
        const path = documentPath(params.documentId)
        const file = await documentFile(ctx, params.documentId, (ownerAccountId) => mayReadPrivateFile(ctx, request, { path, ownerAccountId }, query, accountOf))
        if (!file) throw notFound(NOT_FOUND)
        // A checked PDF (it starts with %PDF-): shown inline, which a sandboxed answer would stop.
        return privateFileResponse(file.bytes, 'application/pdf', { disposition: inlinePdf(file.title), sandbox: false })
      },
      {
        query: SignedFileQuery,
        response: errorsOf([404]),
        detail: {
          operationId: 'getDocumentFile',
          summary: "A document's PDF, for its owner (the token or the dashboard session) or a signed link; anyone else: 404",
          tags,
          security: OWNER_OR_SIGNED,
          responses: { 200: { description: 'The stored PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
        },
      },
    )
}
