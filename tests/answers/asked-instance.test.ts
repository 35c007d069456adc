// "Which file …?" is answered by a sentence that names a file ("settings.yaml") without saying
// "file": the name stands for the question's noun (answer-forms.ts askedInstanceOf), so it is not
// outranked by a sentence that only repeats the word.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { askedInstanceOf } from '../../src/features/answers/answer-forms'
import { ask, type ManualChatbot, manualChatbot, topicSentences } from './support'

let bot: ManualChatbot

const NAMES_IT = 'The installer needs an existing settings.yaml in the project root.'
const SAYS_FILE = 'Running the installer writes a log file for each step.'
const TOPICS = ['printer', 'network', 'backup', 'archive', 'server', 'invoice', 'ledger', 'sensor']

/** Other pages of the manual; "run" is on every third, so it weighs less than "exist", which is on one. */
function paragraph(n: number): string {
  const sentences = topicSentences(n, TOPICS, 4)
  if (n % 3 === 0) sentences.push(`Staff run the ${TOPICS[n % TOPICS.length]} check weekly.`)
  return sentences.join(' ')
}

beforeAll(async () => {
  bot = await manualChatbot('asked-instance@example.com', [...Array.from({ length: 30 }, (_, n) => paragraph(n)), `${NAMES_IT} ${paragraph(31)}`, `${SAYS_FILE} ${paragraph(32)}`])
})

afterAll(() => bot.stop())

test('a file name answers "which file", ahead of a sentence that only says "file"', async () => {
  const reply = await ask(bot.app, bot.id, 'Which file must exist before running the installer?')
  expect(reply.answered).toBe(true)
  expect(reply.reply.startsWith(NAMES_IT)).toBe(true)
})

test('the noun asked for, and what shows one: "which file" and "which command", not "which file extensions"', () => {
  const file = askedInstanceOf('Which config file must exist before running npm ci?')
  expect(file?.noun).toBe('file')
  for (const name of ['package-lock.json', '/etc/apt/sources.list', '~/.npmrc', 'the .gitignore']) expect(file?.instance.test(`Keep ${name} there.`)).toBe(true)
  for (const text of ['a log file for each step', 'version 1.2', 'see e.g. the manual', './my/project']) expect(file?.instance.test(text)).toBe(false)
  expect(askedInstanceOf('Which command builds the package?')?.instance.test('Run dpkg-buildpackage -us -uc there.')).toBe(true)
  expect(askedInstanceOf('Which file extensions can a tarball have?')).toBeNull()
  expect(askedInstanceOf('What does npm ci do?')).toBeNull()
})
