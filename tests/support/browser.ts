import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress } from 'node:zlib'
import { chromium, type Browser, type LaunchOptions } from 'playwright-core'

/** Flags for a headless Chromium run by root in a container, with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's chromium package, preferred when it is installed. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium'

let executable: Promise<string> | undefined

/** Debian's Chromium when it answers (not merely a file at its path), else the one npm ships. */
export function chromiumExecutable(): Promise<string> {
  executable ??= answers(DEBIAN_CHROMIUM) ? Promise.resolve(DEBIAN_CHROMIUM) : npmChromium()
  return executable
}

/** Launches headless Chromium (see chromiumExecutable) with CHROMIUM_ARGS unless `options.args` says otherwise. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ args: CHROMIUM_ARGS, ...options, executablePath: await chromiumExecutable() })
}

function answers(path: string): boolean {
  if (!existsSync(path)) return false
  const probe = Bun.spawnSync([path, '--version'], { stdout: 'pipe', stderr: 'ignore' })
  return probe.exitCode === 0 && /chromium/i.test(probe.stdout.toString())
}

/**
 * The headless Chromium inside the npm package @sparticuz/chromium (a Brotli-compressed binary that
 * needs only glibc, libexpat and libgcc), unpacked once into node_modules/.cache. The package's own
 * executablePath() unpacks into a fixed /tmp/chromium in place, which concurrent test runs would
 * race on; this one writes a temp file and renames it.
 */
async function npmChromium(): Promise<string> {
  const packageRoot = join(dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..')
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
  const dir = join(packageRoot, '..', '..', '.cache', `sparticuz-chromium-${version}`)
  const binary = join(dir, 'chromium')
  if (existsSync(binary)) return binary
  mkdirSync(dir, { recursive: true })
  const partial = `${binary}.${process.pid}.partial`
  try {
    await pipeline(createReadStream(join(packageRoot, 'bin', 'chromium.br')), createBrotliDecompress(), createWriteStream(partial, { mode: 0o755 }))
    renameSync(partial, binary)
  } finally {
    rmSync(partial, { force: true })
  }
  return binary
}
