// The LLM path against a local OpenAI-compatible stand-in (Bun.serve): numbered passages in the
// prompt, [n] citations matching `sources`, the refusal when the model finds no answer, and the
import { completionRequest } from '../../src/features/answers/llm'
import { CODE_LINE_BREAK } from '../../src/lib/sentences'
// extractive answer on an error or a timeout (contract section 8).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { LLM_NO_ANSWER, NOTHING_FOUND } from '../../src/features/answers/texts'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPdf, ANSWERING_BAKERY, ask, DOCS_HELPER, INSTRUCTIONS } from './support'
import { createChatbot } from '../support/chatbots'

type Behaviour = 'answer' | 'no-answer' | 'error' | 'hang'

interface CompletionRequest {
  model: string
  messages: { role: string; content: string }[]
}

let llm: ReturnType<typeof Bun.serve>
let behaviour: Behaviour = 'answer'
let answerText = ''
const requests: { authorization: string | null; body: CompletionRequest }[] = []
const hanging: (() => void)[] = []

let app: TestApp
let knowledge: string
let business: string

beforeAll(async () => {
  llm = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      if (request.method !== 'POST' || new URL(request.url).pathname !== '/v1/chat/completions') return new Response('not found', { status: 404 })
      requests.push({ authorization: request.headers.get('authorization'), body: (await request.json()) as CompletionRequest })
      if (behaviour === 'error') return Response.json({ error: { message: 'internal error' } }, { status: 500 })
      // A model that never answers: the request stays open until the test ends it.
      if (behaviour === 'hang') return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response('late', { status: 200 }))))
      const content = behaviour === 'no-answer' ? LLM_NO_ANSWER : answerText
      return Response.json({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] })
    },
  })
  app = await startTestApp({ LLM_BASE_URL: `http://127.0.0.1:${llm.port}/v1/`, LLM_API_KEY: 'sk-test-key', LLM_MODEL: 'tiny-model', LLM_TIMEOUT_MS: '300' })
  const token = await subscribedToken(app, 'llm@answers.example')
  knowledge = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, knowledge, 'Kiln manual', [
    ['The kiln reaches 1,280 degrees Celsius in about nine hours of firing.', 'Let the kiln cool for a full day before opening its lid.'],
  ])
  await addPdf(app, token, knowledge, 'Glaze notes', [['A kiln firing for stoneware glazes reaches cone 10, about 1,280 degrees.', 'Glazes must be stirred before use.']])
  business = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
})
afterAll(async () => {
  for (const release of hanging) release()
  llm.stop(true)
  await app.stop()
})

test('the prompt holds the numbered passages, one per source; the reply cites them as [n] in sources order', async () => {
  behaviour = 'answer'
  answerText = 'The kiln reaches **1,280 °C** [1], which is cone 10 [2].'
  requests.length = 0
  const answer = await ask(app, knowledge, 'How many degrees does the kiln reach?')
  expect(answer.reply).toBe(answerText)
  expect(answer.answered).toBe(true)
  expect(requests).toHaveLength(1)
  const { authorization, body } = requests[0]
  expect(authorization).toBe('Bearer sk-test-key')
  expect(body.model).toBe('tiny-model')
  expect(body.messages.map((m) => m.role)).toEqual(['system', 'user'])
  expect(body.messages[1].content).toBe('How many degrees does the kiln reach?')
  const system = body.messages[0].content
  expect(system).toContain('only from the numbered passages')
  expect(system).toContain("language of the visitor's question")
  expect(system).toContain(INSTRUCTIONS)
  // Passage [n] is sources[n - 1]: same titles, same order.
  const numbered = [...system.matchAll(/^\[(\d+)\] (.+)$/gm)].map((m) => ({ n: Number(m[1]), title: m[2] }))
  expect(numbered.map((p) => p.n)).toEqual(answer.sources.map((_, i) => i + 1))
  expect(numbered.map((p) => p.title)).toEqual(answer.sources.map((s) => s.title))
  expect(new Set(numbered.map((p) => p.title))).toEqual(new Set(['Kiln manual', 'Glaze notes']))
  expect(system).toContain('The kiln reaches 1,280 degrees Celsius in about nine hours of firing.')
})

test('when the model finds no answer in the passages, the visitor gets the plain refusal', async () => {
  behaviour = 'no-answer'
  const answer = await ask(app, knowledge, 'Does the kiln need a vent?')
  expect(answer).toEqual({ session_id: expect.any(String), message_id: expect.any(String), reply: NOTHING_FOUND, sources: [], answered: false })
})

test('nothing retrieved: no model call, the refusal', async () => {
  behaviour = 'answer'
  requests.length = 0
  expect(await ask(app, knowledge, 'Can you fix my bicycle?')).toMatchObject({ reply: NOTHING_FOUND, sources: [], answered: false })
  expect(requests).toHaveLength(0)
})

test('a model answering 500 falls back to the extractive answer', async () => {
  behaviour = 'error'
  requests.length = 0
  const answer = await ask(app, knowledge, 'How many degrees does the kiln reach?')
  expect(requests).toHaveLength(1)
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('The kiln reaches 1,280 degrees Celsius in about nine hours of firing.')
  expect(app.logs.some((line) => line.includes('chat.llm_failed') && !line.includes('sk-test-key'))).toBe(true)
})

test('a model that does not answer in time (LLM_TIMEOUT_MS) falls back to the extractive answer', async () => {
  behaviour = 'hang'
  requests.length = 0
  const started = performance.now()
  const answer = await ask(app, business, 'How much is a wedding cake?')
  const elapsed = performance.now() - started
  expect(requests).toHaveLength(1)
  expect(answer.reply).toContain('**Wedding cake**')
  expect(answer.sources[0].title).toBe('Price list')
  expect(elapsed).toBeGreaterThanOrEqual(290)
  expect(elapsed).toBeLessThan(5000)
})

test('the timeout is 20 s unless configured', async () => {
  const { loadConfig } = await import('../../src/config')
  const config = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:9/v1' }, () => '')
  expect(config.llm?.timeoutMs).toBe(20_000)
})

test("a code block's lines reach the model on lines of their own", () => {
  const code = ['cache:', '  directories:', '    - "$HOME/.npm"'].join(CODE_LINE_BREAK)
  const request = completionRequest(
    { baseUrl: 'http://127.0.0.1:9', apiKey: null, model: 'stand-in', timeoutMs: 1000 },
    { question: 'How do I keep the cache?', instructions: '', passages: [{ title: 'CI', text: `Add to the file:\n\n${code}` }] },
  )
  const system = request.messages[0].content
  expect(system).toContain('Add to the file:\n\ncache:\n  directories:\n    - "$HOME/.npm"')
  expect(system).not.toContain(CODE_LINE_BREAK)
})
