/**
 * Garbage piles up faster than the collector clears it when the server ingests material (a linked
 * page up to 5 MiB, a batch of PDFs' text: many times their size in parsed HTML, passages and
 * stems): 20,000 passages by link-add took it from 140 to 350 MiB resident. A full collection
 * (tens of ms) runs when the heap has grown by a margin over what the last one left live, at most
 * once a second: memory a collection frees is reused by the next pages instead of new memory being
 * taken (100,000 passages by link-add: 196 -> 165 MiB resident at the end, about 2% of the time).
 * Growth, not a fixed ceiling: once WordNet and the caches were loaded, the live heap stood over
 * the old 64 MiB ceiling and an idle server collected every 5 s.
 */
const GROWTH_BYTES = 16 * 1024 * 1024
/** When no request waits, a collection costs nobody: a smaller growth is enough. */
const QUIET_GROWTH_BYTES = 4 * 1024 * 1024
const AT_MOST_EVERY_MS = 1_000
/** How often the guard looks while the server runs. */
const GUARD_EVERY_MS = 1_000

let collectedAt = Number.NEGATIVE_INFINITY
/** The heap right after the last forced collection: the live set growth is measured from. */
let liveBytes = 0
/** Requests come in since the guard last looked (the server's own pendingRequests reads 0 between two answers under full load). */
let arrivals = 0

/** Called by the app for every request: the guard collects only when none came in for a whole second. */
export const requestArrived = (): void => {
  arrivals++
}

function collectIfGrown(growth: number, release: boolean): void {
  if (process.memoryUsage().heapUsed - liveBytes <= growth || performance.now() - collectedAt < AT_MOST_EVERY_MS) return
  Bun.gc(true)
  collectedAt = performance.now()
  liveBytes = process.memoryUsage().heapUsed
  // A collection frees memory for the engine to reuse; the allocator hands it back to the system
  // only seconds later, or when told to (Bun.shrink: another full collection, compiled code dropped
  // to be compiled again on use, free memory released). Only when quiet: during ingestion the
  // dropped code would be compiled again every second.
  if (release) Bun.shrink()
}

/** After an ingestion: its garbage is the largest a request leaves. */
export const collectAfterIngestion = (): void => collectIfGrown(GROWTH_BYTES, false)

/**
 * While the server runs, what bursts leave is collected within a second or two, but only in a second
 * no request came in: under load the pause would land in every waiting request's
 * latency, and the engine's own collections keep up with a request's short-lived garbage. Returns the stop.
 */
export function guardMemory(): () => void {
  const timer = setInterval(() => {
    if (arrivals === 0) collectIfGrown(QUIET_GROWTH_BYTES, true)
    arrivals = 0
  }, GUARD_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
