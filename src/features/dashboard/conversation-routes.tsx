import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { questionKey } from '../../lib/question-key'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { appendFaq, faqProblems } from '../chatbots/faqs'
import { accessChatbot } from '../chatbots/guard'
import { getChatbot } from '../chatbots/service'
import { TYPES } from '../chatbots/texts'
import { CONVERSATIONS_ACCESS, listConversations, listUnanswered, UNANSWERED_ACCESS, viewConversation } from '../conversations/inbox'
import { errorsFrom, errorsOfProblems } from './forms'
import { htmlPage, seeOther } from './html'
import { noticeOf, withNotice } from './notices'
import { tabPath } from './pages/chatbot-frame'
import { ConversationsPage, TranscriptPage, UnansweredPage } from './pages/conversations'
import { formText, HIDDEN, signedIn } from './route-kit'
import type { Viewer } from './session'

/** Conversations shown per page of the inbox. */
const INBOX_PAGE = 25

/** The questions of a `faqs` text that were written as `Q: …` lines (as the dashboard adds them), folded. */
function faqQuestions(faqs: unknown): Set<string> {
  if (typeof faqs !== 'string') return new Set()
  return new Set(
    faqs
      .split(/\r?\n/)
      .map((line) => /^\s*(?:q(?:uestion)?\s*[:.)-])?\s*(.*\?)\s*$/i.exec(line)?.[1])
      .filter((q): q is string => Boolean(q))
      .map(questionKey),
  )
}

/** The owner's inbox, its transcripts and the unanswered questions (an FAQ entry from one, for Business Enquiries). */
export const conversationPages = (ctx: AppContext) => {
  const unansweredPage = async (viewer: Viewer, chatbotId: string, extra: Pick<Parameters<typeof UnansweredPage>[0], 'failed' | 'notice'> = {}, status = 200) => {
    const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, chatbotId)
    const access = await accessChatbot(ctx, viewer.accountId, chatbotId, UNANSWERED_ACCESS)
    const { questions } = await listUnanswered(ctx, access.chatbot)
    const asked = faqQuestions((chatbot as Record<string, unknown>).faqs)
    const faq = chatbot.chatbot_type === TYPES.business ? { inFaqs: (question: string) => asked.has(questionKey(question)) } : null
    return htmlPage(ctx.config.publicUrl, <UnansweredPage viewer={viewer} chatbot={chatbot} questions={questions} faq={faq} {...extra} />, status)
  }

  return new Elysia({ name: 'dashboard-conversations' })
    .get(
      '/dashboard/chatbots/:id/conversations/',
      signedIn(ctx, async ({ viewer, params, query }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        const access = await accessChatbot(ctx, viewer.accountId, params.id, CONVERSATIONS_ACCESS)
        const page = await listConversations(ctx, access.chatbot, { limit: String(INBOX_PAGE), starting_after: query.after || undefined })
        return htmlPage(
          ctx.config.publicUrl,
          <ConversationsPage viewer={viewer} chatbot={chatbot} conversations={page.conversations} hasMore={page.has_more} paged={Boolean(query.after)} />,
        )
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/conversations/:sessionId/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        const access = await accessChatbot(ctx, viewer.accountId, params.id, CONVERSATIONS_ACCESS)
        const transcript = await viewConversation(ctx, access.chatbot, params.sessionId)
        return htmlPage(ctx.config.publicUrl, <TranscriptPage viewer={viewer} chatbot={chatbot} transcript={transcript} />)
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/unanswered/',
      signedIn(ctx, ({ viewer, params, query }) => unansweredPage(viewer, params.id, { notice: noticeOf(query.notice) })),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/unanswered/faq/',
      signedIn(ctx, async ({ viewer, params, body }) => {
        const access = await accessChatbot(ctx, viewer.accountId, params.id, { ...UNANSWERED_ACCESS, types: [TYPES.business] })
        const question = formText(body, 'question')
        const answer = formText(body, 'answer')
        const index = Number.parseInt(formText(body, 'row'), 10) || 0
        const idOf = (field: string) => (field === 'question' || field === 'answer' ? `faq-${index}-${field}` : undefined)
        // Both fields' mistakes at once, each next to its input.
        const problems = faqProblems({ question, answer })
        if (problems.length) return unansweredPage(viewer, params.id, { failed: { index, question, answer, errors: errorsOfProblems(problems, idOf) } }, 400)
        try {
          await appendFaq(ctx, access.chatbot.id, { question, answer })
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 400) throw error
          const errors = errorsFrom(error, idOf)
          return unansweredPage(viewer, params.id, { failed: { index, question, answer, errors } }, 400)
        }
        return seeOther(withNotice(tabPath(params.id, 'unanswered'), 'faq-added'))
      }),
      HIDDEN,
    )
}
