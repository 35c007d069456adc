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
import * as m016 from './016_tables_whole'
import * as m017 from './017_sections_continued'
import * as m018 from './018_documents_read_again'
import * as m019 from './019_word_forms_and_footnotes'
import * as m020 from './020_typed_signs'
import * as m021 from './021_section_tails_and_pdf_paragraphs'
import * as m022 from './022_links_read_again'
import * as m023 from './023_closed_compounds'
import * as m024 from './024_forms_and_calendars'
import { integrators } from './013_integrators'

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
  '016_tables_whole': m016,
  '017_sections_continued': m017,
  '018_documents_read_again': m018,
  '019_word_forms_and_footnotes': m019,
  '020_typed_signs': m020,
  '021_section_tails_and_pdf_paragraphs': m021,
  '022_links_read_again': m022,
  '023_closed_compounds': m023,
  '024_forms_and_calendars': m024,
}

/** 010 converts stored secrets, so it needs the server key. */
export const migrationProvider = (keys: Keys): MigrationProvider => ({
  getMigrations: async () => ({ ...migrations, '010_secrets_at_rest': secretsAtRest(keys), '013_integrators': integrators(keys) }),
})
