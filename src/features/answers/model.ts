import { type Static, Type } from '@sinclair/typebox'

/** One document, link or business-detail section an answer drew on (contract section 8). */
export const SourceModel = Type.Object({
  title: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  /** The passage that holds the answer. */
  snippet: Type.String(),
})
export type Source = Static<typeof SourceModel>

/** A Knowledge Retrieval or Business Enquiries answer, as the chat answer carries it. */
export const AnswerModel = Type.Object({
  reply: Type.String(),
  sources: Type.Array(SourceModel),
  /** False when the material does not hold an answer (the question is kept for the owner). */
  answered: Type.Boolean(),
})
export type Answer = Static<typeof AnswerModel>
