import type { Config } from '../../config'
import { escapeHtml } from '../../lib/html'

/** The snippet of contract section 4, byte for byte. */
export function embedCode(config: Pick<Config, 'publicUrl' | 'markdownCdnUrl'>, chatbotId: string): string {
  return [
    `<script defer src="${escapeHtml(config.markdownCdnUrl)}"></script>`,
    `<link rel="stylesheet" href="${config.publicUrl}/widget/chatbot.css">`,
    `<script defer src="${config.publicUrl}/widget/chatbot.js" data-chatbot-id="${escapeHtml(chatbotId)}"></script>`,
  ].join('\n')
}
