/** Request and answer models of the owner's FAQ endpoints (contract 15). */
import { Type as T } from '@sinclair/typebox'
import { RequiredText } from '../../http/validate'

export const MAX_QUESTION_CHARS = 500
export const MAX_ANSWER_CHARS = 5000
/** Per chatbot: every chat question is compared with all of them, so the list stays bounded. */
export const MAX_FAQS = 500

export const AddFaqBody = T.Object(
  {
    question: RequiredText(MAX_QUESTION_CHARS, 'The question as visitors might ask it'),
    answer: RequiredText(MAX_ANSWER_CHARS, 'The reply visitors get, cited as this question'),
  },
  { additionalProperties: false },
)
export const FaqAdded = T.Object({ faq_id: T.String() })

export const DeleteFaqBody = T.Object({ faq_id: T.String({ minLength: 1, maxLength: 200, description: 'faq_id from chatbot-faq-view' }) })

export const FaqList = T.Object(
  {
    response: T.Literal('success'),
    faqs: T.Array(T.Object({ faq_id: T.String(), question: T.String(), answer: T.String(), created_at: T.String() })),
  },
  { description: "The owner's questions and answers, oldest first" },
)
