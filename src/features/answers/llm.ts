// Answers through an OpenAI-compatible /chat/completions endpoint (LLM_BASE_URL), grounded in
// numbered passages: passage [n] is the n-th source of the answer, so the model's citations match
// `sources`. Any failure, or no answer within the configured time (20 s by default), throws; the
// caller falls back to the extractive answer.
import type { Config } from '../../config'
import { CODE_LINE_BREAK } from '../../lib/sentences'
import { LLM_NO_ANSWER, LLM_SYSTEM_PROMPT, llmGuidance } from './texts'

export type LlmConfig = NonNullable<Config['llm']>

export interface GroundedQuestion {
  question: string
  /** The owner's chatbot_instructions, shown to visitors; they also steer the tone. */
  instructions: string
  /** In the order of the answer's sources. */
  passages: { title: string; text: string }[]
}

const MAX_ANSWER_TOKENS = 600

export class LlmTimeout extends Error {
  constructor(ms: number) {
    super(`LLM gave no answer within ${ms} ms`)
  }
}

export function completionRequest(llm: LlmConfig, input: GroundedQuestion) {
  // A code block's lines on lines of their own: the model reads and quotes them as code.
  const numbered = input.passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text.replaceAll(CODE_LINE_BREAK, '\n')}`).join('\n\n')
  const system = [LLM_SYSTEM_PROMPT, input.instructions.trim() ? llmGuidance(input.instructions.trim()) : '', `Passages:\n\n${numbered}`].filter(Boolean).join('\n\n')
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

/** The model's reply, or null when it says the passages do not hold the answer. */
export async function generateAnswer(llm: LlmConfig, input: GroundedQuestion): Promise<string | null> {
  const abort = new AbortController()
  // The request is aborted at the deadline; the race also ends a body that never finishes.
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort()
      reject(new LlmTimeout(llm.timeoutMs))
    }, llm.timeoutMs)
  })
  try {
    const content = await Promise.race([complete(llm, input, abort.signal), deadline])
    return content === LLM_NO_ANSWER || content.replace(/[.\s]/g, '') === LLM_NO_ANSWER ? null : content
  } finally {
    clearTimeout(timer)
  }
}

async function complete(llm: LlmConfig, input: GroundedQuestion, signal: AbortSignal): Promise<string> {
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
    body: JSON.stringify(completionRequest(llm, input)),
    signal,
  })
  if (!response.ok) throw new Error(`LLM answered HTTP ${response.status}`)
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] }
  const content = body.choices?.[0]?.message?.content
  if (typeof content !== 'string' || !content.trim()) throw new Error('LLM answer has no message content')
  return content.trim()
}
