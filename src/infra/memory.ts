/**
 * Garbage piles up faster than the collector clears it when the server ingests material (a linked
 * page up to 5 MiB, a batch of PDFs' text: many times their size in parsed HTML, passages and
 * stems) or answers questions over many chatbots: 20,000 passages by link-add took it from 140 to
 * 350 MiB resident. A full collection (about 30 ms) runs when the heap holds more than a ceiling,
 * at most once in a while, so bulk ingestion is not slowed by one per page.
 */
const HEAP_CEILING_BYTES = 64 * 1024 * 1024
const AT_MOST_EVERY_MS = 2_000
/** How often the guard looks while the server runs (a collection only when over the ceiling). */
const GUARD_EVERY_MS = 5_000

let collectedAt = Number.NEGATIVE_INFINITY

function collectIfOverCeiling(): void {
  const { heapUsed, external } = process.memoryUsage()
  if (heapUsed + external <= HEAP_CEILING_BYTES || performance.now() - collectedAt < AT_MOST_EVERY_MS) return
  collectedAt = performance.now()
  Bun.gc(true)
}

/** After an ingestion: its garbage is the largest a request leaves. */
export const collectAfterIngestion = collectIfOverCeiling

/** While the server runs: what bursts of questions leave is collected within a few seconds. Returns the stop. */
export function guardMemory(): () => void {
  const timer = setInterval(collectIfOverCeiling, GUARD_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
