// Answers through an OpenAI-compatible /chat/completions endpoint (LLM_BASE_URL), grounded in the
// retrieved passages. Any failure throws; the caller falls back to the extractive answer.
import type { Config } from '../../config'
import { LLM_SYSTEM_PROMPT } from './texts'

export type LlmConfig = NonNullable<Config['llm']>

export interface GroundedQuestion {
  question: string
  /** The owner's chatbot_instructions, shown to visitors; they also steer the tone. */
  instructions: string
  passages: { title: string; text: string }[]
}

const TIMEOUT_MS = 30_000
const MAX_ANSWER_TOKENS = 600

export function completionRequest(llm: LlmConfig, input: GroundedQuestion) {
  const numbered = input.passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n')
  const system = [LLM_SYSTEM_PROMPT, input.instructions.trim() ? `Guidance from the business: ${input.instructions.trim()}` : '', `Passages:\n\n${numbered}`]
    .filter(Boolean)
    .join('\n\n')
  return {
    model: llm.model,
    temperature: 0.2,
    max_tokens: MAX_ANSWER_TOKENS,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: input.question },
    ],
  }
}

export async function generateAnswer(llm: LlmConfig, input: GroundedQuestion): Promise<string> {
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
    body: JSON.stringify(completionRequest(llm, input)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`LLM answered HTTP ${response.status}`)
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] }
  const content = body.choices?.[0]?.message?.content
  if (typeof content !== 'string' || !content.trim()) throw new Error('LLM answer has no message content')
  return content.trim()
}
