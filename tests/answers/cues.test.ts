// Names made of parts are found whole, and "What is X?" is answered by the sentence saying what X is.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { questionCues } from '../../src/features/answers/cues'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPages, ask, DOCS_HELPER } from './support'
import { createChatbot } from '../support/chatbots'

test('cues: compound names and definition questions; no input becomes a broken pattern', () => {
  // The name found whole, and the sentence defining it (a second cue) only where one does.
  expect(questionCues('What does from-git do?').map((c) => c.test('Use from-git to read the tag.'))).toEqual([true, false])
  expect(questionCues('What does from-git do?').map((c) => c.test('from-git - reads the version from the latest tag.'))).toEqual([true, true])
  expect(questionCues('What does from-git do?')[0].test('from git')).toBe(false)
  expect(questionCues('Where is ~/.npmrc?')[0].test('The file ~/.npmrc holds settings.')).toBe(true)
  expect(questionCues('What is a trace?')[0].test('A trace is simply a program path.')).toBe(true)
  for (const hostile of ['(a|b)[c]', 'a.*b', '\\d+.x', '--[x]', 'what is (']) expect(() => questionCues(hostile)).not.toThrow()
})

let app: TestApp
let stop = () => {}
let id: string

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'cues@answers.example')
  id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  const page = `<html><head><title>Versions</title></head><body>
    <p>The version command bumps the version in the manifest and creates a git tag for the new version.</p>
    <p>With from-git, the version command reads the latest git tag and uses it as the new version.</p>
    <p>Tracing records hot loops while the interpreter runs them, and tracing is cheap.</p>
    <p>A trace is a single path through a loop, recorded once and compiled to native code.</p>
    </body></html>`
  stop = (await addPages(app, token, id, { versions: page })).stop
})
afterAll(async () => {
  stop()
  await app.stop()
})

test('a question naming "from-git" is answered by the sentence that names it', async () => {
  const answer = await ask(app, id, 'What does from-git do with the version?')
  expect(answer.reply.startsWith('With from-git, the version command reads the latest git tag and uses it as the new version.')).toBe(true)
})

test('"What is a trace?" is answered by the sentence saying what a trace is', async () => {
  const answer = await ask(app, id, 'What is a trace in tracing?')
  expect(answer.reply.startsWith('A trace is a single path through a loop, recorded once and compiled to native code.')).toBe(true)
})
