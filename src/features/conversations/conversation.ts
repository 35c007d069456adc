// POST /chat/<id>/: one visitor message in, one reply out, whatever the chatbot's type.
import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import type { ChatbotRow } from '../chatbots/access'
import { TYPES } from '../chatbots/texts'
import { answerQuestion } from '../answers/answering'
import { ownerAnswer } from '../owner-faqs/service'
import type { ChatAnswer as ChatAnswerModel } from './model'
import { formStateOf, formStep } from '../forms/data-collection'
import type { ChatBody } from '../chat/schemas'
import { countConversation, existingSession, recordExchange, saveSessionState, startSession, type ChatSession } from './sessions'
import { APPOINTMENT_HINT, QUOTE_HINT } from '../chat/texts'
import { publicQuestion, questionsOf } from '../forms/questions'
import { storeSubmission } from '../forms/submissions'
import { uploadLookup } from '../forms/uploads'
import { takeDailyAllowance } from './usage'
import { takeAddressMessage } from './address-limits'
import { queueUnansweredQuestion } from '../webhooks/service'
import type { Db } from '../../db/database'
import { invalid } from '../../http/errors'
import { canonicalTimeZone } from '../calendars/clock'
import { BOOKING_MESSAGES } from '../calendars/texts'

export type ChatAnswer = Static<typeof ChatAnswerModel>

type Reply = Omit<ChatAnswer, 'session_id' | 'message_id'>

/** `address`: the client address the limits of contract 11 count against. */
export async function chat(ctx: AppContext, chatbot: ChatbotRow, body: Static<typeof ChatBody>, address: string): Promise<ChatAnswer> {
  const input = body
  // An unknown session is refused before the message is counted.
  const known = input.session_id === undefined ? null : await existingSession(ctx, chatbot.id, input.visitor_id, input.session_id)
  // The visitor's own allowance answers first (its text tells them what happened); a visitor over it
  // costs the address nothing.
  await takeDailyAllowance(ctx, chatbot, input.visitor_id, 'messages')
  await takeAddressMessage(ctx, chatbot, address)
  const session = known ?? (await startSession(ctx, chatbot.id, input.visitor_id))
  await countConversation(ctx, session)

  const reply = await replyTo(ctx, chatbot, session, input.message, visitorZone(input.time_zone))
  // A question the material could not answer is an event for the owner's systems (contract 12).
  const unanswered =
    reply.answered === false
      ? (trx: Db, asked: { id: string; created_at: string }) =>
          queueUnansweredQuestion(ctx, trx, chatbot, {
            message_id: asked.id,
            session_id: session.id,
            visitor_id: session.visitor_id,
            question: input.message,
            created_at: asked.created_at,
          }).then(() => {})
      : undefined
  const messageId = await recordExchange(ctx, session.id, input.message, { text: reply.reply, answered: reply.answered, sources: reply.sources }, unanswered)
  return { session_id: session.id, message_id: messageId, ...reply }
}

/** The zone date answers are read in: the visitor's (the widget sends the browser's), else UTC. */
function visitorZone(given: string | undefined): string {
  if (given === undefined) return 'UTC'
  const zone = canonicalTimeZone(given)
  if (zone === null) throw invalid('time_zone', BOOKING_MESSAGES.unknownZone)
  return zone
}

async function replyTo(ctx: AppContext, chatbot: ChatbotRow, session: ChatSession, message: string, zone: string): Promise<Reply> {
  switch (chatbot.type) {
    case TYPES.dataCollection:
      return collectAnswer(ctx, chatbot, session, message, zone)
    case TYPES.appointment:
      return { reply: APPOINTMENT_HINT }
    case TYPES.quote: {
      // Price questions get the price list; anything else, how to ask for a quote.
      const { reply, sources } = await answerQuestion(ctx, chatbot, message)
      return sources.length ? { reply: `${reply}\n\n${QUOTE_HINT}`, sources } : { reply: QUOTE_HINT, sources: [] }
    }
    default:
      // Knowledge Retrieval and Business Enquiries: the owner's own answer, when they wrote one, comes first.
      return (await ownerAnswer(ctx, chatbot, message)) ?? answerQuestion(ctx, chatbot, message)
  }
}

async function collectAnswer(ctx: AppContext, chatbot: ChatbotRow, session: ChatSession, message: string, zone: string): Promise<Reply> {
  const questions = questionsOf(chatbot)
  const today = { now: ctx.clock.now(), zone }
  const step = await formStep(questions, formStateOf(JSON.parse(session.state)), message, uploadLookup(ctx, chatbot.id, { sessionId: session.id }), today)
  if (step.completed) {
    const answers = step.completed
    await ctx.db.transaction().execute(async (trx) => {
      await saveSessionState(ctx, session, step.state, trx)
      await storeSubmission(ctx, trx, { chatbot, sessionId: session.id, visitorId: session.visitor_id, answers })
    })
    ctx.log.info('chat.submission_stored', { chatbot_id: chatbot.id, session_id: session.id })
  } else if (JSON.stringify(step.state) !== session.state) {
    await saveSessionState(ctx, session, step.state)
  }
  return { reply: step.reply, next_question: step.nextQuestion && publicQuestion(step.nextQuestion), done: step.done }
}
