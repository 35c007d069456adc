// Migration 021 cuts material indexed before it again: a section's short last words, which the old
// chunker let head the next section's passage, end their own section's passage.
import { afterAll, expect, test } from 'bun:test'
import { fullTextIndex } from '../../src/db/fulltext'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('section-tails')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

const OPTIONS = [
  'The --dry-run option shows what would be installed without changing anything in the project.',
  'The --global option installs into the prefix folder instead of the current package root.',
  'The --save-exact option records the exact version instead of a range in the manifest file.',
  'The --omit option leaves out dependency types such as dev or optional from the install.',
  'The --prefer-offline option reads the cache first and asks the registry only for what is missing.',
]
const ENVIRONMENT = [
  'The NPM_CONFIG_PREFIX variable overrides the prefix folder for every command that reads it.',
  'The NO_COLOR variable turns colored output off in every command of the client at once.',
  'The HOME variable decides where the user configuration file is looked for by default.',
  'The TMPDIR variable decides where temporary files of the client are written during installs.',
  'The NODE_OPTIONS variable is passed on to every script the client runs for a package.',
]
/** How the chunker before migration 021 cut a manual: the options section's note heads the environment's passage. */
const OLD_PASSAGES = [['Options', '', ...OPTIONS].join('\n'), ['New in version 1.0.', '', 'Environment', '', ...ENVIRONMENT].join('\n')]

test("after migration 021 a section's short last words end its own passage", async () => {
  const db = await migratedTo(dataDir, '020_typed_signs')
  const chatbotId = '0210f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d21'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Package managers' })
  await fullTextIndex().add(db, { chatbotId, sourceType: 'link', sourceId: 'link-1', title: 'npm install', url: 'https://example.org/install' }, OLD_PASSAGES)
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  const rows = await app.ctx.db.selectFrom('chunks').select(['text', 'position']).where('chatbot_id', '=', chatbotId).orderBy('position').execute()
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i))
  expect(rows.find((r) => r.text.includes('New in version 1.0.'))?.text.startsWith('Options')).toBe(true)
  expect(rows.find((r) => r.text.includes('NPM_CONFIG_PREFIX'))?.text.startsWith('Environment')).toBe(true)
})
