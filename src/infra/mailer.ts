import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from './log'

export interface MailAttachment {
  filename: string
  content: Uint8Array | string
  contentType: string
  /** For calendar invitations: 'REQUEST' makes mail clients offer to add the event. */
  method?: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Where the recipient's reply goes (the business, for mails to its clients). */
  replyTo?: string
  /** The sender's display name in place of MAIL_FROM's (the business, for mails to its clients); the address stays MAIL_FROM's. */
  fromName?: string
  attachments?: MailAttachment[]
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** The bare address of 'Name <address>' (or of a bare address). */
const addressOf = (from: string): string => /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim()

/** SMTP when SMTP_URL is set, else RFC 822 files in DATA_DIR/outbox that any mail client opens. */
export function createMailer(opts: { smtpUrl: string | null; from: string; outboxDir: string; log: Logger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  // Mails hold codes: readable by the service's user only (contract 13).
  if (!opts.smtpUrl) mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 })

  return {
    async send(message) {
      const info = await transport.sendMail({
        from: message.fromName ? { name: message.fromName, address: addressOf(opts.from) } : opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
          contentType: a.method ? `${a.contentType}; method=${a.method}` : a.contentType,
        })),
      })
      if (!opts.smtpUrl) {
        const file = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`)
        writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 })
        opts.log.info('mail.written', { to: message.to, file })
      } else {
        opts.log.info('mail.sent', { to: message.to })
      }
    },
  }
}
