import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authGuard } from '../../http/auth'
import { NOT_FOUND, notFound } from '../../http/errors'
import { storedFileResponse } from '../../http/file-response'
import { ChatbotParams, errorsOf, FAILS } from '../../http/model'
import { binaryResponse, PUBLIC, PUBLIC_TAGS, requestBody, RESULT_TAGS } from '../../http/openapi'
import { QuoteBody } from '../chat/schemas'
import { ownerLeads } from './leads'
import { LeadList, QuoteAnswer, QuoteParams } from './model'
import { quotePdf, requestQuote } from './quotes'

/** The public quote endpoint, its PDF, and the owner's leads. */
export const quoteRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'quotes' })
    .use(
      new Elysia({ name: 'quotes-owner' }).use(authGuard(ctx)).get(
        '/api/v1.0/chatbot-leads/:uniqueId/',
        async ({ account, params }) => ({ response: 'success' as const, leads: await ownerLeads(ctx, account.accountId, params.uniqueId) }),
        {
          params: ChatbotParams,
          response: { 200: LeadList, ...errorsOf(FAILS.chatbot) },
          detail: { operationId: 'listLeads', summary: "A Quote Generation chatbot's leads with their webhook delivery state, newest first", tags: RESULT_TAGS },
        },
      ),
    )
    .post('/api/v1.0/chat/:uniqueId/quote/', ({ params, body }) => requestQuote(ctx, params.uniqueId, body), {
      params: ChatbotParams,
      response: { 200: QuoteAnswer, ...errorsOf(FAILS.public, FAILS.body) },
      detail: {
        operationId: 'requestQuote',
        summary: 'Price items of the price list; the PDF is e-mailed to client_email and the lead stored (and sent to webhook_url)',
        tags: PUBLIC_TAGS,
        security: PUBLIC,
        requestBody: requestBody({ 'application/json': QuoteBody }),
      },
    })
    .get(
      '/media/quotes/:quoteId/',
      async ({ params }) => {
        const pdf = await quotePdf(ctx, params.quoteId)
        if (!pdf) throw notFound(NOT_FOUND)
        return storedFileResponse(pdf, 'application/pdf', `quote-${params.quoteId.slice(0, 8)}.pdf`)
      },
      {
        params: QuoteParams,
        response: errorsOf([404]),
        detail: { operationId: 'getQuotePdf', summary: 'A quote PDF (public, unguessable URL)', tags: PUBLIC_TAGS, security: PUBLIC, responses: binaryResponse('application/pdf', 'The quote PDF') },
      },
    )
