/**
 * Ingesting material (a linked page up to 5 MiB, a batch of PDFs' text) leaves many times its size
 * in garbage (parsed HTML, passages, stems), and the collector lets it pile up from one page to the
 * next: 20,000 passages by link-add took the server from 140 to 350 MiB resident. After an
 * ingestion, a full collection runs when the heap holds more than this; it takes about 30 ms, in a
 * background job or at the end of an upload, and is skipped while the heap is small.
 */
const HEAP_CEILING_BYTES = 64 * 1024 * 1024

export function collectAfterIngestion(): void {
  const { heapUsed, external } = process.memoryUsage()
  if (heapUsed + external > HEAP_CEILING_BYTES) Bun.gc(true)
}
