// Sections continued (owner: training, for `chunks` and `chunk_terms`): a FAQ's question now heads
// its answer's passage (it used to end the passage before it), and what a sentence ending in a colon
// introduces ("simply run the following command:" and "make deb-pkg") stays in its passage and is
// never taken for a heading (training/chunk.ts). Tables of contents are dropped at ingestion
// (training/text-cleanup.ts, training/html-text.ts); of material already indexed, the lines a PDF's
// contents left (an entry's dot leaders and page number) go here. Sentences are found again too: a
// section's number stays with its title ("6.2.1. Initialization") and a mark inside a name ("apt
// list ?automatic") no longer ends a sentence (lib/sentences.ts). The material is cut again.
import type { Kysely } from 'kysely'
import { isContentsResidue } from '../../features/training/text-cleanup'
import type { Database } from '../schema'
import { recutIndexedMaterial } from './recut-material'

export const up = (db: Kysely<unknown>): Promise<void> => recutIndexedMaterial(db as unknown as Kysely<Database>, (lines, i) => !isContentsResidue(lines, i))
