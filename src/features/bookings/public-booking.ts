// Slots and bookings of Appointment/Calendar Support chatbots, over the calendars feature's booking core.
import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../../context'
import type { SlotsQuery } from './model'
import { badRequest } from '../../http/errors'
import { normaliseEmail } from '../../lib/email'
import { availableSlots, bookAppointment, type Booking, type SlotsAnswer } from './booking'
import type { ChatbotRow } from '../chatbots/access'
import { checkQuestionAnswer, isOptional, type CollectedAnswer } from '../forms/data-collection'
import { SKIP_WORD } from '../forms/answer-check'
import { INVITATION_MAIL_JOB, type InvitationMailPayload } from './invitation-mail'
import { questionsOf } from '../forms/questions'
import type { BookBody } from '../chat/schemas'
import { answerInvalid, answerMissing, answerUnknown } from '../chat/texts'
import { claimAnswerUploads, shownAnswer, uploadLookup } from '../forms/uploads'
import { queueAppointmentCreated } from '../webhooks/service'
import { takeDailyAllowance } from '../conversations/usage'
import { checkBookingLimits } from './booking-limits'
import { notifyOwner } from '../notifications/owner-notification'

export async function slotsOf(ctx: AppContext, chatbot: ChatbotRow, query: Static<typeof SlotsQuery>): Promise<SlotsAnswer> {
  return availableSlots(ctx, chatbot.id, query.calendar_id, query.duration, query.date, query.time_zone)
}

type GivenAnswer = { title: string; value: string | number | boolean | null }

/**
 * The chatbot's questions answered with the booking: each checked like a Data Collection answer
 * (uploads must be the visitor's own), every question answered, kept in the questions' order.
 */
export async function checkBookingAnswers(ctx: AppContext, chatbot: ChatbotRow, visitorId: string, given: readonly GivenAnswer[] = [], zone = 'UTC'): Promise<CollectedAnswer[]> {
  const questions = questionsOf(chatbot)
  if (questions.length === 0) return []
  const findUpload = uploadLookup(ctx, chatbot.id, { visitorId })
  const byTitle = new Map<string, CollectedAnswer>()
  for (const [index, answer] of given.entries()) {
    const wanted = answer.title.trim().toLowerCase()
    const question = questions.find((q) => q.title === answer.title) ?? questions.find((q) => q.title.trim().toLowerCase() === wanted)
    if (!question) throw badRequest(answerUnknown(index), undefined, `answers[${index}].title`)
    // An optional question may be left out, answered null, or skipped as in the chat.
    const text = answer.value === null ? '' : String(answer.value)
    if (isOptional(question) && (answer.value === null || text.trim().toLowerCase() === SKIP_WORD)) {
      byTitle.set(question.title, { title: question.title, type: question.type, value: null })
      continue
    }
    const checked = await checkQuestionAnswer(question, text, findUpload, { now: ctx.clock.now(), zone })
    if (!checked.ok) throw badRequest(answerInvalid(index, checked.reason), undefined, `answers[${index}].value`)
    byTitle.set(question.title, { title: question.title, type: question.type, value: checked.value })
  }
  return questions.map((q) => {
    const answer = byTitle.get(q.title) ?? (isOptional(q) ? { title: q.title, type: q.type, value: null } : undefined)
    if (!answer) throw badRequest(answerMissing(q.title), undefined, 'answers')
    return answer
  })
}

/** `address`: the client address the limits of contract 11 count against. */
export async function book(ctx: AppContext, chatbot: ChatbotRow, input: Static<typeof BookBody>, address: string): Promise<Booking> {
  const answers = await checkBookingAnswers(ctx, chatbot, input.visitor_id, input.answers)
  await takeDailyAllowance(ctx, chatbot, input.visitor_id, 'messages')
  // Both invitations are queued in the booking's own transaction: a booking never lacks its e-mails.
  const mail = (booking: Booking, recipient: InvitationMailPayload['recipient']): InvitationMailPayload => ({
    appointment_id: booking.appointment_id,
    chatbot_id: chatbot.id,
    calendar_id: booking.calendar_id,
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    client_name: input.client_name.trim(),
    client_email: normaliseEmail(input.client_email),
    recipient,
  })
  const booking = await bookAppointment(ctx, chatbot.id, { ...input, answers }, async (trx, booked, details) => {
    await checkBookingLimits(ctx, trx, { chatbotId: chatbot.id, address, clientEmail: normaliseEmail(input.client_email) })
    await claimAnswerUploads(ctx, trx, chatbot.id, answers)
    await ctx.jobs.enqueue(trx, INVITATION_MAIL_JOB, mail(booked, 'client'))
    await ctx.jobs.enqueue(trx, INVITATION_MAIL_JOB, mail(booked, 'calendar'))
    // The appointment as chatbot-appointments lists it.
    await queueAppointmentCreated(ctx, trx, chatbot, {
      appointment_id: booked.appointment_id,
      calendar_id: booked.calendar_id,
      calendar_name: details.calendarName,
      start: booked.start,
      end: booked.end,
      duration: details.duration,
      client_name: input.client_name.trim(),
      client_email: normaliseEmail(input.client_email),
      answers: answers.map((a) => shownAnswer(ctx, a, 'signed')),
      created_at: details.createdAt,
      status: 'confirmed',
    })
    await notifyOwner(ctx, trx, chatbot, 'appointment', [`When: ${booked.start} to ${booked.end}`, `Client: ${input.client_name.trim()} <${normaliseEmail(input.client_email)}>`])
  })
  ctx.jobs.kick()
  ctx.log.info('chat.appointment_booked', { chatbot_id: chatbot.id, appointment_id: booking.appointment_id })
  return booking
}
