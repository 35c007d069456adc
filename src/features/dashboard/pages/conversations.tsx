import { Html } from '@elysiajs/html'
import type { Static } from '@sinclair/typebox'
import type { ConversationList, ConversationView, UnansweredList } from '../../conversations/model'
import { ErrorSummary, PostForm, TextArea, type FormErrors } from '../forms'
import { attr } from '../html'
import { replyHtml } from '../markdown'
import type { Viewer } from '../session'
import { ChatbotFrame, tabPath, type ChatbotSummary } from './chatbot-frame'
import { Badge, count, DataTable, LocalTime as Time, when } from './parts'

type Conversation = Static<typeof ConversationList>['conversations'][number]
type Transcript = Static<typeof ConversationView>
type Question = Static<typeof UnansweredList>['questions'][number]

export const transcriptPath = (chatbotId: string, sessionId: string) => `${tabPath(chatbotId, 'conversations')}${encodeURIComponent(sessionId)}/`

export function ConversationsPage(props: { viewer: Viewer; chatbot: ChatbotSummary; conversations: Conversation[]; hasMore: boolean; paged: boolean }): JSX.Element {
  const id = props.chatbot.chatbot_id
  const last = props.conversations.at(-1)
  return (
    <ChatbotFrame viewer={props.viewer} chatbot={props.chatbot} tab="conversations">
      <h2>Conversations</h2>
      <p class="hint">Newest first. Open one to read it with the sources of each reply and the visitor's ratings.</p>
      <DataTable
        label="Conversations"
        columns={['Last message', 'Visitor', 'Started', { title: 'Messages', num: true }, { title: 'Not answered', num: true }]}
        items={props.conversations}
        empty={props.paged ? 'No older conversations.' : 'No conversations yet.'}
        row={(c) => (
          <>
            <th scope="row">
              <a href={attr(transcriptPath(id, c.session_id))} aria-label={attr(`Conversation of ${when(c.last_message_at)} with visitor ${c.visitor_id}`)}>
                <Time iso={c.last_message_at} />
              </a>
            </th>
            <td data-label="Visitor" safe>
              {c.visitor_id}
            </td>
            <td data-label="Started">
              <Time iso={c.started_at} />
            </td>
            <td class="num" data-label="Messages">
              {count(c.message_count)}
            </td>
            <td class="num" data-label="Not answered">
              {c.unanswered_count ? <Badge status={`${c.unanswered_count} not answered`} /> : '0'}
            </td>
          </>
        )}
      />
      <nav class="button-row" aria-label="Pages of conversations">
        {props.paged ? (
          <a class="button button-secondary" href={attr(tabPath(id, 'conversations'))}>
            Newest conversations
          </a>
        ) : (
          ''
        )}
        {props.hasMore && last ? (
          <a class="button button-secondary" href={attr(`${tabPath(id, 'conversations')}?after=${encodeURIComponent(last.session_id)}`)}>
            Older conversations
          </a>
        ) : (
          ''
        )}
      </nav>
    </ChatbotFrame>
  )
}

const RATINGS = { up: 'The visitor rated this reply helpful (thumbs up).', down: 'The visitor rated this reply not helpful (thumbs down).' } as const

