import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'

/**
 * A throwaway PostgreSQL cluster for tests and CI: initdb into a temp dir, start it on a free
 * loopback port, stop and delete it afterwards. Uses the Debian packaging's binaries
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN). Root cannot run postgres, so as root the
 * cluster runs as the `postgres` user (runuser) in a temp dir it owns.
 */
export interface TempCluster {
  /** Superuser URL of the `postgres` database, password-less (trust on loopback). */
  url: string
  port: number
  dir: string
  stop(): Promise<void>
}

export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0) throw new Error('PostgreSQL binaries not found: apt-get install postgresql (or set PG_BIN)')
  return join(root, versions[0], 'bin')
}

async function freeLoopbackPort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

function run(argv: string[], asPostgres: boolean): void {
  const command = asPostgres ? ['runuser', '-u', 'postgres', '--', ...argv] : argv
  const result = Bun.spawnSync(command, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LC_ALL: 'C' } })
  if (result.exitCode !== 0) throw new Error(`${argv.join(' ')} failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`)
}

export async function startTempCluster(): Promise<TempCluster> {
  const bin = postgresBinDir()
  const asPostgres = userInfo().uid === 0
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-pg-'))
  if (asPostgres) {
    const ids = Bun.spawnSync(['id', '-u', 'postgres']).stdout.toString().trim()
    const gid = Bun.spawnSync(['id', '-g', 'postgres']).stdout.toString().trim()
    if (!ids) throw new Error('running as root needs a `postgres` user to run the cluster (apt-get install postgresql creates it)')
    chownSync(dir, Number(ids), Number(gid))
  }
  const data = join(dir, 'data')
  run([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'], asPostgres)
  let lastError: unknown
  for (let tries = 0; tries < 5; tries++) {
    const port = await freeLoopbackPort()
    // Durability off: this cluster lives for one test run.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`
    try {
      run([join(bin, 'pg_ctl'), '-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start'], asPostgres)
    } catch (error) {
      lastError = error
      continue
    }
    let stopped = false
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dir,
      async stop() {
        if (stopped) return
        stopped = true
        try {
          run([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres)
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  }
  rmSync(dir, { recursive: true, force: true })
  throw lastError
}
