import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { isTooLarge } from '../../http/body-limits'
import { parse } from '../../http/validate'
import { accessChatbot } from '../chatbots/guard'
import { DOCUMENT_ACCESS, LINK_ACCESS, LINK_LIST_ACCESS } from '../training/access'
import { AddLinksBody } from '../training/model'
import { CHATBOT_MATERIAL } from '../chatbot-material'
import { AppError } from '../../http/errors'
import {
  addCalendars,
  CALENDAR_ADD_ACCESS,
  CALENDAR_DELETE_ACCESS,
  CALENDAR_EDIT_ACCESS,
  CALENDAR_VIEW_ACCESS,
  editCalendar,
  removeCalendar,
  viewCalendars,
} from '../calendars/service'
import { calendarNotFound } from '../calendars/texts'
import { getChatbot } from '../chatbots/service'
import { looksLikePdf } from '../training/pdf-text'
import { normaliseLinkUrl } from '../training/links'
import { addDocuments, addLinks, deleteDocument, deleteLink, linkStatus, viewDocuments, viewLinks } from '../training/service'
import { calendarFieldId, calendarFormProblems, calendarItem, calendarRowOf, emptyCalendar, readCalendarRows, type CalendarRow } from './chatbot-form'
import { errorsFrom, errorsOfProblems, FormErrors } from './forms'
import { htmlPage, seeOther } from './html'
import { noticeOf, withNotice } from './notices'
import { DOCUMENTS_FORM_MESSAGES } from './texts'
import { tabPath } from './pages/chatbot-frame'
import { CalendarEditPage, CalendarsPage } from './pages/calendars'
import { TrainingPage } from './pages/training'
import { buttonRoute, CSRF_REFUSED, errorPage, formText, HIDDEN, signedIn, type RequestParts } from './route-kit'
import { currentViewer, type Viewer } from './session'

/** A route parser that leaves the body unread: document uploads are read once, below, then handed on. */
const UNREAD = { parse: () => ({}), ...HIDDEN }

/** The form of an upload as a plain object (for the CSRF check) and as a Request of its files (for addDocuments). */
async function readUpload(parts: RequestParts): Promise<RequestParts & { files: Request; chosen: File[] }> {
  // A streamed body past the limit (body-limits.ts) is refused, not taken for an empty form.
  const form = await parts.request.formData().catch((error: unknown) => {
    if (isTooLarge(error)) throw error
    return null
  })
  const body: Record<string, unknown> = {}
  const files = new FormData()
  const chosen: File[] = []
  for (const [name, value] of form?.entries() ?? []) {
    const entry: unknown = value
    if (entry instanceof File) {
      // A file input left empty still sends one nameless, empty part.
      if (entry.size > 0 || entry.name) {
        files.append(name, entry, entry.name)
        chosen.push(entry)
      }
    } else if (!(name in body)) body[name] = entry
  }
  return { ...parts, body, chosen, files: new Request(parts.request.url, { method: 'POST', body: files }) }
}

/**
 * What is wrong with the chosen files, in the form's words (the API's own messages speak of
 * multipart parts and file signatures); null when they may go to addDocuments.
 */
async function uploadProblem(chosen: File[]): Promise<string | null> {
  if (chosen.length === 0) return DOCUMENTS_FORM_MESSAGES.none
  const notPdf: string[] = []
  for (const file of chosen) if (!looksLikePdf(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) notPdf.push(file.name || 'A file')
  return notPdf.length ? DOCUMENTS_FORM_MESSAGES.notPdf(notPdf) : null
}

/**
 * What signedIn() would refuse, decided from the headers alone, so an upload's body is never read
 * for it: no session (to the sign-in page), or a browser post whose Origin is another site (the
 * CSRF token, inside the body, is checked after reading, as on every dashboard form).
 */
async function refusedBeforeBody(ctx: AppContext, request: Request): Promise<Response | null> {
  const viewer = await currentViewer(ctx, request)
  if (!viewer) return seeOther('/dashboard/login/')
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== new URL(ctx.config.publicUrl).origin) return errorPage(ctx, 403, CSRF_REFUSED, viewer)
  return null
}

/** URLs typed one per line; blank lines are skipped. */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)

