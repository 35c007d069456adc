/**
 * The embeddable widget's entry. Embed code (contract 4):
 *   <link rel="stylesheet" href="<PUBLIC_URL>/widget/chatbot.css">
 *   <script defer src="<PUBLIC_URL>/widget/chatbot.js" data-chatbot-id="X"></script>
 *   <script async src="…/marked@<V>/lib/marked.umd.js" integrity="sha384-…" crossorigin="anonymous"></script>
 * marked may arrive at any time or never: each reply uses it if it is there by then (markdown.ts).
 * Each script tag with a data-chatbot-id gets its own widget; several on one page work.
 */
import { ChatApi } from './api'
import { Widget } from './widget'

const SCRIPT_PATH = '/widget/chatbot.js'
const STARTED = 'data-chatbot-initialised'

// Captured now: document.currentScript is null once this synchronous run ends.
const current = document.currentScript

const isWidgetScript = (script: Element): script is HTMLScriptElement =>
  script instanceof HTMLScriptElement && !!script.dataset.chatbotId?.trim() && new URL(script.src, document.baseURI).pathname.endsWith(SCRIPT_PATH)

function widgetScripts(): HTMLScriptElement[] {
  const found = new Set<HTMLScriptElement>()
  if (current && isWidgetScript(current)) found.add(current)
  for (const script of document.querySelectorAll('script[data-chatbot-id]')) if (isWidgetScript(script)) found.add(script)
  return [...found].filter((script) => !script.hasAttribute(STARTED))
}

async function start(script: HTMLScriptElement): Promise<void> {
  script.setAttribute(STARTED, '')
  // The service's address is the script's own, without /widget/chatbot.js.
  const url = new URL(script.src, document.baseURI)
  const base = url.origin + url.pathname.slice(0, -SCRIPT_PATH.length).replace(/\/+$/, '')
  const api = new ChatApi(base, (script.dataset.chatbotId as string).trim())
  const config = await api.config()
  if (!config.ok) {
    console.warn(`[chatbot] could not load chatbot ${api.chatbotId}: ${config.error?.error ?? (config.network ? 'network error' : `HTTP ${config.status}`)}`)
    return
  }
  new Widget(api, config.data, { stylesheet: `${base}/widget/chatbot.css${url.search}`, left: script.dataset.position?.toLowerCase() === 'left' })
}

function boot(): void {
  for (const script of widgetScripts()) start(script).catch((error) => console.error('[chatbot] widget failed to start', error))
}

if (document.body) boot()
else document.addEventListener('DOMContentLoaded', boot) // loaded without defer in <head>
