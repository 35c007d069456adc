import type { Config } from '../../config'
import { escapeHtml } from '../../lib/html'
import { MARKED_CDN_URL, MARKED_INTEGRITY } from './marked-pin'

/** Where the embed code loads marked from and the hash it must have (MARKDOWN_CDN_URL / MARKDOWN_CDN_INTEGRITY override each). */
export function markdownLibrary(config: Pick<Config, 'markdownCdnUrl' | 'markdownCdnIntegrity'>): { url: string; integrity: string } {
  return { url: config.markdownCdnUrl ?? MARKED_CDN_URL, integrity: config.markdownCdnIntegrity ?? MARKED_INTEGRITY }
}

/**
 * The snippet of contract section 4, byte for byte. marked is `async`, after the widget: a deferred
 * script before it would hold the widget (and DOMContentLoaded) for as long as the CDN hangs.
 */
export function embedCode(config: Pick<Config, 'publicUrl' | 'markdownCdnUrl' | 'markdownCdnIntegrity'>, chatbotId: string): string {
  const marked = markdownLibrary(config)
  return [
    `<link rel="stylesheet" href="${config.publicUrl}/widget/chatbot.css">`,
    `<script defer src="${config.publicUrl}/widget/chatbot.js" data-chatbot-id="${escapeHtml(chatbotId)}"></script>`,
    `<script async src="${escapeHtml(marked.url)}" integrity="${escapeHtml(marked.integrity)}" crossorigin="anonymous"></script>`,
  ].join('\n')
}
