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
const AT_MOST_EVERY_MS = 1_000
/** Resident memory grown since the last release that a quiet second hands back. */
const RSS_GROWTH_BYTES = 16 * 1024 * 1024
/** How often the guard looks while the server runs. */
const GUARD_EVERY_MS = 1_000

let collectedAt = Number.NEGATIVE_INFINITY
/** The heap right after the last forced collection: the live set growth is measured from. */
let liveBytes = 0
/** Resident memory once the last release was done (read a tick later: Bun.shrink runs when the stack unwinds). */
let releasedRss = 0
let readRssNext = false
/** Requests come in since the guard last looked (the server's own pendingRequests reads 0 between two answers under full load). */
let arrivals = 0

/** Called by the app for every request: the guard releases memory only in a second none came in. */
export const requestArrived = (): void => {
  arrivals++
}

/** After an ingestion: its garbage is the largest a request leaves. */
export function collectAfterIngestion(): void {
  if (process.memoryUsage().heapUsed - liveBytes <= GROWTH_BYTES || performance.now() - collectedAt < AT_MOST_EVERY_MS) return
  Bun.gc(true)
  collectedAt = performance.now()
  liveBytes = process.memoryUsage().heapUsed
}

/**
 * A collection frees memory for the engine to reuse; the allocator hands it back to the system only
 * seconds later, or when told to: Bun.shrink (a full collection, compiled code dropped to be compiled
 * again on use, free memory released). Done in a second no request came in, once resident memory
 * has grown since the last time: under load the pause would land in every waiting request's latency
 * (and the engine's own collections keep up with a request's short-lived garbage), and during
 * ingestion the dropped code would be compiled again every second.
 */
function releaseIfGrown(): void {
  const rss = process.memoryUsage.rss()
  if (readRssNext) {
    releasedRss = rss
    liveBytes = process.memoryUsage().heapUsed
    readRssNext = false
  } else if (rss - releasedRss > RSS_GROWTH_BYTES) {
    Bun.shrink()
    collectedAt = performance.now()
    readRssNext = true
  }
}

/** While the server runs: what bursts leave is handed back within a second or two of quiet. Returns the stop. */
export function guardMemory(): () => void {
  const timer = setInterval(() => {
    if (arrivals === 0) releaseIfGrown()
    arrivals = 0
  }, GUARD_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