export function TranscriptPage(props: { viewer: Viewer; chatbot: ChatbotSummary; transcript: Transcript }): JSX.Element {
  const { transcript } = props
  return (
    <ChatbotFrame viewer={props.viewer} chatbot={props.chatbot} tab="conversations">
      <p>
        <a href={attr(tabPath(props.chatbot.chatbot_id, 'conversations'))}>Back to conversations</a>
      </p>
      <h2>
        Conversation with visitor <span safe>{transcript.visitor_id}</span>
      </h2>
      <ol class="transcript" aria-label="Messages">
        {transcript.messages.map((m) => (
          <li class={`message message-${m.role}`} data-message-id={attr(m.message_id)}>
            <p class="message-meta">
              <strong>{m.role === 'visitor' ? 'Visitor' : 'Chatbot'}</strong> · <Time iso={m.created_at} />
              {m.answered === false ? (
                <>
                  {' '}
                  <Badge status="not_answered" />
                </>
              ) : (
                ''
              )}
            </p>
            {m.role === 'bot' ? (
              // The reply's Markdown, rendered and rebuilt from an allow-list (markdown.ts): safe to insert.
              <div class="message-text markdown">{replyHtml(m.text)}</div>
            ) : (
              <p class="message-text" safe>
                {m.text}
              </p>
            )}
            {m.sources?.length ? (
              <details class="sources">
                <summary>{`Sources (${m.sources.length})`}</summary>
                <ul>
                  {m.sources.map((s) => (
                    <li>
                      {s.url ? (
                        <a href={attr(s.url)} rel="noopener noreferrer" safe>
                          {s.title}
                        </a>
                      ) : (
                        <strong safe>{s.title}</strong>
                      )}
                      <blockquote safe>{s.snippet}</blockquote>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              ''
            )}
            {m.feedback ? (
              <p class={`rating rating-${m.feedback}`} data-rating={m.feedback} safe>
                {RATINGS[m.feedback]}
              </p>
            ) : (
              ''
            )}
          </li>
        ))}
      </ol>
    </ChatbotFrame>
  )
}

/** The form that turns one question into an FAQ entry: the question (editable) and the answer to give. */
function FaqForm(props: { chatbotId: string; csrf: string; index: number; question: string; answer?: string; errors?: FormErrors | null }): JSX.Element {
  const id = (k: string) => `faq-${props.index}-${k}`
  return (
    <PostForm action={`${tabPath(props.chatbotId, 'unanswered')}faq/`} csrf={props.csrf} aria-label={`Add to FAQs: ${props.question}`} class="faq-form">
      <input type="hidden" name="row" value={String(props.index)} />
      <TextArea id={id('question')} name="question" label="Question" rows={2} value={props.question} maxlength={1000} required error={props.errors?.of(id('question'))} />
      <TextArea
        id={id('answer')}
        name="answer"
        label="Answer"
        hint="What the chatbot should answer from now on."
        rows={3}
        value={props.answer ?? ''}
        maxlength={4000}
        required
        error={props.errors?.of(id('answer'))}
      />
      <button type="submit" class="button button-small">
        Add to FAQs
      </button>
    </PostForm>
  )
}

export function UnansweredPage(props: {
  viewer: Viewer
  chatbot: ChatbotSummary
  questions: Question[]
  /** Business Enquiries: questions can become FAQ entries; those already there are marked. */
  faq: { inFaqs: (question: string) => boolean } | null
  /** A refused FAQ form: its row, what was typed and why. */
  failed?: { index: number; question: string; answer: string; errors: FormErrors } | null
  notice?: string | null
}): JSX.Element {
  const { chatbot, faq, failed } = props
  return (
    <ChatbotFrame viewer={props.viewer} chatbot={chatbot} tab="unanswered" notice={props.notice}>
      <h2>Unanswered questions</h2>
      <p class="hint">
        What visitors asked that the chatbot's material could not answer, most asked first.{' '}
        {faq ? 'Add an answer to the frequently asked questions and the chatbot gives it from then on.' : 'Add material that answers them on the training page.'}
      </p>
      <ErrorSummary errors={failed?.errors} labelOf={(id) => (id.endsWith('answer') ? 'Answer' : 'Question')} />
      <DataTable
        label="Unanswered questions"
        columns={['Question', { title: 'Times asked', num: true }, 'Last asked', ...(faq ? ['Answer it'] : [])]}
        items={props.questions.map((q, index) => ({ ...q, index }))}
        empty="No unanswered questions."
        row={(q) => (
          <>
            <th scope="row" safe>
              {q.question}
            </th>
            <td class="num" data-label="Times asked">
              {count(q.count)}
            </td>
            <td data-label="Last asked">
              <Time iso={q.last_asked_at} />
            </td>
            {faq ? (
              <td data-label="Answer it">
                {faq.inFaqs(q.question) && failed?.index !== q.index ? (
                  <Badge status="in FAQs" />
                ) : (
                  <details open={failed?.index === q.index}>
                    <summary>Answer as an FAQ</summary>
                    <FaqForm
                      chatbotId={chatbot.chatbot_id}
                      csrf={props.viewer.csrf}
                      index={q.index}
                      question={failed?.index === q.index ? failed.question : q.question}
                      answer={failed?.index === q.index ? failed.answer : ''}
                      errors={failed?.index === q.index ? failed.errors : null}
                    />
                  </details>
                )}
              </td>
            ) : (
              ''
            )}
          </>
        )}
      />
    </ChatbotFrame>
  )
}
