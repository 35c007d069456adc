/** Data Collection's controls above the composer: quick replies, the file upload, the finished state. */
import type { PublicQuestion } from '../api'
import { clear, h, icon, ICONS, uid } from '../dom'

export interface FormControlsContext {
  /** Sends a quick reply: `value` to the service, `label` in the visitor's bubble. */
  reply(value: string, label: string): void
  upload(file: File): void
  restart(): void
}

export class FormControls {
  readonly el: HTMLElement
  readonly restartButton: HTMLButtonElement
  private readonly quick: HTMLElement
  private readonly upload: HTMLElement
  private readonly fileInput: HTMLInputElement
  private readonly fileLabel: HTMLElement
  readonly uploadStatus: HTMLElement
  private readonly doneBox: HTMLElement

  constructor(private readonly context: FormControlsContext) {
    this.quick = h('div', { class: 'cbw-quick', 'data-testid': 'chatbot-quick-replies', role: 'group', 'aria-label': 'Quick replies', hidden: true })
    this.fileInput = h('input', { type: 'file', class: 'cbw-file-input', 'data-testid': 'chatbot-file-input', id: uid('file') })
    this.fileLabel = h('span', { text: 'Upload a file' })
    this.uploadStatus = h('p', { class: 'cbw-upload-status', 'data-testid': 'chatbot-upload-status', 'aria-live': 'polite', hidden: true })
    this.upload = h('div', { class: 'cbw-upload', 'data-testid': 'chatbot-upload', hidden: true }, [
      this.fileInput,
      h('label', { class: 'cbw-btn cbw-btn-primary cbw-file-label', for: this.fileInput.id }, [icon(ICONS.clip, 18), this.fileLabel]),
      this.uploadStatus,
    ])
    this.fileInput.addEventListener('change', () => {
      const file = this.fileInput.files?.[0]
      this.fileInput.value = ''
      if (file) context.upload(file)
    })
    this.restartButton = h('button', {
      type: 'button',
      class: 'cbw-btn cbw-btn-ghost cbw-restart',
      'data-testid': 'chatbot-restart',
      text: 'Start over',
      onclick: () => context.restart(),
    })
    this.doneBox = h('div', { class: 'cbw-done', 'data-testid': 'chatbot-done', role: 'status', hidden: true }, [
      h('strong', { text: 'Thank you!' }),
      h('span', { text: ' Your answers have been submitted.' }),
      this.restartButton,
    ])
    this.el = h('div', { class: 'cbw-extras' }, [this.quick, this.upload, this.doneBox])
  }

  /** Shows what fits the pending question: Yes/No for a boolean, the file input for an upload, "Let's start" before the first. */
  update(state: { pending: PublicQuestion | null; done: boolean; started: boolean; busy: boolean }): void {
    const type = state.pending?.type
    clear(this.quick)
    const replies = state.done
      ? []
      : type === 'boolean'
        ? [
            ['yes', 'Yes'],
            ['no', 'No'],
          ]
        : !state.pending && !state.started
          ? [["Let's start", "Let's start"]]
          : []
    for (const [value, label] of replies) {
      this.quick.appendChild(
        h('button', {
          type: 'button',
          class: 'cbw-chip',
          'data-testid': 'chatbot-quick-reply',
          'data-value': value,
          text: label,
          disabled: state.busy,
          onclick: () => this.context.reply(value, label),
        }),
      )
    }
    this.quick.hidden = replies.length === 0
    const fileQuestion = !state.done && (type === 'image' || type === 'pdf_document')
    this.upload.hidden = !fileQuestion
    this.fileInput.disabled = state.busy
    this.upload.classList.toggle('cbw-disabled', state.busy)
    if (fileQuestion) {
      this.fileInput.accept = type === 'image' ? 'image/*' : 'application/pdf,.pdf'
      this.fileLabel.textContent = type === 'image' ? 'Upload an image' : 'Upload a PDF document'
    } else this.uploadStatus.hidden = true
    this.doneBox.hidden = !state.done
  }

  status(message: string, isError: boolean): void {
    this.uploadStatus.hidden = message === ''
    this.uploadStatus.textContent = message
    this.uploadStatus.classList.toggle('cbw-error-text', isError)
  }
}
