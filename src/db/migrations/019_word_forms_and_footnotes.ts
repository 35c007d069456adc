// Word forms and footnotes (owner: training, for `chunks`, `chunk_terms` and `documents.preview`):
// an irregular verb's forms are indexed as its base ("wrote" and "written" as "write"), and a
// superscript digit is no longer part of the word it sits on ("Makefile⁴") (lib/search-terms.ts);
// a PDF's footnotes stand as paragraphs of their own without their marks ("20These commands…"),
// and an opening quote TeX drew as a lone grave accent is a quote again (training/text-cleanup.ts).
// Links' and texts' passages get their stems made again here; documents are read again from their
// PDF by the server's jobs.
import type { Kysely } from 'kysely'
import type { Database } from '../schema'
import { readDocumentsAgain } from './read-again'
import { recutIndexedMaterial } from './recut-material'

export async function up(db: Kysely<unknown>): Promise<void> {
  await recutIndexedMaterial(db as unknown as Kysely<Database>, undefined, 'document')
  await readDocumentsAgain(db)
}
