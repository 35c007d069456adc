/**
 * The version of the ingestion that turns a source's extracted text into indexed passages (cleanup,
 * chunking, stems; embeddings when they come). Bumping it re-indexes every document and link
 * indexed with an older one, at the next start, from their stored text (training/reindex.ts):
 * bump it with any change that makes other passages or stems of the same text.
 */
export const INDEX_VERSION = 1
