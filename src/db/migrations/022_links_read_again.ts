// Links read again (owner: training, for `chunks`, `chunk_terms`, `links.preview` and
// `links.word_count`): the HTML reader now keeps what a page hides until the visitor opens it (an
// accordion FAQ's answers, a tab's panels: training/html-text.ts) and a <pre>'s lines as a code
// block of their own. Neither can be made from the passages of before, and pages are not stored,
// so each link is fetched and read again by the server's jobs (training/reread-link-job.ts).
import type { Kysely } from 'kysely'
import { readLinksAgain } from './read-again'

export const up = (db: Kysely<unknown>): Promise<void> => readLinksAgain(db)
