import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { AppError, notFound, NOT_FOUND, subscriptionRequired } from '../../http/errors'
import { findAccount } from '../accounts/service'
import { activePlan } from '../billing/service'
import { createChatbotFromInput, creationProblems, deleteChatbot, editableFields, editChatbot, editProblems, getChatbot, listChatbots, ownedChatbot } from '../chatbots/service'
import { markdownLibrary } from '../chatbots/embed-code'
import { SUBSCRIPTION_REQUIRED, TYPES } from '../chatbots/texts'
import {
  blankCreationForm,
  changesRows,
  creationBody,
  creationFieldId,
  editBodyOf,
  editForm,
  logoDataUrl,
  logoProblem,
  readCreationForm,
  TYPE_SLUGS,
  withCalendarProblems,
} from './chatbot-form'
import { errorsFrom, errorsOfProblems, type FormErrors } from './forms'
import { htmlPage, seeOther } from './html'
import { noticeOf, withNotice } from './notices'
import { tabPath } from './pages/chatbot-frame'
import { ChatbotListPage, ChooseTypePage, CreationPage, DeleteChatbotPage, type EditTarget } from './pages/chatbots'
import { OverviewPage, PREVIEW_STYLE, PreviewDocument } from './pages/overview'
import { buttonRoute, formFiles, formText, HIDDEN, signedIn } from './route-kit'

/**
 * The preview page's CSP: exactly what the embed code loads. The widget and its API from
 * PUBLIC_URL; marked from its pinned origin (the browser checks its integrity hash too); only
 * this dashboard may frame it.
 */
