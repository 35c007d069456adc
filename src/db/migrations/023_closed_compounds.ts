// Closed compounds (owner: training, for `chunks` and `chunk_terms`): a hyphenated word of the
// material is also indexed as one closed word (lib/search-terms.ts `materialWordsOf`), so a visitor
// who writes "CoffeeScript" or "email" meets "coffee-script" and "e-mail". Every source's stems are
// made again from its stored passages; the passages themselves do not change.
import type { Kysely } from 'kysely'
import type { Database } from '../schema'
import { recutIndexedMaterial } from './recut-material'

export async function up(db: Kysely<unknown>): Promise<void> {
  await recutIndexedMaterial(db as unknown as Kysely<Database>)
}
