// Tables and sections whole (owner: training, for `chunks` and `chunk_terms`): the chunker keeps a
// table's rows in one passage with its caption and header (training/chunk.ts), where it used to end
// a passage after any row once it was long enough, and took a row for a heading; and a heading that
// PDF text ran into the end of a paragraph now starts the passage of its section instead of ending
// the one before. And "off" is stemmed "off", no longer "of" (lib/search-terms.ts), so a question
// with "off" stops matching every "of". The material already indexed is cut again.
import type { Kysely } from 'kysely'
import type { Database } from '../schema'
import { recutIndexedMaterial } from './recut-material'

export const up = (db: Kysely<unknown>): Promise<void> => recutIndexedMaterial(db as unknown as Kysely<Database>)
