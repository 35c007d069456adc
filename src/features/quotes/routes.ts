import { Type as T } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { PageQuery, pageOf } from '../../http/pagination'
import { IdempotencyHeaders, idempotent, REPLAYED_HEADER_DOC, visitorScope } from '../../http/idempotency'
import type { AppContext } from '../../context'
import { chatbotAccess, publicAccess } from '../chatbots/guard'
import { TYPES } from '../chatbots/texts'
import { NOT_FOUND, notFound } from '../../http/errors'
import { addressForLimits } from '../../http/client-address'
import { storedFileResponse } from '../../http/file-response'
import { ChatbotParams, Confirmation, errorsOf, ExportQuery, FAILS } from '../../http/model'
import { csvResponse, jsonOrCsv } from '../../lib/csv'
import { binaryResponse, PUBLIC, PUBLIC_TAGS, RESULT_TAGS } from '../../http/openapi'
import { QuoteBody } from '../chat/schemas'
import { deleteLead, leadsCsv, LEADS_ACCESS, ownerLeads } from './leads'
import { LeadDeleteBody, LeadList, QuoteAnswer, QuoteParams } from './model'
import { LEAD_DELETED } from './texts'
import { quotePdf, requestQuote } from './quotes'

/** The public quote endpoint, its PDF, and the owner's leads. */
export const quoteRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'quotes' })
    .use(
      new Elysia({ name: 'quotes-owner' })
        .use(chatbotAccess(ctx, LEADS_ACCESS))
        .get(
          '/api/v1.0/chatbot-leads/:uniqueId/',
          ({ chatbot, query }) =>
            jsonOrCsv(
              query.format === 'csv',
              async () => {
                const { items, ...more } = pageOf(await ownerLeads(ctx, { chatbot }), query, { id: (l) => l.lead_id, time: (l) => l.created_at })
                return { response: 'success' as const, leads: items, ...more }
              },
              async () => csvResponse(leadsCsv(await ownerLeads(ctx, { chatbot })), `${chatbot.name} leads`),
            ),
          {
            params: ChatbotParams,
            query: T.Composite([PageQuery, ExportQuery]),
            response: { 200: LeadList, ...errorsOf(FAILS.chatbot) },
            detail: { operationId: 'listLeads', summary: "A Quote Generation chatbot's leads with their webhook delivery state, newest first", tags: RESULT_TAGS, csvExport: true },
          },
        )
        .post(
          '/api/v1.0/chatbot-lead-delete/:uniqueId/',
          async ({ chatbot, body }) => {
            await deleteLead(ctx, chatbot.id, body.lead_id)
            return { response: LEAD_DELETED }
          },
          {
            params: ChatbotParams,
            body: LeadDeleteBody,
            response: { 200: Confirmation(LEAD_DELETED), ...errorsOf(FAILS.chatbot, FAILS.body) },
            detail: { operationId: 'deleteLead', summary: 'Delete a lead with its quote; the quote PDF URL answers 404 afterwards', tags: RESULT_TAGS },
          },
        ),
    )
    .use(
      new Elysia({ name: 'quotes-public' })
        .use(publicAccess(ctx, TYPES.quote))
        .post(
          '/api/v1.0/chat/:uniqueId/quote/',
          ({ chatbot, body, request, set }) =>
            idempotent(ctx, { request, set }, visitorScope(chatbot.id, body.visitor_id), QuoteAnswer, () => requestQuote(ctx, chatbot, body, addressForLimits(request))),
          {
            params: ChatbotParams,
            headers: IdempotencyHeaders,
            body: QuoteBody,
            response: { 200: QuoteAnswer, ...errorsOf(FAILS.public, FAILS.body, [409]) },
            detail: {
              successHeaders: REPLAYED_HEADER_DOC,
              operationId: 'requestQuote',
              summary: 'Price items of the price list; the PDF is e-mailed to client_email and the lead stored (and sent to webhook_url)',
              tags: PUBLIC_TAGS,
              security: PUBLIC,
            },
          },
        ),
    )
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
        detail: {
          operationId: 'getQuotePdf',
          summary: 'A quote PDF (public, unguessable URL)',
          tags: PUBLIC_TAGS,
          security: PUBLIC,
          responses: binaryResponse('application/pdf', 'The quote PDF'),
        },
      },
    )
