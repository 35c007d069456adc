/**
 * The conversation: the message log, the Data Collection controls and the composer. A reply that
 * could not be fetched (offline, the service down) offers Retry and puts the visitor's text back
 * in the composer, so nothing typed is lost. The conversation is kept in sessionStorage and comes
 * back after a reload.
 */
import type { SourceAnswer } from '../api'
import { SESSION_NOT_FOUND } from '../../../chat/texts'
import { TYPES } from '../../../chatbots/texts'
import type { WidgetConfig } from '../../model'
import { type ChatApi, errorText, type Rating, retryable } from '../api'
import { clear, h, icon, ICONS, uid } from '../dom'
import { renderMarkdown, safeHref } from '../markdown'
import type { ChatbotStorage, SavedConversation, SavedMessage } from '../storage'
import { FormControls } from './form'

const MAX_MESSAGE = 4000
const MAX_UPLOAD = 10 * 1024 * 1024

/**
 * Each source once: the same document, link or section may back several passages. A source is
 * the one already listed when it has the same web address or the same title (documents have no URL).
 */
export function distinctSources(sources: readonly SourceAnswer[]): SourceAnswer[] {
  const urls = new Set<string>()
  const titles = new Set<string>()
  return sources.filter((s) => {
    const title = s.title.trim().toLowerCase()
    if ((!title && !s.url) || (s.url && urls.has(s.url)) || (title && titles.has(title))) return false
    if (s.url) urls.add(s.url)
    if (title) titles.add(title)
    return true
  })
}

interface MessageOptions {
  sources?: readonly SourceAnswer[]
  /** A reply the visitor may rate (Knowledge Retrieval, Business Enquiries): its saved entry. */
  rate?: SavedMessage
  error?: boolean
  greeting?: boolean
  onRetry?: () => void
}

export interface ChatViewContext {
  api: ChatApi
  storage: ChatbotStorage
  config: WidgetConfig
  title: string
  /** Whether the window is open and showing the chat (focus moves only then). */
  visible(): boolean
}

export class ChatView {
  readonly el: HTMLElement
  readonly input: HTMLInputElement
  private readonly log: HTMLElement
  private readonly send: HTMLButtonElement
  private readonly composer: HTMLFormElement
  private readonly form: FormControls | null
  private typing: HTMLElement | null = null
  private busy = false
  private conversation: SavedConversation
  /** The last exchange that failed and can be sent again. */
  private failed: { user: HTMLElement; notice: HTMLElement } | null = null

  constructor(private readonly context: ChatViewContext) {
    const { config } = context
    this.conversation = context.storage.load()
    this.log = h('div', {
      class: 'cbw-messages',
      role: 'log',
      'aria-live': 'polite',
      'aria-relevant': 'additions',
      'aria-label': 'Conversation',
      'data-testid': 'chatbot-messages',
      tabindex: 0,
    })
    this.form =
      config.chatbot_type === TYPES.dataCollection
        ? new FormControls({ reply: (value, label) => void this.say(value, label), upload: (file) => void this.upload(file), restart: () => this.restart() })
        : null
    this.input = h('input', {
      type: 'text',
      class: 'cbw-input cbw-composer-input',
      maxlength: MAX_MESSAGE,
      autocomplete: 'off',
      placeholder: 'Type your message…',
      'data-testid': 'chatbot-input',
      id: uid('input'),
    })
    this.send = h('button', { type: 'submit', class: 'cbw-send', 'data-testid': 'chatbot-send', 'aria-label': 'Send' }, [
      icon(ICONS.send, 18),
      h('span', { class: 'cbw-send-text', text: 'Send' }),
    ])
    this.composer = h('form', { class: 'cbw-composer', 'data-testid': 'chatbot-form' }, [
      h('label', { class: 'cbw-sr-only', for: this.input.id, text: 'Your message' }),
      this.input,
      this.send,
    ])
    this.composer.addEventListener('submit', (event) => {
      event.preventDefault()
      const text = this.input.value.trim()
      if (!text || this.busy || this.conversation.done) return
      this.input.value = ''
      void this.say(text)
    })
    const instructions = config.chatbot_instructions.trim()
    this.el = h('div', { class: 'cbw-chat', 'data-testid': 'chatbot-chat' }, [
      instructions ? h('p', { class: 'cbw-hint', 'data-testid': 'chatbot-instructions', text: instructions }) : null,
      this.log,
      this.form?.el,
      this.composer,
    ])
    this.showSaved()
  }

  private showSaved(): void {
    clear(this.log)
    const greeting = this.context.config.chatbot_greeting.trim()
    if (greeting) this.addMessage('bot', greeting, { greeting: true })
    for (const message of this.conversation.messages) this.addMessage(message.role, message.text, { sources: message.sources, rate: this.rateable(message) })
    this.refresh()
  }

