// Section tails and PDF paragraphs (owner: training, for `chunks`, `chunk_terms` and
// `documents.preview`): a section's short last words ("New in version 1.0.") end its passage
// instead of heading the next section's (training/chunk.ts), so links' and texts' passages are cut
// again here; a PDF's paragraphs are told by its lines before hyphenated words are joined (a
// paragraph's short last line was lost in the line before it when that line ended "com-",
// training/text-cleanup.ts), so documents are read again from their PDF by the server's jobs.
import type { Kysely } from 'kysely'
import type { Database } from '../schema'
import { readDocumentsAgain } from './read-again'
import { recutIndexedMaterial } from './recut-material'

export async function up(db: Kysely<unknown>): Promise<void> {
  await recutIndexedMaterial(db as unknown as Kysely<Database>, undefined, 'document')
  await readDocumentsAgain(db)
}
