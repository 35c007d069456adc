/** Answer models of the quote endpoint and the owner's leads. */
import { HasMore } from '../../http/pagination'
import { Type as T } from '@sinclair/typebox'

export const MAX_QUOTE_QUANTITY = 10_000

export const QuoteAnswer = T.Object(
  {
    quote_id: T.String(),
    quote_number: T.String({ description: 'Per chatbot, sequential: Q-000001 upwards' }),
    quote_url: T.String({ format: 'uri' }),
    currency: T.String(),
    total_excluding_vat: T.String(),
    total_including_vat: T.String(),
    valid_until: T.Union([T.String(), T.Null()]),
  },
  { description: 'The quote; its PDF was e-mailed to client_email' },
)

export const LeadList = T.Object(
  {
    response: T.Literal('success'),
    leads: T.Array(
      T.Object({
        lead_id: T.String(),
        created_at: T.String(),
        client_name: T.String(),
        client_email: T.String(),
        quote_id: T.String(),
        quote_number: T.String(),
        quote_url: T.String(),
        total_excluding_vat: T.String(),
        total_including_vat: T.String(),
        currency: T.String(),
        webhook_status: T.Union([T.Literal('none'), T.Literal('pending'), T.Literal('delivered'), T.Literal('failed')]),
        webhook_attempts: T.Integer(),
      }),
    ),
    ...HasMore,
  },
  { description: 'Newest first, with the webhook delivery state' },
)

export const QuoteParams = T.Object({ quoteId: T.String() })

export const LeadDeleteBody = T.Object({ lead_id: T.String({ minLength: 1, maxLength: 100 }) })
