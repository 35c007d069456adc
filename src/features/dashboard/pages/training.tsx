import { Html } from '@elysiajs/html'
import type { linkStatus, viewDocuments, viewLinks } from '../../training/service'
import { ActionButton, ErrorSummary, PostForm, TextArea, type FormErrors } from '../forms'
import { attr } from '../html'
import type { Viewer } from '../session'
import { ChatbotFrame } from './chatbot-frame'
import type { ChatbotDetails } from './overview'
import { Badge, count, TableRegion, when } from './parts'

export type DocumentItem = Awaited<ReturnType<typeof viewDocuments>>[number]
export type LinkItem = Awaited<ReturnType<typeof viewLinks>>[number]
export type LinkJob = Awaited<ReturnType<typeof linkStatus>>[number]

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
  const docError = errors?.of('documents')
  return (
    <ChatbotFrame viewer={viewer} chatbot={c} tab="training" notice={props.notice}>
      <p>
        <strong>{count(c.available_word_count)}</strong> training words left for this chatbot. Deleting material gives its words back.
      </p>
      <ErrorSummary errors={errors} labels={{ documents: 'PDF documents', links: 'Web pages' }} />

      <section class="section" aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        <PostForm action={`/dashboard/chatbots/${id}/documents/`} csrf={viewer.csrf} multipart novalidate class="card">
          <div class={['field', docError ? 'has-error' : '']}>
            <label for="documents">PDF documents</label>
            <p class="hint" id="documents-hint">
              Up to 10 files at once, 20 MiB each. Only PDFs with selectable text can be read.
            </p>
            {docError ? (
              <p class="field-error" id="documents-error">
                <span class="visually-hidden">Error: </span>
                <span safe>{docError}</span>
              </p>
            ) : (
              ''
            )}
            <input
              type="file"
              id="documents"
              name="documents"
              accept="application/pdf,.pdf"
              multiple
              required
              aria-describedby={docError ? 'documents-hint documents-error' : 'documents-hint'}
              aria-invalid={docError ? 'true' : undefined}
            />
          </div>
          <button type="submit" class="button">
            Upload documents
          </button>
        </PostForm>
        {props.documents.length === 0 ? (
          <p class="empty">No documents yet.</p>
        ) : (
          <TableRegion label="Documents">
            <table class="stack">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col" class="num">
                    Words
                  </th>
                  <th scope="col">Preview</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.documents.map((d) => (
                  <tr>
                    <th scope="row">
                      <a href={attr(d.file)} safe>
                        {d.title}
                      </a>
                    </th>
                    <td class="num" data-label="Words">
                      {count(d.word_count)}
                    </td>
                    <td data-label="Preview" safe>
                      {d.text.length > 160 ? `${d.text.slice(0, 160)}…` : d.text}
                    </td>
                    <td>
                      <ActionButton
                        action={`/dashboard/chatbots/${id}/documents/${encodeURIComponent(d.document_id)}/delete/`}
                        csrf={viewer.csrf}
                        label="Delete"
                        accessibleName={`Delete document ${d.title}`}
                        danger
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
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
        {props.links.length === 0 ? (
          <p class="empty">No pages added yet.</p>
        ) : (
          <TableRegion label="Added web pages">
            <table class="stack">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col" class="num">
                    Words
                  </th>
                  <th scope="col">Preview</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.links.map((l) => (
                  <tr>
                    <th scope="row">
                      <a href={attr(l.link)} rel="noopener noreferrer" safe>
                        {l.title || l.link}
                      </a>
                    </th>
                    <td class="num" data-label="Words">
                      {count(l.word_count)}
                    </td>
                    <td data-label="Preview" safe>
                      {l.text.length > 160 ? `${l.text.slice(0, 160)}…` : l.text}
                    </td>
                    <td>
                      <ActionButton
                        action={`/dashboard/chatbots/${id}/links/${encodeURIComponent(l.link_id)}/delete/`}
                        csrf={viewer.csrf}
                        label="Delete"
                        accessibleName={`Delete page ${l.title || l.link}`}
                        danger
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>

      <section class="section" aria-labelledby="jobs-title" id="link-jobs" data-refresh-while-queued>
        <h2 id="jobs-title">Page processing</h2>
        <p class="hint">
          Each address is fetched in the background and added if the word allowance suffices. <a href={`/dashboard/chatbots/${id}/training/`}>Refresh</a>
        </p>
        {props.jobs.length === 0 ? (
          <p class="empty">Nothing queued.</p>
        ) : (
          <TableRegion label="Page processing status">
            <table class="stack">
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {props.jobs.map((j) => (
                  <tr>
                    <th scope="row" class="url" safe>
                      {j.link}
                    </th>
                    <td data-label="Status">
                      <Badge status={j.status} />
                    </td>
                    <td data-label="Reason" safe>
                      {j.reason ?? ''}
                    </td>
                    <td data-label="Updated" safe>
                      {when(j.updated_at)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
    </ChatbotFrame>
  )
}
