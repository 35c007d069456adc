/** Confirmation messages after a redirect, named by a fixed key in the URL (no user text travels in it). */
export const NOTICES = {
  'chatbot-created': 'Chatbot created. Add its material, then paste the embed code into your website.',
  'chatbot-deleted': 'Chatbot deleted.',
  'settings-saved': 'Settings saved.',
  'lead-deleted': 'Lead deleted, with its quote PDF.',
  'submission-deleted': 'Submission deleted, with its uploaded files.',
  'appointment-cancelled': 'Appointment cancelled. The client and the calendar were sent a cancellation.',
  'calendar-updated': 'Calendar updated.',
  'documents-added': 'Documents added.',
  'document-deleted': 'Document deleted.',
  'links-queued': 'Links queued. Each is added if the training word allowance suffices; the status below updates.',
  'link-deleted': 'Link deleted.',
  'calendar-added': 'Calendar added. Visitors can book it at once.',
  'calendar-deleted': 'Calendar deleted.',
  'faq-added': 'Added to the frequently asked questions. The chatbot answers that question from now on.',
  'secret-rotated': 'Webhook secret replaced. The new one is in the settings; the old one keeps signing beside it for 24 hours.',
  'token-revoked': 'Token revoked. Programs using it can no longer call the API.',
} as const

export type NoticeKey = keyof typeof NOTICES

export const noticeOf = (key: string | undefined): string | null => (key && key in NOTICES ? NOTICES[key as NoticeKey] : null)

export const withNotice = (path: string, key: NoticeKey) => `${path}${path.includes('?') ? '&' : '?'}notice=${key}`
