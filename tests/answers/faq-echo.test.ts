// A FAQ's own question that echoes the visitor's answers it, even when other passages use the
// question's words as often; and a capital letter written alone is a name to look up ("R", "C").
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { namesTopic, searchTerms } from '../../src/lib/search-terms'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { addPages, ask, DOCS_HELPER } from './support'

const NAMED = 'The name is partly based on the first names of the first two R authors, Robert Gentleman and Ross Ihaka.'

const FAQ = `<html><head><title>R FAQ</title></head><body><main>
  <h1>R FAQ</h1>
  <h2>2.1 What is R?</h2>
  <p>R is a system for statistical computation and graphics. R runs on many platforms.</p>
  <h2>2.12 Why is R named R?</h2>
  <p>${NAMED}</p>
  <h2>7.14 What are valid names?</h2>
  <p>When creating data frames, R by default ensures that the variable names are syntactically valid in R. Element names in R can be any strings.</p>
  <h2>7.15 How are names matched?</h2>
  <p>R matches the names of arguments partially, so R names need not be written out whole.</p>
  <h2>7.16 Why does R print numbers oddly?</h2>
  <p>R prints numbers with seven significant digits by default.</p>
</main></body></html>`

let app: TestApp
let id: string
let stop = () => {}

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'echo@answers.example')
  id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  stop = (await addPages(app, token, id, { faq: FAQ })).stop
})
afterAll(async () => {
  stop()
  await app.stop()
})

test('a capital letter on its own is a name to search for; "I", "A" and small letters are not', () => {
  expect(searchTerms('Why is R named R?')).toEqual(['r', 'name'])
  expect(searchTerms('Is C faster than a script I wrote?')).toContain('c')
  expect(searchTerms("What is R's licence?")).toContain('r')
  expect(searchTerms('Can I use a flag -x here?')).not.toContain('i')
  expect(searchTerms('Can I use a flag -x here?')).not.toContain('x')
  expect(namesTopic('What is R?')).toBe(true)
  expect(namesTopic('What is a?')).toBe(false)
})

test("the section whose heading is the visitor's question answers it, over passages that use its words as often", async () => {
  const answer = await ask(app, id, 'Why is R named R?')
  expect(answer.answered).toBe(true)
  expect(answer.reply.startsWith(NAMED)).toBe(true)
  expect(answer.reply).toContain('“2.12 Why is R named R?”')
})
