// Section tails (owner: training, for `chunks` and `chunk_terms`): a section's short last words
// ("New in version 1.0.", "See also npm-config.") end its passage instead of heading the next
// section's (training/chunk.ts). The material is cut again from its passages.
import type { Kysely } from 'kysely'
import type { Database } from '../schema'
import { recutIndexedMaterial } from './recut-material'

export const up = (db: Kysely<unknown>): Promise<void> => recutIndexedMaterial(db as unknown as Kysely<Database>)
