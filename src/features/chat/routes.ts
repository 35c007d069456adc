import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { isPublicPath, preflightResponse, PUBLIC_CORS_HEADERS } from '../../http/cors'
import { NOT_FOUND, notFound } from '../../http/errors'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { PUBLIC, requestBody } from '../../http/openapi'
import { book, slotsOf } from '../bookings/public-booking'
import { chat } from '../conversations/conversation'
import { AppointmentList, BookingAnswer, ChatAnswer, LeadList, MediaParams, QuoteAnswer, SlotsAnswer, SlotsQuery, SubmissionList, UploadAnswer, WidgetConfigAnswer } from './model'
import { ownerAppointments, ownerLeads, ownerSubmissions } from './owner-views'
import { publicChatbot } from '../chatbots/public-chatbot'
import { quotePdf, requestQuote } from '../quotes/quotes'
import { BookBody, ChatBody, QuoteBody, UploadForm } from './schemas'
import { acceptUpload, uploadFile } from '../forms/uploads'
import { widgetConfig } from './widget-config'

const publicTags = ['Chat runtime (public)']
const ownerTags = ['Chat results']
const publicParams = { params: ChatbotParams }

const binary = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: { type: 'string' as const, format: 'binary' } } } } })

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
      async ({ account, params }) => ({ response: 'success' as const, submissions: await ownerSubmissions(ctx, account.accountId, params.uniqueId) }),
      {
        params: ChatbotParams,
        response: { 200: SubmissionList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listSubmissions', summary: "A Data Collection chatbot's submissions, newest first", tags: ownerTags },
      },
    )
    .get(
      '/api/v1.0/chatbot-leads/:uniqueId/',
      async ({ account, params }) => ({ response: 'success' as const, leads: await ownerLeads(ctx, account.accountId, params.uniqueId) }),
      {
        params: ChatbotParams,
        response: { 200: LeadList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listLeads', summary: "A Quote Generation chatbot's leads with their webhook delivery state, newest first", tags: ownerTags },
      },
    )
    .get(
      '/api/v1.0/chatbot-appointments/:uniqueId/',
      async ({ account, params }) => ({ response: 'success' as const, appointments: await ownerAppointments(ctx, account.accountId, params.uniqueId) }),
      {
        params: ChatbotParams,
        response: { 200: AppointmentList, ...errorsOf(FAILS.chatbot) },
        detail: { operationId: 'listAppointments', summary: "An Appointment/Calendar Support chatbot's appointments, earliest first", tags: ownerTags },
      },
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
    .get('/api/v1.0/widget/:uniqueId/', ({ params }) => widgetConfig(ctx, params.uniqueId), {
      ...publicParams,
      response: { 200: WidgetConfigAnswer, ...errorsOf(FAILS.public) },
      detail: {
        operationId: 'getWidgetConfig',
        summary: 'Widget config: look, greeting and what the chatbot type needs (price list, questions, calendars)',
        tags: publicTags,
        security: PUBLIC,
      },
    })
    .post('/api/v1.0/chat/:uniqueId/', ({ params, body }) => chat(ctx, params.uniqueId, body), {
      ...publicParams,
      response: { 200: ChatAnswer, ...errorsOf(FAILS.public, FAILS.body, [409]) },
      detail: {
        operationId: 'sendChatMessage',
        summary: "One visitor message in, one Markdown reply out; counts against the visitor's daily user_allowance",
        tags: publicTags,
        security: PUBLIC,
        requestBody: requestBody({ 'application/json': ChatBody }),
      },
    })
    .post('/api/v1.0/chat/:uniqueId/upload/', async ({ params, body }) => acceptUpload(ctx, await publicChatbot(ctx, params.uniqueId), body), {
      ...publicParams,
      response: { 200: UploadAnswer, ...errorsOf(FAILS.public, FAILS.body) },
      detail: {
        operationId: 'uploadChatFile',
        summary: 'Upload an image or PDF (by content, at most 10 MiB) to answer an image or pdf_document question',
        tags: publicTags,
        security: PUBLIC,
        requestBody: requestBody({ 'multipart/form-data': UploadForm }),
      },
    })
    .post('/api/v1.0/chat/:uniqueId/quote/', ({ params, body }) => requestQuote(ctx, params.uniqueId, body), {
      ...publicParams,
      response: { 200: QuoteAnswer, ...errorsOf(FAILS.public, FAILS.body) },
      detail: {
        operationId: 'requestQuote',
        summary: 'Price items of the price list; the PDF is e-mailed to client_email and the lead stored (and sent to webhook_url)',
        tags: publicTags,
        security: PUBLIC,
        requestBody: requestBody({ 'application/json': QuoteBody }),
      },
    })
    .get('/api/v1.0/chat/:uniqueId/slots/', ({ params, query }) => slotsOf(ctx, params.uniqueId, query), {
      ...publicParams,
      query: SlotsQuery,
      response: { 200: SlotsAnswer, ...errorsOf(FAILS.public) },
      detail: { operationId: 'listSlots', summary: "Free slots of one calendar on one day (in the calendar's zone)", tags: publicTags, security: PUBLIC },
    })
    .post('/api/v1.0/chat/:uniqueId/book/', ({ params, body }) => book(ctx, params.uniqueId, body), {
      ...publicParams,
      response: { 200: BookingAnswer, ...errorsOf(FAILS.public, FAILS.body, [409]) },
      detail: {
        operationId: 'bookAppointment',
        summary: 'Book an offered slot; the client and the calendar get an .ics invitation by e-mail',
        tags: publicTags,
        security: PUBLIC,
        requestBody: requestBody({ 'application/json': BookBody }),
      },
    })
    .get(
      '/media/quotes/:quoteId/',
      async ({ params }) => {
        const pdf = await quotePdf(ctx, params.quoteId)
        if (!pdf) throw notFound(NOT_FOUND)
        return fileResponse(pdf, 'application/pdf', `quote-${params.quoteId.slice(0, 8)}.pdf`)
      },
      {
        params: MediaParams.quote,
        response: errorsOf([404]),
        detail: { operationId: 'getQuotePdf', summary: 'A quote PDF (public, unguessable URL)', tags: publicTags, security: PUBLIC, responses: binary('application/pdf', 'The quote PDF') },
      },
    )
    .get(
      '/media/uploads/:uploadId/',
      async ({ params }) => {
        const file = await uploadFile(ctx, params.uploadId)
        if (!file) throw notFound(NOT_FOUND)
        return fileResponse(file.bytes, file.mime)
      },
      {
        params: MediaParams.upload,
        response: errorsOf([404]),
        detail: {
          operationId: 'getUploadedFile',
          summary: "A visitor's uploaded answer file (unguessable URL, shown in submissions)",
          tags: publicTags,
          security: PUBLIC,
          responses: binary('application/octet-stream', 'The uploaded image or PDF, with its own content type'),
        },
      },
    )
}