  private restart(): void {
    this.context.storage.clear()
    this.conversation = { sessionId: null, messages: [], pending: null, done: false }
    this.failed = null
    this.showSaved()
    this.focus()
  }

  focus(): void {
    if (!this.context.visible()) return
    if (!this.input.disabled) this.input.focus()
    else this.form?.restartButton.focus()
  }

  scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight
  }

  private addMessage(role: 'user' | 'bot', text: string, options: MessageOptions = {}): HTMLElement {
    const bubble = h('div', { class: 'cbw-bubble', 'data-testid': 'chatbot-message-text' })
    if (role === 'bot' && !options.error) {
      bubble.classList.add('cbw-md')
      bubble.dataset.renderer = renderMarkdown(bubble, text)
    } else {
      bubble.classList.add('cbw-plain')
      bubble.textContent = text
    }
    const message = h(
      'div',
      {
        class: `cbw-msg cbw-msg-${role}${options.error ? ' cbw-msg-error' : ''}`,
        'data-testid': 'chatbot-message',
        'data-role': role,
        'data-error': options.error ? 'true' : null,
        'data-greeting': options.greeting ? 'true' : null,
      },
      [h('span', { class: 'cbw-sr-only', text: role === 'user' ? 'You said: ' : `${this.context.title} said: ` }), bubble],
    )
    if (options.onRetry) {
      message.appendChild(h('button', { type: 'button', class: 'cbw-btn cbw-btn-ghost cbw-retry', 'data-testid': 'chatbot-retry', text: 'Retry', onclick: options.onRetry }))
    }
    const sources = distinctSources(options.sources ?? [])
    if (role === 'bot' && sources.length) {
      const list = h('ul', { class: 'cbw-sources', 'data-testid': 'chatbot-sources', 'aria-label': 'Sources' })
      for (const source of sources) {
        const label = source.title.trim() || (source.url ?? '')
        // Only a web page is a link; a document or a business detail is named, not linked.
        const href = source.url ? safeHref(source.url) : null
        const attrs = { class: 'cbw-source-title', 'data-testid': 'chatbot-source', text: label }
        const snippet = source.snippet.trim()
        list.appendChild(
          h('li', { class: 'cbw-source' }, [
            href ? h('a', { ...attrs, href, target: '_blank', rel: 'noopener noreferrer nofollow' }) : h('span', attrs),
            snippet ? h('span', { class: 'cbw-source-snippet', 'data-testid': 'chatbot-source-snippet', text: snippet }) : null,
          ]),
        )
      }
      message.append(h('p', { class: 'cbw-sources-label', 'aria-hidden': 'true', text: 'Sources' }), list)
    }
    if (options.rate) message.appendChild(this.ratingButtons(options.rate))
    this.log.appendChild(message)
    this.scrollToEnd()
    return message
  }

  private setBusy(busy: boolean): void {
    this.busy = busy
    this.composer.setAttribute('aria-busy', String(busy))
    if (busy) {
      this.typing ??= h('div', { class: 'cbw-typing', 'data-testid': 'chatbot-typing' }, [
        h('span', { class: 'cbw-sr-only', text: `${this.context.title} is typing…` }),
        ...[1, 2, 3].map(() => h('span', { class: 'cbw-dot', 'aria-hidden': 'true' })),
      ])
      this.log.appendChild(this.typing)
      this.scrollToEnd()
    } else this.typing?.remove()
    this.refresh()
  }

  /** The visitor says something: `message` goes to the service, `shown` (a file name, a quick reply's label) in their bubble. */
  async say(message: string, shown = message): Promise<void> {
    if (this.busy) return
    // A new message replaces an exchange that failed.
    if (this.failed) {
      this.failed.user.remove()
      this.failed.notice.remove()
      this.failed = null
    }
    const bubble = this.addMessage('user', shown)
    await this.deliver(message, shown, bubble)
  }

  private async deliver(message: string, shown: string, bubble: HTMLElement): Promise<void> {
    this.setBusy(true)
    let sessionId = this.conversation.sessionId
    const visitorId = this.context.storage.visitorId()
    let answer = await this.context.api.chat({ message, visitor_id: visitorId, ...(sessionId ? { session_id: sessionId } : {}) })
    if (!answer.ok && sessionId && answer.error?.error === SESSION_NOT_FOUND) {
      // The service no longer knows this conversation: start a new one with the same message.
      sessionId = null
      this.conversation.sessionId = null
      answer = await this.context.api.chat({ message, visitor_id: visitorId })
    }
    this.setBusy(false)
    if (!answer.ok) {
      const canRetry = retryable(answer)
      const notice = this.addMessage('bot', errorText(answer), {
        error: true,
        onRetry: canRetry
          ? () => {
              notice.remove()
              this.failed = null
              if (this.input.value.trim() === shown) this.input.value = ''
              void this.deliver(message, shown, bubble)
            }
          : undefined,
      })
      if (canRetry) {
        this.failed = { user: bubble, notice }
        // What the visitor typed is not lost: it is back in the composer.
        if (shown === message && this.input.value === '') this.input.value = message
      }
      this.focus()
      return
    }
    const reply = answer.data
    const conversation = this.conversation
    conversation.sessionId = reply.session_id
    const text = reply.reply.trim() || reply.next_question?.question || ''
    conversation.messages.push({ role: 'user', text: shown })
    if (text) {
      const saved: SavedMessage = { role: 'bot', text, messageId: reply.message_id, ...(reply.sources?.length ? { sources: distinctSources(reply.sources) } : {}) }
      conversation.messages.push(saved)
      this.addMessage('bot', text, { sources: reply.sources, rate: this.rateable(saved) })
    }
    if (reply.next_question !== undefined) conversation.pending = reply.next_question
    if (reply.done) {
      conversation.done = true
      conversation.pending = null
    }
    this.context.storage.save(conversation)
    this.refresh()
    this.scrollToEnd() // the controls above the composer may have changed height
    this.focus()
  }

  /** Replies from material can be rated; form questions, hints and errors cannot. */
  private rateable(message: SavedMessage): SavedMessage | undefined {
    const type = this.context.config.chatbot_type
    return message.role === 'bot' && message.messageId && (type === TYPES.knowledge || type === TYPES.business) ? message : undefined
  }

  /** "Was this helpful?" with two toggle buttons; the pressed one is the rating the service holds. */
  private ratingButtons(message: SavedMessage): HTMLElement {
    const status = h('span', { class: 'cbw-sr-only', role: 'status' })
    const button = (rating: Rating, label: string, paths: readonly string[]) =>
      h(
        'button',
        {
          type: 'button',
          class: 'cbw-rate-button',
          'aria-label': label,
          'aria-pressed': String(message.rating === rating),
          'data-testid': `chatbot-rate-${rating}`,
          onclick: () => void rate(rating),
        },
        icon(paths, 16),
      )
    const up = button('up', 'Helpful', ICONS.thumbsUp)
    const down = button('down', 'Not helpful', ICONS.thumbsDown)
    const rate = async (rating: Rating) => {
      const sessionId = this.conversation.sessionId
      if (!sessionId || !message.messageId) return
      const answer = await this.context.api.feedback({ visitor_id: this.context.storage.visitorId(), session_id: sessionId, message_id: message.messageId, rating })
      if (!answer.ok) {
        status.textContent = errorText(answer)
        return
      }
      message.rating = rating
      up.setAttribute('aria-pressed', String(rating === 'up'))
      down.setAttribute('aria-pressed', String(rating === 'down'))
      status.textContent = 'Thank you for your feedback.'
      this.context.storage.save(this.conversation)
    }
    return h('div', { class: 'cbw-rate', role: 'group', 'aria-label': 'Was this reply helpful?', 'data-testid': 'chatbot-rate' }, [up, down, status])
  }

  private async upload(file: File): Promise<void> {
    if (!this.form || this.busy) return
    if (file.size > MAX_UPLOAD) {
      this.form.status('That file is larger than 10 MB. Please choose a smaller file.', true)
      return
    }
    this.form.status(`Uploading ${file.name}…`, false)
    this.setBusy(true)
    const uploaded = await this.context.api.upload(file, this.context.storage.visitorId(), this.conversation.sessionId)
    this.setBusy(false)
    if (!uploaded.ok) {
      this.form.status(errorText(uploaded), true)
      return
    }
    this.form.status('', false)
    await this.say(uploaded.data.upload_id, `Uploaded: ${file.name}`)
  }

  /** Controls that depend on the conversation's state. */
  private refresh(): void {
    const { pending, done, sessionId } = this.conversation
    const finished = this.form !== null && done
    this.form?.update({ pending, done, started: sessionId !== null, busy: this.busy })
    const numeric = this.form !== null && pending?.type === 'number'
    const fileQuestion = this.form !== null && (pending?.type === 'image' || pending?.type === 'pdf_document')
    this.input.setAttribute('inputmode', numeric ? 'decimal' : 'text')
    this.input.placeholder = numeric ? 'Type a number…' : fileQuestion ? 'Or type a message…' : 'Type your message…'
    this.input.disabled = finished
    this.send.disabled = finished || this.busy
    this.composer.classList.toggle('cbw-disabled', finished)
  }
}
