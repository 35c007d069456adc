// Migration 023: passages indexed before it hold a hyphenated word's parts only ("coffee",
// "script"). After it every source's stems are made again with the closed form beside them, so a
// visitor who writes "CoffeeScript" meets the material's "coffee-script".
import { afterAll, expect, test } from 'bun:test'
import { ask } from '../answers/support'
import { startTestApp, type TestApp } from '../support/app'
import { insertOldChatbot, insertOldLinkPassage, migratedTo, upgradeDataDir } from '../support/upgrade'

const { dataDir, remove } = upgradeDataDir('closed-compounds')
let app: TestApp | undefined

afterAll(async () => {
  await app?.stop()
  await remove()
})

const COMPOUND = 'You can depend on coffee-script as a devDependency, and thus your users do not need to have it installed.'
const OTHERS = ['The prepare script runs before the package is packed and published.', 'A package may list the files it ships in its manifest.']

test('after migration 023 a closed word of the question meets a hyphenated word indexed before it', async () => {
  const db = await migratedTo(dataDir, '022_links_read_again')
  const chatbotId = '0230f3a2-7c4e-7b1a-9d2e-3f4a5b6c7da1'
  await insertOldChatbot(db, { id: chatbotId, industry: 'Software packaging' })
  // The stems the tokenizer before 023 gave "coffee-script" (its two parts), from the words apart.
  const link = { chatbotId, sourceId: 'link-1', title: 'Scripts', url: 'https://example.org/scripts' }
  await insertOldLinkPassage(db, link, [COMPOUND.replace('coffee-script', 'coffee script'), ...OTHERS].join('\n'), [COMPOUND, ...OTHERS].join('\n'))
  await db.destroy()

  app = await startTestApp({}, { dataDir })
  const answer = await ask(app, chatbotId, 'Do my users need CoffeeScript installed?')
  expect(answer.answered).toBe(true)
  expect(answer.reply.startsWith(COMPOUND)).toBe(true)
})
