/** Answer model of the public chat endpoint. */
import { Type as T } from '@sinclair/typebox'
import { QuestionSchema } from '../forms/model'

export const ChatAnswer = T.Object(
  {
    session_id: T.String(),
    reply: T.String({ description: 'Markdown' }),
    sources: T.Optional(T.Array(T.Object({ title: T.String(), url: T.Union([T.String(), T.Null()]), snippet: T.String() }))),
    next_question: T.Optional(T.Union([QuestionSchema, T.Null()])),
    done: T.Optional(T.Boolean()),
  },
  { description: 'The reply, and for Data Collection the next question' },
)
