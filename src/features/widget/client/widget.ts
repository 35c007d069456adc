/**
 * One chatbot on the page: a <chatbot-widget> element appended to <body> whose Shadow DOM holds
 * the launcher and the window, so neither the page's CSS nor ours leaks across.
 */
import { TYPES } from '../../chatbots/texts'
import type { WidgetConfig } from '../model'
import type { ChatApi } from './api'
import { clear, h, icon, ICONS, uid } from './dom'
import { safeHref } from './markdown'
import { ChatbotStorage } from './storage'
import { themeOf } from './theme'
import { bookingPanel } from './views/booking'
import { ChatView } from './views/chat'
import type { Panel } from './views/panel'
import { pricesPanel } from './views/prices'
import { quotePanel } from './views/quote'

export const HOST_TAG = 'chatbot-widget'

declare global {
  interface HTMLElementTagNameMap {
    /** The page-level element each widget lives in (its Shadow DOM holds the rest). */
    'chatbot-widget': HTMLElement
  }
}

export class Widget {
  private isOpen = false
  private view = 'chat'
  private readonly panels = new Map<string, { panel: Panel; opener: HTMLButtonElement }>()
  private readonly root: HTMLElement
  private readonly launcher: HTMLButtonElement
  private readonly launcherIcon: HTMLElement
  private readonly window: HTMLElement
  private readonly chat: ChatView
  private readonly actions: HTMLElement | null

  constructor(api: ChatApi, config: WidgetConfig, options: { stylesheet: string; left: boolean }) {
    const title = config.chatbot_title.trim() || config.chatbot_name.trim() || 'Chat'
    const storage = new ChatbotStorage(config.chatbot_id)
    const host = h(HOST_TAG, { 'data-chatbot-id': config.chatbot_id, 'data-testid': 'chatbot-host' })
    const stack = document.querySelectorAll(HOST_TAG).length
    const shadow = host.attachShadow({ mode: 'open' })
    // Hidden until the stylesheet has loaded, so the page never shows the widget unstyled.
    this.root = h('div', { class: `cbw-root${options.left ? ' cbw-left' : ''}`, 'data-testid': 'chatbot-root', 'data-chatbot-type': config.chatbot_type, hidden: true })
    for (const [name, value] of Object.entries(themeOf(config.chatbot_color1, config.chatbot_color2))) this.root.style.setProperty(name, value)
    this.root.style.setProperty('--cbw-stack', String(stack))
    const link = h('link', { rel: 'stylesheet', href: options.stylesheet })
    const reveal = () => (this.root.hidden = false)
    link.addEventListener('load', reveal)
    link.addEventListener('error', reveal)
    setTimeout(reveal, 4000)

    this.launcherIcon = h('span', { class: 'cbw-launcher-icon' }, icon(ICONS.chat, 28))
    const windowId = uid('window')
    this.launcher = h(
      'button',
      {
        type: 'button',
        class: 'cbw-launcher',
        'data-testid': 'chatbot-launcher',
        'aria-label': 'Open chat',
        'aria-expanded': 'false',
        'aria-controls': windowId,
        title,
        onclick: () => this.toggle(),
      },
      this.launcherIcon,
    )

    const logo = config.logo_url && safeHref(config.logo_url)
    const logoImg = logo ? h('img', { class: 'cbw-logo', src: logo, alt: '', 'data-testid': 'chatbot-logo', referrerpolicy: 'no-referrer' }) : null
    logoImg?.addEventListener('error', () => (logoImg.hidden = true))
    const header = h('header', { class: 'cbw-header' }, [
      logoImg,
      h('h2', { class: 'cbw-title', id: uid('title'), 'data-testid': 'chatbot-title', text: title }),
      h(
        'button',
        { type: 'button', class: 'cbw-icon-btn cbw-close', 'aria-label': 'Close chat', 'data-testid': 'chatbot-close', onclick: () => this.close(true) },
        icon(ICONS.close, 20),
      ),
    ])
    this.chat = new ChatView({ api, storage, config, title, visible: () => this.isOpen && this.view === 'chat' })

    const back = () => this.showView('chat', true)
    const plans = config.pricing_plans ?? []
    const panels: [Panel, string][] = []
    if (config.chatbot_type === TYPES.quote)
      panels.push([quotePanel(plans, config.currency ?? '', { api, visitorId: () => storage.visitorId(), sessionId: () => storage.load().sessionId, onBack: back }), 'Get a quote'])
    if (config.chatbot_type === TYPES.appointment)
      panels.push([bookingPanel(config.calendars ?? [], config.data_collection ?? [], { api, visitorId: () => storage.visitorId(), onBack: back }), 'Book an appointment'])
    if (config.chatbot_type === TYPES.business && plans.length) panels.push([pricesPanel(plans, config.currency ?? '', back), 'View prices'])
    for (const [panel, label] of panels) {
      const opener = h('button', {
        type: 'button',
        class: 'cbw-action',
        'data-testid': `${panel.name}-open`,
        'aria-expanded': 'false',
        'aria-controls': panel.el.id,
        text: label,
        onclick: () => this.showView(this.view === panel.name ? 'chat' : panel.name, true),
      })
      this.panels.set(panel.name, { panel, opener })
    }
    this.actions = panels.length
      ? h(
          'div',
          { class: 'cbw-actions', 'data-testid': 'chatbot-actions' },
          [...this.panels.values()].map((p) => p.opener),
        )
      : null

    this.window = h('div', { class: 'cbw-window', id: windowId, role: 'dialog', 'aria-label': title, 'data-testid': 'chatbot-window', hidden: true }, [
      header,
      this.actions,
      this.chat.el,
      ...[...this.panels.values()].map((p) => p.panel.el),
    ])
    this.window.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      this.close(true)
    })
    this.root.append(this.window, this.launcher)
    shadow.append(link, this.root)
    document.body.appendChild(host)
  }

  private showView(name: string, moveFocus: boolean): void {
    this.view = name
    this.chat.el.hidden = name !== 'chat'
    // A panel has its own "Back to chat", so the action bar shows with the chat only.
    if (this.actions) this.actions.hidden = name !== 'chat'
    for (const [key, { panel, opener }] of this.panels) {
      panel.el.hidden = key !== name
      opener.setAttribute('aria-expanded', String(key === name))
      opener.classList.toggle('cbw-action-active', key === name)
      if (key === name) panel.onShow?.()
    }
    if (!moveFocus) return
    if (name === 'chat') this.chat.focus()
    else this.panels.get(name)?.panel.heading.focus()
  }

  private open(): void {
    if (this.isOpen) return
    this.isOpen = true
    this.window.hidden = false
    this.root.classList.add('cbw-open')
    this.launcher.setAttribute('aria-expanded', 'true')
    clear(this.launcherIcon)
    this.launcherIcon.appendChild(icon(ICONS.down, 28))
    this.chat.scrollToEnd()
    this.showView(this.view, true)
  }

  private close(returnFocus: boolean): void {
    if (!this.isOpen) return
    this.isOpen = false
    this.window.hidden = true
    this.root.classList.remove('cbw-open')
    this.launcher.setAttribute('aria-expanded', 'false')
    clear(this.launcherIcon)
    this.launcherIcon.appendChild(icon(ICONS.chat, 28))
    if (returnFocus) this.launcher.focus()
  }

  private toggle(): void {
    if (this.isOpen) this.close(true)
    else this.open()
  }
}
