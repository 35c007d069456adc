/** Request and answer models of the training endpoints (spec 4.3, contract 5 and 6). */
import { HasMore } from '../../http/pagination'
import { Type as T } from '@sinclair/typebox'
import { RequiredText } from '../../http/validate'

export const MAX_DOCUMENTS_PER_REQUEST = 10
export const MAX_LINKS_PER_REQUEST = 50
export const MAX_URL_CHARS = 2048

export const DocumentUpload = T.Object({
  documents: T.Array(T.String({ format: 'binary' }), {
    minItems: 1,
    maxItems: MAX_DOCUMENTS_PER_REQUEST,
    description: 'PDF files; every file part counts, whatever its name. 20 MiB each, 50 MiB per request.',
  }),
})

export const DeleteDocumentBody = T.Object({ document_id: T.String({ minLength: 1, maxLength: 200, description: 'document_id from chatbot-document-view' }) })

export const MAX_DOCUMENT_TITLE_CHARS = 200
export const EditDocumentBody = T.Object({
  document_id: T.String({ minLength: 1, maxLength: 200, description: 'document_id from chatbot-document-view' }),
  title: RequiredText(MAX_DOCUMENT_TITLE_CHARS, 'The new title, 1..200 characters; shown in document-view and as the source of chat answers'),
})

export const AddLinksBody = T.Object({
  links: T.Array(T.String({ maxLength: MAX_URL_CHARS, description: 'absolute http(s) URL' }), {
    minItems: 1,
    maxItems: MAX_LINKS_PER_REQUEST,
  }),
})
export const DeleteLinkBody = T.Object({ link_id: T.String({ minLength: 1, maxLength: 200, description: 'link_id from chatbot-link-view' }) })

export const DocumentList = T.Object(
  {
    response: T.Literal('success'),
    documents: T.Array(
      T.Object({
        title: T.String(),
        file: T.String({ format: 'uri', description: 'Serves the stored PDF to its owner only (this token or the dashboard session; anyone else: 404)' }),
        word_count: T.Integer(),
        text: T.String({ description: 'The first 500 characters' }),
        document_id: T.String(),
        created_at: T.String(),
      }),
    ),
    ...HasMore,
  },
  { description: "The chatbot's documents" },
)

export const LinkList = T.Object(
  {
    response: T.Literal('success'),
    links: T.Array(
      T.Object({
        title: T.String(),
        link: T.String(),
        word_count: T.Integer(),
        text: T.String({ description: 'The first 500 characters' }),
        link_id: T.String(),
        created_at: T.String(),
      }),
    ),
    ...HasMore,
  },
  { description: "The chatbot's added links" },
)

export const LinkStatusList = T.Object(
  {
    response: T.Literal('success'),
    jobs: T.Array(
      T.Object({
        link: T.String(),
        status: T.Union([T.Literal('queued'), T.Literal('added'), T.Literal('not_added'), T.Literal('failed')]),
        reason: T.Union([T.String(), T.Null()]),
        updated_at: T.String(),
        job_id: T.String(),
        created_at: T.String(),
      }),
    ),
    ...HasMore,
  },
  { description: 'The latest link jobs, newest first' },
)