export const materialPages = (ctx: AppContext) => {
  const training = async (viewer: Viewer, chatbotId: string, extra: { errors?: FormErrors; linksText?: string; notice?: string | null } = {}, status = 200) => {
    const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, chatbotId)
    const [documents, links, jobs] = await Promise.all([
      accessChatbot(ctx, viewer.accountId, chatbotId, DOCUMENT_ACCESS).then((access) => viewDocuments(ctx, access)),
      accessChatbot(ctx, viewer.accountId, chatbotId, LINK_LIST_ACCESS).then((access) => viewLinks(ctx, access)),
      accessChatbot(ctx, viewer.accountId, chatbotId, LINK_ACCESS).then((access) => linkStatus(ctx, access)),
    ])
    return htmlPage(ctx.config.publicUrl, <TrainingPage viewer={viewer} chatbot={chatbot} documents={documents} links={links} jobs={jobs} {...extra} />, status)
  }
  const calendars = async (
    viewer: Viewer,
    chatbotId: string,
    extra: { errors?: FormErrors; row?: ReturnType<typeof emptyCalendar>; notice?: string | null } = {},
    status = 200,
  ) => {
    const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, chatbotId)
    const list = await viewCalendars(ctx, await accessChatbot(ctx, viewer.accountId, chatbotId, CALENDAR_VIEW_ACCESS))
    return htmlPage(
      ctx.config.publicUrl,
      <CalendarsPage viewer={viewer} chatbot={chatbot} calendars={list} row={extra.row ?? emptyCalendar()} errors={extra.errors} notice={extra.notice} />,
      status,
    )
  }
  /** One calendar's edit form, filled from the stored calendar or from what was just submitted. */
  const calendarEdit = async (viewer: Viewer, chatbotId: string, calendarId: string, extra: { errors?: FormErrors; row?: CalendarRow } = {}, status = 200) => {
    const chatbot = await getChatbot(ctx, CHATBOT_MATERIAL, viewer.accountId, chatbotId)
    const list = await viewCalendars(ctx, await accessChatbot(ctx, viewer.accountId, chatbotId, CALENDAR_VIEW_ACCESS))
    const stored = list.find((c) => c.calendar_id === calendarId)
    if (!stored) throw new AppError('not_found', 404, calendarNotFound(calendarId))
    return htmlPage(
      ctx.config.publicUrl,
      <CalendarEditPage viewer={viewer} chatbot={chatbot} calendar={stored} row={extra.row ?? calendarRowOf(stored)} errors={extra.errors} />,
      status,
    )
  }
  const backTo = (id: string, tab: 'training' | 'calendars') => tabPath(id, tab)
  /** A refused form is shown again with its message; other failures (403, 404) become error pages. */
  const formFailure = (error: unknown): AppError => {
    if (error instanceof AppError && (error.status === 400 || error.status === 413)) return error
    throw error
  }

  return new Elysia({ name: 'dashboard-material' })
    .get(
      '/dashboard/chatbots/:id/training/',
      signedIn(ctx, ({ viewer, params, query }) => training(viewer, params.id, { notice: noticeOf(query.notice) })),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/documents/',
      async (parts) => {
        // Up to 50 MiB: no session, or a post from another site, is refused before the body is read.
        const early = await refusedBeforeBody(ctx, parts.request)
        if (early) return early
        const upload = await readUpload(parts)
        return signedIn(ctx, async ({ viewer, params }) => {
          const access = await accessChatbot(ctx, viewer.accountId, params.id, DOCUMENT_ACCESS)
          const problem = await uploadProblem(upload.chosen)
          if (problem) return training(viewer, params.id, { errors: new FormErrors().add('documents', problem) }, 400)
          try {
            await addDocuments(ctx, access, upload.files)
          } catch (error) {
            const refused = formFailure(error)
            return training(viewer, params.id, { errors: new FormErrors().add('documents', refused.detail ?? refused.message) }, refused.status)
          }
          return seeOther(withNotice(backTo(params.id, 'training'), 'documents-added'))
        })(upload)
      },
      UNREAD,
    )
    .post(
      '/dashboard/chatbots/:id/documents/:documentId/delete/',
      buttonRoute(ctx, {
        run: async ({ viewer, params }) => deleteDocument(ctx, await accessChatbot(ctx, viewer.accountId, params.id, DOCUMENT_ACCESS), { document_id: params.documentId }),
        back: (params) => backTo(params.id, 'training'),
        notice: 'document-deleted',
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/links/',
      signedIn(ctx, async ({ viewer, params, body }) => {
        const text = formText(body, 'links')
        const lines = linesOf(text)
        const access = await accessChatbot(ctx, viewer.accountId, params.id, LINK_ACCESS)
        // Every line that is not a web address at once, by its number (the service names the first).
        const bad = lines.flatMap((line, i) => {
          const checked = normaliseLinkUrl(line)
          return 'problem' in checked ? [`Line ${i + 1} (${line}) ${checked.problem}.`] : []
        })
        if (bad.length) return training(viewer, params.id, { errors: new FormErrors().add('links', bad.join(' ')), linksText: text }, 400)
        try {
          // The form is not the API route, so the route's model is checked here.
          await addLinks(ctx, access, parse(AddLinksBody, { links: lines }))
        } catch (error) {
          const refused = formFailure(error)
          // A field `links[2]` names an entry; the owner sees line numbers.
          const line = refused.field?.startsWith('links[') ? Number.parseInt(refused.field.slice('links['.length), 10) : Number.NaN
          const message = Number.isInteger(line) ? `Line ${line + 1} (${lines[line]}) ${refused.fieldMessage}` : (refused.fieldMessage ?? refused.message)
          return training(viewer, params.id, { errors: new FormErrors().add('links', message), linksText: text }, refused.status)
        }
        return seeOther(withNotice(backTo(params.id, 'training'), 'links-queued'))
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/links/:linkId/delete/',
      buttonRoute(ctx, {
        run: async ({ viewer, params }) => deleteLink(ctx, await accessChatbot(ctx, viewer.accountId, params.id, LINK_LIST_ACCESS), { link_id: params.linkId }),
        back: (params) => backTo(params.id, 'training'),
        notice: 'link-deleted',
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/calendars/',
      signedIn(ctx, ({ viewer, params, query }) => calendars(viewer, params.id, { notice: noticeOf(query.notice) })),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/calendars/',
      signedIn(ctx, async ({ viewer, params, body }) => {
        const [row] = readCalendarRows(body, 1)
        const access = await accessChatbot(ctx, viewer.accountId, params.id, CALENDAR_ADD_ACCESS)
        // Every mistake at once, each next to its input; the service then checks the rest (the limit).
        const problems = calendarFormProblems([calendarItem(row)])
        if (problems.length) return calendars(viewer, params.id, { errors: errorsOfProblems(problems, calendarFieldId([0])), row }, 400)
        try {
          await addCalendars(ctx, access, { calendar_data: [calendarItem(row)] })
        } catch (error) {
          const refused = formFailure(error)
          return calendars(viewer, params.id, { errors: errorsFrom(refused, calendarFieldId([0])), row }, refused.status)
        }
        return seeOther(withNotice(backTo(params.id, 'calendars'), 'calendar-added'))
      }),
      HIDDEN,
    )
    .get(
      '/dashboard/chatbots/:id/calendars/:calendarId/edit/',
      signedIn(ctx, ({ viewer, params }) => calendarEdit(viewer, params.id, params.calendarId)),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/calendars/:calendarId/edit/',
      signedIn(ctx, async ({ viewer, params, body }) => {
        const [row] = readCalendarRows(body, 1)
        const access = await accessChatbot(ctx, viewer.accountId, params.id, CALENDAR_EDIT_ACCESS)
        // The form sends the whole calendar, so it is checked whole, every mistake at once.
        const problems = calendarFormProblems([calendarItem(row)])
        if (problems.length) return calendarEdit(viewer, params.id, params.calendarId, { errors: errorsOfProblems(problems, calendarFieldId([0])), row }, 400)
        try {
          await editCalendar(ctx, access, { calendar_id: params.calendarId, ...calendarItem(row) })
        } catch (error) {
          const refused = formFailure(error)
          return calendarEdit(
            viewer,
            params.id,
            params.calendarId,
            { errors: errorsFrom(refused, (field) => calendarFieldId([0])(`calendar_data[0].${field}`)), row },
            refused.status,
          )
        }
        return seeOther(withNotice(backTo(params.id, 'calendars'), 'calendar-updated'))
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/chatbots/:id/calendars/:calendarId/delete/',
      buttonRoute(ctx, {
        run: async ({ viewer, params }) => removeCalendar(ctx, await accessChatbot(ctx, viewer.accountId, params.id, CALENDAR_DELETE_ACCESS), { calendar_id: params.calendarId }),
        back: (params) => backTo(params.id, 'calendars'),
        notice: 'calendar-deleted',
      }),
      HIDDEN,
    )
}
