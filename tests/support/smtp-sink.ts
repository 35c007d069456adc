import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
/** `delayMs`: how long the server takes to accept each message, to show who waits for a mail. */
export async function startSmtpSink(opts: { delayMs?: number } = {}) {
  const messages: ParsedMail[] = []
  let delayMs = opts.delayMs ?? 0
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
          messages.push(mail)
          for (const wake of waiters.splice(0)) wake()
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** From now on the server takes this long to accept each message. */
    setDelay(ms: number): void {
      delayMs = ms
    },
    /** Waits (up to 10 s) for a message to `to` that matches. */
    async waitFor(to: string, match: (mail: ParsedMail) => boolean = () => true): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000
      for (;;) {
        const found = messages.find((m) => (m.to as { text: string } | undefined)?.text.includes(to) && match(m))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within 10 s`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