function previewPolicy(ctx: AppContext): string {
  const service = new URL(ctx.config.publicUrl).origin
  const markdown = new URL(markdownLibrary(ctx.config).url).origin
  const style = new Bun.CryptoHasher('sha256').update(PREVIEW_STYLE).digest('base64')
  return [
    "default-src 'none'",
    `script-src ${service} ${markdown}`,
    `style-src ${service} 'sha256-${style}'`,
    `connect-src ${service}`,
    `img-src ${service} data:`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** The logo chosen in a form: kept as a data: URL when the API would take it, else named as a problem. */
async function chosenLogo(body: unknown): Promise<{ dataUrl: string | null; problems: { field: string; message: string }[] }> {
  const file = formFiles(body, 'business_logo')[0] ?? null
  const problem = await logoProblem(file)
  if (problem) return { dataUrl: null, problems: [{ field: 'business_logo', message: problem }] }
  return { dataUrl: await logoDataUrl(file), problems: [] }
}

const editTarget = (c: Awaited<ReturnType<typeof getChatbot>>): EditTarget => ({
  chatbotId: c.chatbot_id,
  name: c.chatbot_name,
  logoUrl: c.logo_url,
  ownerNotifications: c.owner_notifications !== false,
})

export const chatbotPages = (ctx: AppContext) => {
  const page = (element: JSX.Element, status = 200) => htmlPage(ctx.config.publicUrl, element, status)
  const typeOf = (slug: string) => {
    const type = TYPE_SLUGS[slug]
    if (!type) throw notFound(NOT_FOUND)
    return type
  }
  return new Elysia({ name: 'dashboard-chatbots' })
    .get(
      '/dashboard/chatbots/',
      signedIn(ctx, async ({ viewer, query }) => {
        const chatbots = await listChatbots(ctx, viewer.accountId)
        const active = await activePlan(ctx, viewer.accountId)
        if (!active) throw subscriptionRequired(SUBSCRIPTION_REQUIRED)
        const account = await findAccount(ctx, viewer.email)
        return page(<ChatbotListPage viewer={viewer} chatbots={chatbots} used={account?.chatbots_created ?? 0} allowed={active.plan.chatbots} notice={noticeOf(query.notice)} />)
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/new/',
      signedIn(ctx, async ({ viewer }) => page(<ChooseTypePage viewer={viewer} />)),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/new/:type/',
      signedIn(ctx, async ({ viewer, params }) => {
        const type = typeOf(params.type)
        return page(<CreationPage viewer={viewer} type={type} form={blankCreationForm(type)} csrf={viewer.csrf} />)
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/new/:type/',
      signedIn(ctx, async ({ viewer, params, body }) => {
        const type = typeOf(params.type)
        const form = readCreationForm(type, body)
        const logo = await chosenLogo(body)
        if (logo.dataUrl) form.values.business_logo_kept = logo.dataUrl
        // "Add another row" or "Remove" re-shows the form with the rows changed, everything typed and chosen kept; nothing is created.
        if (changesRows(body)) return page(<CreationPage viewer={viewer} type={type} form={form} csrf={viewer.csrf} />)
        const api = creationBody(type, form, form.values.business_logo_kept || null)
        // Every mistake at once, each next to its input, before the service checks the rest.
        const problems = [...logo.problems, ...withCalendarProblems(creationProblems(type, api.body), api.body)]
        if (problems.length) {
          return page(<CreationPage viewer={viewer} type={type} form={form} csrf={viewer.csrf} errors={errorsOfProblems(problems, creationFieldId(api.rows))} />, 400)
        }
        try {
          const created = await createChatbotFromInput(ctx, CHATBOT_MATERIAL, viewer.accountId, type, api.body, false)
          return seeOther(withNotice(tabPath(created.chatbot_id, 'overview'), 'chatbot-created'))
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500 || error.status === 403) throw error
          const errors = errorsFrom(error, creationFieldId(api.rows))
          return page(<CreationPage viewer={viewer} type={type} form={form} csrf={viewer.csrf} errors={errors} />, error.status)
        }
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/',
      signedIn(ctx, async ({ viewer, params, query }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        return page(<OverviewPage viewer={viewer} chatbot={chatbot} notice={noticeOf(query.notice)} />)
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/edit/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        const form = editForm(chatbot.chatbot_type, chatbot)
        return page(<CreationPage viewer={viewer} type={chatbot.chatbot_type} form={form} csrf={viewer.csrf} edit={editTarget(chatbot)} />)
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/edit/',
      signedIn(ctx, async ({ viewer, params, body }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        const type = chatbot.chatbot_type
        const form = readCreationForm(type, body)
        const logo = await chosenLogo(body)
        if (logo.dataUrl) form.values.business_logo_kept = logo.dataUrl
        const show = (errors?: FormErrors, status = 200) =>
          page(<CreationPage viewer={viewer} type={type} form={form} csrf={viewer.csrf} edit={editTarget(chatbot)} errors={errors} />, status)
        if (changesRows(body)) return show()
        const api = editBodyOf(type, form, editableFields(type), form.values.business_logo_kept || null)
        try {
          const row = await ownedChatbot(ctx, viewer.accountId, params.id, { missing: notFound(NOT_FOUND) })
          const problems = [...logo.problems, ...(await editProblems(row, api.body))]
          if (problems.length) return show(errorsOfProblems(problems, creationFieldId(api.rows)), 400)
          await editChatbot(ctx, viewer.accountId, params.id, api.body)
          return seeOther(withNotice(tabPath(params.id, 'overview'), 'settings-saved'))
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500 || error.status === 403) throw error
          return show(errorsFrom(error, creationFieldId(api.rows)), error.status)
        }
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/preview/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        return new Response(PreviewDocument({ chatbot }), {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': previewPolicy(ctx) },
        })
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/delete/',
      signedIn(ctx, async ({ viewer, params }) => {
        const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, params.id)
        return page(<DeleteChatbotPage viewer={viewer} chatbot={chatbot} csrf={viewer.csrf} />)
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/delete/',
      buttonRoute(ctx, {
        run: ({ viewer, params }) => deleteChatbot(ctx, viewer.accountId, params.id),
        back: () => '/dashboard/chatbots/',
        notice: 'chatbot-deleted',
      }),
      HIDDEN,
    )
}
