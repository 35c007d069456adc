/** A panel beside the chat (prices, quote, booking): a "Back to chat" button, a heading that takes focus, a body. */
import { h, icon, ICONS, uid } from '../dom'

export interface Panel {
  name: string
  el: HTMLElement
  body: HTMLElement
  heading: HTMLElement
  /** Runs each time the panel is shown. */
  onShow?: () => void
}

export function panelShell(name: string, title: string, onBack: () => void): Panel {
  const heading = h('h3', { class: 'cbw-panel-title', tabindex: '-1', id: uid(`${name}-heading`), text: title })
  const back = h('button', { type: 'button', class: 'cbw-back', 'data-testid': `${name}-back`, onclick: onBack }, [icon(ICONS.back, 18), h('span', { text: 'Back to chat' })])
  const body = h('div', { class: 'cbw-panel-body' })
  const el = h('section', { class: 'cbw-panel', id: uid(`${name}-panel`), 'data-testid': `${name}-panel`, 'aria-labelledby': heading.id, hidden: true }, [
    h('div', { class: 'cbw-panel-head' }, [back, heading]),
    body,
  ])
  return { name, el, body, heading }
}
