/** Answer model of the public chat endpoint. */
import { Type as T } from '@sinclair/typebox'
import { QuestionSchema } from '../forms/model'

/** A document, link or business-detail section the reply drew on, with the passage as snippet. */
export const Source = T.Object({ title: T.String(), url: T.Union([T.String(), T.Null()]), snippet: T.String() })

export const ChatAnswer = T.Object(
  {
    session_id: T.String(),
    message_id: T.String({ description: "The reply's id: rate it with the feedback endpoint" }),
    reply: T.String({ description: 'Markdown' }),
    sources: T.Optional(T.Array(Source, { description: 'Each document, link or section once, most relevant first' })),
    answered: T.Optional(T.Boolean({ description: 'Knowledge Retrieval and Business Enquiries: false when the material does not hold an answer' })),
    next_question: T.Optional(T.Union([QuestionSchema, T.Null()])),
    done: T.Optional(T.Boolean()),
  },
  { description: 'The reply, and for Data Collection the next question' },
)

export const FeedbackBody = T.Object({
  visitor_id: T.String({ minLength: 1, maxLength: 100 }),
  session_id: T.String({ minLength: 1, maxLength: 100 }),
  message_id: T.String({ minLength: 1, maxLength: 100, description: 'The message_id of a chat answer' }),
  rating: T.Union([T.Literal('up'), T.Literal('down')], { description: 'A later rating replaces the earlier one' }),
})

export const ConversationsQuery = T.Object({
  limit: T.Optional(T.String({ description: 'At most this many conversations, 1 to 200 (default 50)' })),
  before: T.Optional(T.String({ description: 'ISO 8601 time: only conversations whose last message is older' })),
  starting_after: T.Optional(T.String({ description: 'A session_id of the previous page: the page after it' })),
})

export const ConversationSummary = T.Object({
  session_id: T.String(),
  visitor_id: T.String(),
  started_at: T.String(),
  last_message_at: T.String(),
  message_count: T.Integer({ description: 'Visitor messages and replies' }),
  unanswered_count: T.Integer({ description: 'Replies that said the material holds no answer' }),
})

export const ConversationList = T.Object(
  { response: T.Literal('success'), conversations: T.Array(ConversationSummary), has_more: T.Boolean({ description: 'More conversations follow this page' }) },
  { description: 'Sessions with at least one visitor message, newest first by their last message' },
)

export const ConversationViewQuery = T.Object({ session_id: T.String({ minLength: 1, maxLength: 100, description: 'A session_id of chatbot-conversations' }) })

export const TranscriptMessage = T.Object({
  message_id: T.String(),
  role: T.Union([T.Literal('visitor'), T.Literal('bot')]),
  text: T.String(),
  created_at: T.String(),
  sources: T.Optional(T.Array(Source)),
  answered: T.Optional(T.Boolean()),
  feedback: T.Optional(T.Union([T.Literal('up'), T.Literal('down')], { description: "The visitor's latest rating of this reply" })),
})

export const ConversationView = T.Object(
  { response: T.Literal('success'), session_id: T.String(), visitor_id: T.String(), messages: T.Array(TranscriptMessage) },
  { description: 'Every message of one conversation, oldest first' },
)

export const UnansweredList = T.Object(
  {
    response: T.Literal('success'),
    questions: T.Array(T.Object({ question: T.String(), count: T.Integer(), last_asked_at: T.String() })),
  },
  { description: 'Questions the material could not answer, the same question (case and spacing aside) once, most asked first' },
)
