import type { MailMessage } from '../../infra/mailer'
import { escapeHtml } from '../../lib/html'

export function codeMail(to: string, purpose: 'signup' | 'login', code: string): MailMessage {
  const what = purpose === 'signup' ? 'verification code' : 'login code'
  const why =
    purpose === 'signup'
      ? 'Enter it where you signed up to confirm your e-mail address; you then go on to payment.'
      : 'Enter it where you asked to sign in (the dashboard, or your program that uses the API).'
  return {
    to,
    subject: `Your ${what}`,
    text: `Your ${what} is ${code}\n\nIt is valid for 15 minutes. ${why}\n\nIf you did not ask for it, ignore this message.\n`,
    html: `<p>Your ${what} is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>It is valid for 15 minutes. ${escapeHtml(why)}</p><p>If you did not ask for it, ignore this message.</p>`,
  }
}
