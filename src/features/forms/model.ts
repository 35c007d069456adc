/** Answer models of the Data Collection endpoints: uploads and the owner's submissions. */
import { HasMore } from '../../http/pagination'
import { Type as T } from '@sinclair/typebox'

/** Every question type (the spec's five and contract 16's four), for questions and their answers alike. */
export const AnswerType = T.Union([
  T.Literal('text'),
  T.Literal('number'),
  T.Literal('boolean'),
  T.Literal('image'),
  T.Literal('pdf_document'),
  T.Literal('email'),
  T.Literal('phone'),
  T.Literal('date'),
  T.Literal('choice'),
])

export const QuestionSchema = T.Object({
  title: T.String(),
  question: T.String(),
  type: AnswerType,
  options: T.Optional(T.Array(T.String(), { description: 'choice questions: the options, answered by number or text' })),
  required: T.Optional(T.Boolean({ description: 'false: the visitor may answer "skip"' })),
})

export const ShownAnswer = T.Object({
  title: T.String(),
  type: AnswerType,
  value: T.Union([T.String(), T.Number(), T.Boolean(), T.Null()], {
    description:
      "text, email, phone, choice (the option): string; date: YYYY-MM-DD; number; boolean; a skipped optional question: null; an upload: its file's URL, for the owner's token or dashboard session, or in a webhook payload a signed link valid 7 days",
  }),
})

export const UploadAnswer = T.Object(
  { upload_id: T.String(), kind: T.Union([T.Literal('image'), T.Literal('pdf_document')]) },
  { description: 'Send upload_id as the message answering the question' },
)

export const SubmissionList = T.Object(
  {
    response: T.Literal('success'),
    submissions: T.Array(T.Object({ submission_id: T.String(), created_at: T.String(), answers: T.Array(ShownAnswer) })),
    ...HasMore,
  },
  { description: 'Newest first; uploads as absolute URLs' },
)

export const UploadParams = T.Object({ uploadId: T.String() })

export const SubmissionDeleteBody = T.Object({ submission_id: T.String({ minLength: 1, maxLength: 100 }) })
