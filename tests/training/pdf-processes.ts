import { readdirSync, readFileSync } from 'node:fs'

/** Pids of the children of `parent` now running the PDF reader from source (`bun …/pdf-worker.ts`). */
export function readerPids(parent = process.pid): number[] {
  const pids: number[] = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === parent && readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('pdf-worker.ts')) pids.push(Number(pid))
    } catch {
      // the process ended while we looked
    }
  }
  return pids
}

/** The names in a process's environment. */
export function environmentNames(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'latin1')
    .split('\0')
    .filter((entry) => entry !== '')
    .map((entry) => entry.slice(0, entry.indexOf('=')))
}

export const isRunning = (pid: number): boolean => {
  try {
    // A zombie still answers signal 0; its state letter says it is gone.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** Waits until `condition` holds, polling; fails the test after `ms`. */
export async function eventually(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(5)
  }
}
