import { readFileSync } from 'node:fs'

/**
 * JavaScriptCore's heap sizing, which it reads from the environment once, as the process starts.
 * It collects when the heap has grown to a multiple of what the last collection left live, and the
 * multiple comes from the machine's RAM: on 16 GB or more about 3 (`heapGrowthMaxIncrease` 2),
 * headroom a server held resident under load. So the engine is told the machine has
 * `MEMORY_TARGET_BYTES` (`forceRAMSize`), which makes the multiple follow the process's own memory
 * footprint instead: 1.75 below 80% of the target, 1.5 up to 90%, 1.24 above (the small, medium and
 * large heap factors). Past the target the collector works harder, nothing is refused.
 * At 1.24 JavaScriptCore would follow every young collection with a full one (its eden-to-old
 * ratio of 1/3 bounds the multiple at 1.5); at 0.17 a full collection waits until the heap's
 * free part falls under a sixth of it, and the young collections between pause a few ms.
 * Under a storm of small requests it still alternates young and full: Bun's per-request objects
 * add about 340 bytes each to the heap's count until a full collection (10% of it per young
 * collection in the bench's hot phase), more than the 3% the old generation may grow at 1.24
 * before a full one is due. 0.10 spaced the full ones six times wider (chatbot-get's p99 about
 * 1 ms lower) but left the big set's ingestion 10 to 22 MiB more resident, past the 150 MB bar
 * after the bench's load in one run of two (docs/benchmarks.md, twentieth round).
 * Measured (three full benches, README Benchmarks, fifteenth round): RSS right after the load
 * 157 -> 133 to 135 MiB, at the peak 183 -> 149 to 159; chat p99 over the big set 14.37 -> 8.50 to
 * 12.39 ms; search-via-chat p99, right after the PDF ingestion where the server stands over the
 * target, 15 -> 20 to 34 ms.
 */
const MEMORY_TARGET_BYTES = 100 * 1024 * 1024

export const HEAP_OPTIONS: Readonly<Record<string, string>> = {
  BUN_JSC_forceRAMSize: String(MEMORY_TARGET_BYTES),
  BUN_JSC_smallHeapGrowthFactor: '1.75',
  BUN_JSC_minEdenToOldGenerationRatio: '0.17',
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
