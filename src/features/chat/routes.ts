import type { TSchema } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { isPublicPath, preflightResponse, PUBLIC_CORS_HEADERS } from '../../http/cors'
import { NOT_FOUND } from '../../http/errors'
import { book, slotsOf } from './appointments'
import { chat } from './conversation'
import { ownerAppointments, ownerLeads, ownerSubmissions } from './owner-views'
import { publicChatbot } from './public-chatbot'
import { quotePdf, requestQuote } from './quotes'
import { BookBody, ChatBody, QuoteBody, UploadForm } from './schemas'
import { acceptUpload, uploadFile } from './uploads'

const publicTags = ['Chat runtime (public)']
const ownerTags = ['Chat results']
const ownerSecurity = [{ token: [] }]

/** OpenAPI for a public body (no token); the handler validates it itself, after the chatbot checks. */
const publicBody = (summary: string, schema: TSchema, contentType = 'application/json') => ({
  summary,
  tags: publicTags,
  security: [],
  requestBody: { required: true, content: { [contentType]: { schema } } },
})

const notFoundResponse = () =>
  new Response(JSON.stringify({ error: NOT_FOUND }), { status: 404, headers: { 'content-type': 'application/json; charset=utf-8', ...PUBLIC_CORS_HEADERS } })

/** A stored file served to whoever holds its unguessable URL; never rendered as our own page. */
const fileResponse = (bytes: Uint8Array, mime: string, filename?: string) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': mime,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      ...PUBLIC_CORS_HEADERS,
      ...(filename ? { 'content-disposition': `inline; filename="${filename}"` } : {}),
    },
  })

export const chatRoutes = (ctx: AppContext) => {
  const owner = new Elysia({ name: 'chat-owner' })
    .use(authGuard(ctx))
    .get(
      '/api/v1.0/chatbot-submissions/:uniqueId/',
      async ({ account, params }) => ({ response: 'success', submissions: await ownerSubmissions(ctx, account.accountId, params.uniqueId) }),
      { detail: { summary: "A Data Collection chatbot's submissions, newest first", tags: ownerTags, security: ownerSecurity } },
    )
    .get(
      '/api/v1.0/chatbot-leads/:uniqueId/',
      async ({ account, params }) => ({ response: 'success', leads: await ownerLeads(ctx, account.accountId, params.uniqueId) }),
      { detail: { summary: "A Quote Generation chatbot's leads with their webhook delivery state, newest first", tags: ownerTags, security: ownerSecurity } },
    )
    .get(
      '/api/v1.0/chatbot-appointments/:uniqueId/',
      async ({ account, params }) => ({ response: 'success', appointments: await ownerAppointments(ctx, account.accountId, params.uniqueId) }),
      { detail: { summary: "An Appointment/Calendar Support chatbot's appointments, earliest first", tags: ownerTags, security: ownerSecurity } },
    )

  return new Elysia({ name: 'chat' })
    .onRequest(({ request, set }) => {
      const path = new URL(request.url).pathname
      if (!isPublicPath(path)) return
      // Embedding sites call these from their own origin.
      if (request.method === 'OPTIONS') return preflightResponse(request)
      Object.assign(set.headers, PUBLIC_CORS_HEADERS)
    })
    .use(owner)
    .post('/api/v1.0/chat/:uniqueId/', ({ params, body }) => chat(ctx, params.uniqueId, body), {
      detail: publicBody("One visitor message in, one Markdown reply out; counts against the visitor's daily user_allowance", ChatBody),
    })
    .post('/api/v1.0/chat/:uniqueId/upload/', async ({ params, body }) => acceptUpload(ctx, await publicChatbot(ctx, params.uniqueId), body), {
      detail: publicBody('Upload an image or PDF (by content, at most 10 MiB) to answer an image or pdf_document question', UploadForm, 'multipart/form-data'),
    })
    .post('/api/v1.0/chat/:uniqueId/quote/', ({ params, body }) => requestQuote(ctx, params.uniqueId, body), {
      detail: publicBody('Price items of the price list; the PDF is e-mailed to client_email and the lead stored (and sent to webhook_url)', QuoteBody),
    })
    .get('/api/v1.0/chat/:uniqueId/slots/', ({ params, query }) => slotsOf(ctx, params.uniqueId, query), {
      detail: { summary: "Free slots of one calendar on one day (in the calendar's zone)", tags: publicTags, security: [] },
    })
    .post('/api/v1.0/chat/:uniqueId/book/', ({ params, body }) => book(ctx, params.uniqueId, body), {
      detail: publicBody('Book an offered slot; the client and the calendar get an .ics invitation by e-mail', BookBody),
    })
    .get(
      '/media/quotes/:quoteId/',
      async ({ params }) => {
        const pdf = await quotePdf(ctx, params.quoteId)
        return pdf ? fileResponse(pdf, 'application/pdf', `quote-${params.quoteId.slice(0, 8)}.pdf`) : notFoundResponse()
      },
      { detail: { summary: 'A quote PDF (public, unguessable URL)', tags: publicTags, security: [] } },
    )
    .get(
      '/media/uploads/:uploadId/',
      async ({ params }) => {
        const file = await uploadFile(ctx, params.uploadId)
        return file ? fileResponse(file.bytes, file.mime) : notFoundResponse()
      },
      { detail: { summary: "A visitor's uploaded answer file (unguessable URL, shown in submissions)", tags: publicTags, security: [] } },
    )
}
