// Typed signs (owner: training, for `chunks`, `chunk_terms` and `documents.preview`): a PDF's minus
// signs and path tildes as groff prints them ("−−rcfile", "˜/.bashrc") become the characters a shell
// reads (training/text-cleanup.ts `typedSigns`), so each document is read again from its PDF by the
// server's jobs. Links keep their passages: the HTML reader's changes of the same release (chrome
// told from content by its links) need the page itself, and apply when a link is added again.
import type { Kysely } from 'kysely'
import { readDocumentsAgain } from './read-again'

export async function up(db: Kysely<unknown>): Promise<void> {
  await readDocumentsAgain(db)
}
