import { readFileSync } from 'node:fs'

/** Peak resident memory of a process so far (kB in /proc), in MiB. */
export const peakMiB = (pid: number): number => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** Polls /healthz until stopped; every poll must answer 200 within `patienceMs`. */
export function watchHealth(url: string, patienceMs = 5_000) {
  const failures: string[] = []
  let polls = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const started = Date.now()
      try {
        const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(patienceMs) })
        if (r.status !== 200) failures.push(`status ${r.status}`)
      } catch (error) {
        failures.push(`after ${Date.now() - started} ms: ${String(error)}`)
      }
      polls++
      await Bun.sleep(50)
    }
  })()
  return {
    failures,
    polls: () => polls,
    stop: async () => {
      running = false
      await loop
    },
  }
}
