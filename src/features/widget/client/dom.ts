/** Small DOM helpers: elements are built node by node, never from HTML strings. */

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>
export type Child = Node | string | number | null | undefined | false

/** An element with attributes (`text` sets textContent, `on<event>` adds a listener, `true` sets an empty attribute) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, children: Child | Child[] = []): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') el.addEventListener(key.slice(2), value)
    else if (key === 'text') el.textContent = String(value)
    else el.setAttribute(key, value === true ? '' : String(value))
  }
  append(el, children)
  return el
}

export function append(el: Node, children: Child | Child[]): void {
  for (const child of Array.isArray(children) ? children : [children]) {
    if (child === null || child === undefined || child === false) continue
    el.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)))
  }
}

export function clear(el: Node): void {
  while (el.firstChild) el.removeChild(el.firstChild)
}

let counter = 0
/** An id unique on the page (several widgets may share it). */
export const uid = (prefix: string): string => `cbw-${prefix}-${++counter}`

const SVG_NS = 'http://www.w3.org/2000/svg'

export const ICONS = {
  chat: ['M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-5A8 8 0 1 1 21 12z', 'M8.5 12h.01M12 12h.01M15.5 12h.01'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  down: ['M6 9l6 6 6-6'],
  send: ['M4 12l16-8-6 16-2.5-6.5z', 'M11.5 13.5L20 4'],
  back: ['M15 18l-6-6 6-6'],
  clip: ['M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5'],
  // Thumbs up and down (Lucide, ISC): the visitor's rating of a reply.
  thumbsUp: [
    'M7 10v12',
    'M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z',
  ],
  thumbsDown: [
    'M17 14V2',
    'M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z',
  ],
} as const

export function icon(paths: readonly string[], size = 24, className?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg')
  const attrs: Record<string, string> = {
    viewBox: '0 0 24 24',
    width: String(size),
    height: String(size),
    'aria-hidden': 'true',
    focusable: 'false',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }
  if (className) attrs.class = className
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v)
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, 'path')
    path.setAttribute('d', d)
    svg.appendChild(path)
  }
  return svg
}

/** A labelled form field; a later edit clears its invalid mark. */
export function field(label: string, input: HTMLElement, hint?: Node): HTMLDivElement {
  input.addEventListener('input', () => input.removeAttribute('aria-invalid'))
  input.id ||= uid('f')
  return h('div', { class: 'cbw-field' }, [h('label', { class: 'cbw-label', for: input.id, text: label }), input, hint])
}

/** Shows a message in an alert element, or hides it when empty. */
export function showError(el: HTMLElement, message: string): void {
  el.textContent = message
  el.hidden = message === ''
}

export const markInvalid = (el: HTMLElement, bad: boolean): void => {
  if (bad) el.setAttribute('aria-invalid', 'true')
  else el.removeAttribute('aria-invalid')
}
