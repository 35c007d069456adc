import { readFileSync } from 'node:fs'
import { ConfigError, loadConfig } from './config'
import { normaliseEmail, isEmail } from './lib/email'
import { PDF_EXTRACT_COMMAND } from './features/training/pdf-extractor'
import { copyWordnetFiles, WORDNET_COPY_COMMAND } from './features/answers/wordnet-files'

const USAGE = `usage: chatbot-service [serve | migrate | grant <email> [--plan <id>] | revoke <email>]`

async function main(argv: string[]): Promise<number> {
  const [command = 'serve', ...rest] = argv
  // The PDF reader's capped process (pdf-pool.ts), started by the server itself: no config, and
  // none of the server's modules, which would take memory and start time from under its cap.
  if (command === PDF_EXTRACT_COMMAND) {
    const { runPdfChild } = await import('./features/training/pdf-worker')
    await runPdfChild()
    return 0
  }
  // The WordNet copy (wordnet-files.ts): the embedded dictionary written out by a process of its own.
  if (command === WORDNET_COPY_COMMAND) {
    const [dir, ...files] = rest
    await copyWordnetFiles(dir, files)
    return 0
  }
  const config = loadConfig(process.env, (path) => readFileSync(path, 'utf8'))
  const { createContext, startServer } = await import('./runtime')

  if (command === 'serve') {
    const ctx = await createContext(config)
    const server = await startServer(ctx)
    const shutdown = async (signal: string) => {
      ctx.log.info('server.stopping', { signal })
      await server.stop()
      process.exit(0)
    }
    process.on('SIGINT', () => void shutdown('SIGINT'))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))
    return -1
  }
  if (command === 'migrate') {
    const ctx = await createContext(config)
    ctx.log.info('migrate.done')
    await ctx.db.destroy()
    return 0
  }
  if (command === 'grant') {
    const email = rest[0]
    const planFlag = rest.indexOf('--plan')
    if (!email || !isEmail(email)) {
      console.error(USAGE)
      return 2
    }
    const ctx = await createContext(config)
    const { activeSubscription, planById, subscribe } = await import('./features/billing/service')
    const { verifiedAccount } = await import('./features/accounts/service')
    const plan = planById(ctx, planFlag >= 0 ? rest[planFlag + 1] : undefined)
    const address = normaliseEmail(email)
    await ctx.db.transaction().execute(async (trx) => {
      const account = await verifiedAccount(ctx, trx, address)
      if (!(await activeSubscription(ctx, account.id, trx))) await subscribe(ctx, trx, { accountId: account.id, planId: plan.id })
    })
    console.log(`granted ${plan.id} to ${address}`)
    await ctx.db.destroy()
    return 0
  }
  if (command === 'revoke') {
    const email = rest[0]
    if (!email || !isEmail(email)) {
      console.error(USAGE)
      return 2
    }
    const ctx = await createContext(config)
    const { endSubscription } = await import('./features/billing/service')
    const { findAccount } = await import('./features/accounts/service')
    const address = normaliseEmail(email)
    const accountId = (await findAccount(ctx, address))?.id
    if (accountId) await endSubscription(ctx, accountId)
    console.log(accountId ? `subscription of ${address} ended` : `no account for ${address}`)
    await ctx.db.destroy()
    return accountId ? 0 : 1
  }
  console.error(USAGE)
  return 2
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (error) => {
    console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error)
    process.exit(1)
  },
)
