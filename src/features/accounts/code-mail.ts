import type { MailMessage } from '../../infra/mailer'
import { escapeHtml } from '../../lib/html'

export function codeMail(to: string, purpose: 'signup' | 'login', code: string): MailMessage {
  const what = purpose === 'signup' ? 'verification code' : 'login code'
  const why =
    purpose === 'signup'
      ? 'Use it with the verification-code endpoint to confirm your address and get your payment link.'
      : 'Use it to sign in to the dashboard, or with the login endpoint to get an API access token.'
  return {
    to,
    subject: `Your ${what}`,
    text: `Your ${what} is ${code}\n\nIt is valid for 15 minutes. ${why}\n\nIf you did not ask for it, ignore this message.\n`,
    html: `<p>Your ${what} is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>It is valid for 15 minutes. ${escapeHtml(why)}</p><p>If you did not ask for it, ignore this message.</p>`,
  }
}
