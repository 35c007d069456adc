/** Answer model of the public chat endpoint. */
import { Type as T } from '@sinclair/typebox'
import { QuestionSchema } from '../forms/model'

/** A document, link or business-detail section the reply drew on, with the passage as snippet. */
export const Source = T.Object({ title: T.String(), url: T.Union([T.String(), T.Null()]), snippet: T.String() })

export const ChatAnswer = T.Object(
  {
    session_id: T.String(),
    reply: T.String({ description: 'Markdown' }),
    sources: T.Optional(T.Array(Source, { description: 'Each document, link or section once, most relevant first' })),
    answered: T.Optional(T.Boolean({ description: 'Knowledge Retrieval and Business Enquiries: false when the material does not hold an answer' })),
    next_question: T.Optional(T.Union([QuestionSchema, T.Null()])),
    done: T.Optional(T.Boolean()),
  },
  { description: 'The reply, and for Data Collection the next question' },
)
