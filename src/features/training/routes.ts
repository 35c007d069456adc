import { Type as T } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { bodyDoc } from '../../http/docs'
import { NOT_FOUND } from '../../http/errors'
import { MAX_DOCUMENTS_PER_REQUEST } from './upload'
import {
  addDocuments,
  addLinks,
  AddLinksBody,
  deleteDocument,
  DeleteDocumentBody,
  deleteLink,
  DeleteLinkBody,
  documentFile,
  linkStatus,
  viewDocuments,
  viewLinks,
} from './service'
import { DOCUMENT_DELETED, DOCUMENTS_ADDED, LINK_DELETED, LINKS_QUEUED } from './texts'

const tags = ['Training']
const UNREAD_BODY = { unread: true }
const security = [{ token: [] }]

const DocumentUpload = T.Object({
  documents: T.Array(T.String({ format: 'binary' }), {
    minItems: 1,
    maxItems: MAX_DOCUMENTS_PER_REQUEST,
    description: 'PDF files; every file part counts, whatever its name. 20 MiB each, 50 MiB per request.',
  }),
})

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
            detail: {
              summary: 'Add PDF documents (all or nothing, within the training word allowance)',
              tags,
              security,
              requestBody: { required: true, content: { 'multipart/form-data': { schema: DocumentUpload } } },
            },
          },
        )
        .get(
          '/api/v1.0/chatbot-document-view/:uniqueId/',
          async ({ account, params }) => ({ response: 'success', documents: await viewDocuments(ctx, account.accountId, params.uniqueId) }),
          { detail: { summary: "List a chatbot's documents", tags, security } },
        )
        .post(
          '/api/v1.0/chatbot-document-delete/:uniqueId/',
          async ({ account, params, body }) => {
            await deleteDocument(ctx, account.accountId, params.uniqueId, body)
            return { response: DOCUMENT_DELETED }
          },
          { detail: bodyDoc(DeleteDocumentBody, { summary: 'Delete a document; its words become available again', tags }) },
        )
        .post(
          '/api/v1.0/chatbot-link-add/:uniqueId/',
          async ({ account, params, body }) => {
            await addLinks(ctx, account.accountId, params.uniqueId, body)
            return { message: LINKS_QUEUED }
          },
          { detail: bodyDoc(AddLinksBody, { summary: 'Queue web links to be scraped and added (see chatbot-link-status)', tags }) },
        )
        .get(
          '/api/v1.0/chatbot-link-view/:uniqueId/',
          async ({ account, params }) => ({ response: 'success', links: await viewLinks(ctx, account.accountId, params.uniqueId) }),
          { detail: { summary: "List a chatbot's added links", tags, security } },
        )
        .post(
          '/api/v1.0/chatbot-link-delete/:uniqueId/',
          async ({ account, params, body }) => {
            await deleteLink(ctx, account.accountId, params.uniqueId, body)
            return { response: LINK_DELETED }
          },
          { detail: bodyDoc(DeleteLinkBody, { summary: 'Delete a link; its words become available again', tags }) },
        )
        .get(
          '/api/v1.0/chatbot-link-status/:uniqueId/',
          async ({ account, params }) => ({ response: 'success', jobs: await linkStatus(ctx, account.accountId, params.uniqueId) }),
          { detail: { summary: 'Outcome of each queued link: queued, added, not_added or failed', tags, security } },
        ),
    )
    .get(
      '/media/documents/:documentId/',
      async ({ params }) => {
        const file = await documentFile(ctx, params.documentId)
        if (!file) return new Response(JSON.stringify({ error: NOT_FOUND }), { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } })
        return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': inlinePdf(file.title),
            'cache-control': 'private, max-age=300',
            'x-content-type-options': 'nosniff',
          },
        })
      },
      { detail: { summary: "A document's PDF (public at an unguessable address)", tags } },
    )
