// A closed word of the question meets the material's hyphenated one ("email" and "e-mail",
// lib/search-terms.ts materialWordsOf). A question's one rare name outweighs several of its everyday words: "Can I keep two copies of
// react side by side under different names?" is answered by the passage about react, not by one
// that only shares "two", "side", "different" and "copies" (ranking.ts RANK_RARITY_POWER).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ask, type ManualChatbot, manualChatbot, topicSentences } from './support'

let bot: ManualChatbot

const RECEIPTS = 'Receipts go out by e-mail to the address set under Billing, once a payment has cleared.'
const ALIAS = 'An alias installs react on one side under a label of your choosing, so the project imports it by that label.'
/** Words of a manual's other pages, and the everyday words of the question on many of them. */
const TOPICS = ['printer', 'network', 'backup', 'archive', 'server', 'invoice', 'ledger', 'sensor', 'camera', 'router', 'schedule', 'folder']
const COMMON = ['two', 'side', 'different', 'copies']

/**
 * Paragraph n: about 65 words on its own topics; four of every nine hold the four everyday words
 * too, so each is in 44% of the passages and "react" in one: plain weights rank four everyday
 * words above react and one of them (on SQLite and on PostgreSQL), the weights the ranking counts
 * the other way round, with a margin both engines' own scores leave alone.
 */
function paragraph(n: number): string {
  const sentences = topicSentences(n, TOPICS, 6)
  // Every passage keeps names: the question's other words are known to the material, and weigh little.
  sentences.push('Staff keep the names on file.')
  if (n % 9 < 4) sentences.push(`It has ${COMMON.join(' and ')} trays.`)
  return sentences.join(' ')
}

beforeAll(async () => {
  bot = await manualChatbot('rare-words@example.com', [...Array.from({ length: 90 }, (_, n) => paragraph(n)), `${ALIAS} ${paragraph(92)}`, `${RECEIPTS} ${paragraph(93)}`])
})

afterAll(() => bot.stop())

test("the passage holding the question's rare name answers, not the one sharing more of its everyday words", async () => {
  const reply = await ask(bot.app, bot.id, 'Can I keep two copies of react side by side under different names?')
  expect(reply.answered).toBe(true)
  expect(reply.reply.startsWith(ALIAS)).toBe(true)
})

test('a closed word of the question meets the hyphenated word of the material', async () => {
  const reply = await ask(bot.app, bot.id, 'Do receipts come by email?')
  expect(reply.answered).toBe(true)
  expect(reply.reply.startsWith(RECEIPTS)).toBe(true)
})
