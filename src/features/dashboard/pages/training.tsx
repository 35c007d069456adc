import { Html } from '@elysiajs/html'
import type { linkStatus, viewDocuments, viewLinks } from '../../training/service'
import { DeleteButton, ErrorSummary, FileField, PostForm, TextArea, type FormErrors } from '../forms'
import { attr } from '../html'
import type { Viewer } from '../session'
import { ChatbotFrame } from './chatbot-frame'
import type { ChatbotDetails } from './overview'
import { Badge, count, DataTable, LocalTime, when } from './parts'

export type DocumentItem = Awaited<ReturnType<typeof viewDocuments>>[number]
export type LinkItem = Awaited<ReturnType<typeof viewLinks>>[number]
export type LinkJob = Awaited<ReturnType<typeof linkStatus>>[number]

/** A document or web page as its table shows it: a link to it, its words, the start of its text, Delete. */
interface MaterialItem {
  name: string
  href: string
  /** Another site's page: opened without telling it where the visitor came from. */
  external?: boolean
  words: number
  text: string
  deleteAction: string
  deleteWhat: string
}

const PREVIEW_LENGTH = 160

function MaterialTable(props: { label: string; nameColumn: string; empty: string; items: MaterialItem[]; csrf: string }): JSX.Element {
  return (
    <DataTable
      label={props.label}
      columns={[props.nameColumn, { title: 'Words', num: true }, 'Preview', { title: 'Actions', hidden: true }]}
      items={props.items}
      empty={props.empty}
      row={(m) => (
        <>
          <th scope="row">
            <a href={attr(m.href)} rel={m.external ? 'noopener noreferrer' : undefined} safe>
              {m.name}
            </a>
          </th>
          <td class="num" data-label="Words">
            {count(m.words)}
          </td>
          <td data-label="Preview" safe>
            {m.text.length > PREVIEW_LENGTH ? `${m.text.slice(0, PREVIEW_LENGTH)}…` : m.text}
          </td>
          <td>
            <DeleteButton action={m.deleteAction} csrf={props.csrf} what={m.deleteWhat} />
          </td>
        </>
      )}
    />
  )
}

export function TrainingPage(props: {
  viewer: Viewer
  chatbot: ChatbotDetails
  documents: DocumentItem[]
  links: LinkItem[]
  jobs: LinkJob[]
  linksText?: string
  errors?: FormErrors | null
  notice?: string | null
}): JSX.Element {
  const { chatbot: c, errors, viewer } = props
  const id = encodeURIComponent(c.chatbot_id)
  return (
    <ChatbotFrame viewer={viewer} chatbot={c} tab="training" notice={props.notice}>
      <p>
        <strong>{count(c.available_word_count)}</strong> training words left for this chatbot. Deleting material gives its words back.
      </p>
      <ErrorSummary errors={errors} labels={{ documents: 'PDF documents', links: 'Web pages' }} />

      <section class="section" aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        <PostForm action={`/dashboard/chatbots/${id}/documents/`} csrf={viewer.csrf} multipart novalidate class="card">
          <FileField
            id="documents"
            name="documents"
            label="PDF documents"
            hint="Up to 10 files at once, 20 MiB each. Only PDFs with selectable text can be read."
            accept="application/pdf,.pdf"
            multiple
            required
            error={errors?.of('documents')}
          />
          <button type="submit" class="button">
            Upload documents
          </button>
        </PostForm>
        <MaterialTable
          label="Documents"
          nameColumn="Title"
          empty="No documents yet."
          csrf={viewer.csrf}
          items={props.documents.map((d) => ({
            name: d.title,
            href: d.file,
            words: d.word_count,
            text: d.text,
            deleteAction: `/dashboard/chatbots/${id}/documents/${encodeURIComponent(d.document_id)}/delete/`,
            deleteWhat: `document ${d.title}`,
          }))}
        />
      </section>

      <section class="section" aria-labelledby="links-title">
        <h2 id="links-title">Web pages</h2>
        <PostForm action={`/dashboard/chatbots/${id}/links/`} csrf={viewer.csrf} novalidate class="card">
          <TextArea
            id="links"
            name="links"
            label="Web page addresses"
            hint="One address per line, like https://example.com/pricing. Up to 50 at once."
            rows={3}
            required
            spellcheck={false}
            value={props.linksText ?? ''}
            error={errors?.of('links')}
          />
          <button type="submit" class="button">
            Add pages
          </button>
        </PostForm>
        <MaterialTable
          label="Added web pages"
          nameColumn="Page"
          empty="No pages added yet."
          csrf={viewer.csrf}
          items={props.links.map((l) => ({
            name: l.title || l.link,
            href: l.link,
            external: true,
            words: l.word_count,
            text: l.text,
            deleteAction: `/dashboard/chatbots/${id}/links/${encodeURIComponent(l.link_id)}/delete/`,
            deleteWhat: `page ${l.title || l.link}`,
          }))}
        />
      </section>

      <section class="section" aria-labelledby="jobs-title" id="link-jobs" data-refresh-while-queued>
        <h2 id="jobs-title">Page processing</h2>
        <p class="hint">
          Each address is fetched in the background and added if the word allowance suffices. <a href={`/dashboard/chatbots/${id}/training/`}>Refresh</a>
        </p>
        <DataTable
          label="Page processing status"
          columns={['Address', 'Status', 'Reason', 'Updated']}
          items={props.jobs}
          empty="Nothing queued."
          row={(j) => (
            <>
              <th scope="row" class="url" safe>
                {j.link}
              </th>
              <td data-label="Status">
                <Badge status={j.status} />
              </td>
              <td data-label="Reason" safe>
                {j.reason ?? ''}
              </td>
              <td data-label="Updated">
                <LocalTime iso={j.updated_at} />
              </td>
            </>
          )}
        />
      </section>
    </ChatbotFrame>
  )
}
