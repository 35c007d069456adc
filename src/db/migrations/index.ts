import type { Migration, MigrationProvider } from 'kysely'
import type { Keys } from '../../infra/keys'
import * as m001 from './001_accounts_and_billing'
import * as m002 from './002_jobs'
import * as m003 from './003_chatbots'
import * as m004 from './004_training'
import * as m005 from './005_calendars'
import * as m006 from './006_chat'
import * as m007 from './007_dashboard'
import * as m008 from './008_scale_out'
import * as m009 from './009_answers'
import { secretsAtRest } from './010_secrets_at_rest'
import * as m011 from './011_owner_workflow'
import * as m012 from './012_conversations'
import * as m014 from './014_public_limits'
import * as m015 from './015_answers_at_scale'
import * as m024 from './024_index_version'
import * as m025 from './025_forms_and_calendars'
import * as m026 from './026_owner_faqs'
import { integrators } from './013_integrators'

/**
 * 016 to 023 re-cut or re-read the stored material with the ingestion of their day. That work is
 * the index version's now (training/index-version.ts: the server re-indexes older sources at
 * start), so they change nothing; their names stay, as databases that ran them have recorded them.
 */
const FOLDED_INTO_INDEX_VERSION = [
  '016_tables_whole',
  '017_sections_continued',
  '018_documents_read_again',
  '019_word_forms_and_footnotes',
  '020_typed_signs',
  '021_section_tails_and_pdf_paragraphs',
  '022_links_read_again',
  '023_closed_compounds',
]
const folded: Migration = { up: async () => {} }

/** Static imports, not a folder scan, so the compiled binary carries its migrations. */
const migrations: Record<string, Migration> = {
  '001_accounts_and_billing': m001,
  '002_jobs': m002,
  '003_chatbots': m003,
  '004_training': m004,
  '005_calendars': m005,
  '006_chat': m006,
  '007_dashboard': m007,
  '008_scale_out': m008,
  '009_answers': m009,
  '011_owner_workflow': m011,
  '012_conversations': m012,
  '014_public_limits': m014,
  '015_answers_at_scale': m015,
  ...Object.fromEntries(FOLDED_INTO_INDEX_VERSION.map((name) => [name, folded])),
  '024_index_version': m024,
  '025_forms_and_calendars': m025,
  '026_owner_faqs': m026,
}

/** 010 converts stored secrets, so it needs the server key. */
export const migrationProvider = (keys: Keys): MigrationProvider => ({
  getMigrations: async () => ({ ...migrations, '010_secrets_at_rest': secretsAtRest(keys), '013_integrators': integrators(keys) }),
})
