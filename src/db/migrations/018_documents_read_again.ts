// Documents read again (owner: training, for `chunks`, `chunk_terms` and `documents.preview`): PDF
// ingestion now drops a running header that prints the page's number beside a chapter's title
// ("Chapter 2: R Basics 9") and a front matter's Roman page numbers, runs a sentence on over a page
// break, starts a paragraph at each list bullet, and keeps a link or path cut at a line end whole
// (training/text-cleanup.ts). Those lines are gone from the passages of before, so each stored
// document is read again from its PDF: one job a document (training/reindex-job.ts), queued here
// and run by the server, so an upgrade does not wait for every PDF to be read.
import type { Kysely } from 'kysely'
import { readDocumentsAgain } from './read-again'

export const up = (db: Kysely<unknown>): Promise<void> => readDocumentsAgain(db)
