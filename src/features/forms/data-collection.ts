// The conversational form of Data Collection chatbots (contract 8), as a pure step function over
// the session's state. The caller stores the state and, when `completed` is set, the submission.
import type { UploadKind } from '../../lib/file-kind'
import { checkAnswer, SKIP_WORD, wrongUploadReason, type AnswerCheck, type AnswerContext, type AnswerType } from './answer-check'
import { describeDay } from './date-answer'
import { dateNoted, FORM_ALREADY_COMPLETE, FORM_COMPLETE, OPTIONAL_HINT, UPLOAD_ANSWER_NOT_FOUND } from '../chat/texts'

export interface Question {
  title: string
  question: string
  type: AnswerType
  /** choice questions: 2..20 options. */
  options?: string[]
  /** Default true; an optional question is skipped with "skip" (contract 16). */
  required?: boolean
}

/** Upload answers hold the upload_id; the owner's views turn it into the file's URL. A skipped optional question holds null. */
export interface CollectedAnswer {
  title: string
  type: AnswerType
  value: string | number | boolean | null
}

/** "Today" for date answers: the instant and the visitor's zone. */
export type Today = NonNullable<AnswerContext['today']>

export const isOptional = (q: Pick<Question, 'required'>) => q.required === false

/** What the chatbot says to ask a question: a choice lists its numbered options, an optional one says how to skip it. */
export function askText(q: Question): string {
  const options = q.type === 'choice' && q.options ? `\n\n${q.options.map((o, i) => `${i + 1}. ${o}`).join('\n')}` : ''
  const skip = isOptional(q) ? `\n\n${OPTIONAL_HINT}` : ''
  return `${q.question}${options}${skip}`
}

export interface FormState {
  started: boolean
  answers: CollectedAnswer[]
  /** The questions as they were when the form opened: an owner's edit meanwhile does not change a form under way. */
  questions?: Question[]
}

export interface FormStep {
  state: FormState
  reply: string
  nextQuestion: Question | null
  done: boolean
  /** Set on the step that took the last valid answer: the submission to store. */
  completed: CollectedAnswer[] | null
}

/** The kind of an upload of this chatbot and conversation, or null when there is none with that id. */
export type UploadLookup = (uploadId: string) => Promise<UploadKind | null>

export function formStateOf(stored: unknown): FormState {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<FormState>
  return {
    started: raw.started === true,
    answers: Array.isArray(raw.answers) ? raw.answers : [],
    ...(Array.isArray(raw.questions) ? { questions: raw.questions } : {}),
  }
}

/** One answer checked against its question; upload answers must name an upload of the right kind. */
export async function checkQuestionAnswer(question: Question, message: string, findUpload: UploadLookup, today: Today): Promise<AnswerCheck> {
  const checked = checkAnswer(question.type, message, { options: question.options, today })
  if (!checked.ok || (question.type !== 'image' && question.type !== 'pdf_document')) return checked
  const kind = await findUpload(String(checked.value))
  if (kind === null) return { ok: false, reason: UPLOAD_ANSWER_NOT_FOUND }
  if (kind !== question.type) return { ok: false, reason: wrongUploadReason(question.type) }
  return checked
}

/** The typed answer to the pending question: null for a skipped optional one. */
async function answerOf(question: Question, message: string, findUpload: UploadLookup, today: Today): Promise<AnswerCheck | { ok: true; value: null }> {
  if (isOptional(question) && message.trim().toLowerCase() === SKIP_WORD) return { ok: true, value: null }
  return checkQuestionAnswer(question, message, findUpload, today)
}

export async function formStep(current: readonly Question[], state: FormState, message: string, findUpload: UploadLookup, today: Today): Promise<FormStep> {
  const questions = state.started && state.questions ? state.questions : current
  if (state.answers.length >= questions.length) {
    return { state, reply: FORM_ALREADY_COMPLETE, nextQuestion: null, done: true, completed: null }
  }
  // Whatever the first message says, it opens the form.
  if (!state.started) {
    const first = questions[0]
    return { state: { started: true, answers: [], questions: [...questions] }, reply: askText(first), nextQuestion: first, done: false, completed: null }
  }
  const pending = questions[state.answers.length]
  const checked = await answerOf(pending, message, findUpload, today)
  if (!checked.ok) {
    return { state, reply: `${checked.reason}\n\n${askText(pending)}`, nextQuestion: pending, done: false, completed: null }
  }
  const answers = [...state.answers, { title: pending.title, type: pending.type, value: checked.value }]
  // A date is said back as it was read ("next Friday" → the date), so a wrong reading can be seen.
  const noted = pending.type === 'date' && typeof checked.value === 'string' ? `${dateNoted(describeDay(checked.value))}\n\n` : ''
  const next = questions[answers.length]
  if (next) return { state: { ...state, started: true, answers }, reply: `${noted}${askText(next)}`, nextQuestion: next, done: false, completed: null }
  return { state: { ...state, started: true, answers }, reply: `${noted}${FORM_COMPLETE}`, nextQuestion: null, done: true, completed: answers }
}
