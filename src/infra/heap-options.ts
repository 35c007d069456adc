import { readFileSync } from 'node:fs'

/**
 * JavaScriptCore's heap growth, which it reads from the environment once, as the process starts.
 * Bun's defaults let the heap grow to about three times what the last collection left live before
 * the next one (`heapGrowthMaxIncrease` 2, on machines with 16 GB or more) or twice (`smallHeapGrowthFactor`
 * 2, below 16 GB), and under load or an ingestion the server held that headroom resident.
 * 1.75 times on either: the full bench's peak RSS 306 and 310 -> 205 to 207 MiB, throughput, chat
 * latency and indexing time within their spread (README, Benchmarks, twelfth round).
 * Not lower: below 1.5 times every young collection is followed by a full one (JavaScriptCore's
 * fixed eden-to-old ratio of 1/3).
 */
export const HEAP_OPTIONS: Readonly<Record<string, string>> = {
  BUN_JSC_heapGrowthMaxIncrease: '0.75',
  BUN_JSC_smallHeapGrowthFactor: '1.75',
}

/**
 * Starts the server over again in this same process (same pid, for a supervisor or a container) with
 * the heap options in its environment, unless they are there already: an operator's own values win.
 * Linux only (the command line comes from /proc); elsewhere, or when the restart fails, the server
 * runs with Bun's defaults.
 */
export function restartWithHeapOptions(): void {
  if (process.platform !== 'linux' || !process.execve || Object.keys(HEAP_OPTIONS).every((name) => process.env[name] !== undefined)) return
  try {
    // argv as the process was started: a compiled binary's process.argv names its embedded entry point.
    const argv = readFileSync('/proc/self/cmdline', 'utf8').split('\0').slice(0, -1)
    process.execve(process.execPath, argv, { ...HEAP_OPTIONS, ...process.env })
  } catch (error) {
    // No /proc, or exec refused (a sandbox): serving with Bun's defaults beats not serving.
    console.warn(`heap options not applied, serving with the runtime's defaults: ${error instanceof Error ? error.message : String(error)}`)
  }
}
