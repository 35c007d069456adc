/**
 * What the widget keeps in the browser, per chatbot: the visitor id (localStorage, so a visitor
 * stays the same person across visits) and the conversation (sessionStorage, so it survives a
 * reload but a new tab starts afresh). Storage that refuses (private mode, sandboxed frames)
 * falls back to memory instead of throwing.
 */
import type { PublicQuestion, SourceAnswer } from './api'

interface Store {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

function store(kind: 'localStorage' | 'sessionStorage'): Store {
  const memory = new Map<string, string>()
  let real: Storage | null = null
  try {
    real = window[kind]
    real.setItem('__chatbot_probe__', '1')
    real.removeItem('__chatbot_probe__')
  } catch {
    real = null
  }
  const attempt = (work: (s: Storage) => void) => {
    try {
      if (real) work(real)
    } catch {
      // quota or disabled: the memory copy is kept
    }
  }
  return {
    get(key) {
      try {
        if (real) return real.getItem(key)
      } catch {
        // fall back to memory
      }
      return memory.get(key) ?? null
    },
    set(key, value) {
      memory.set(key, value)
      attempt((s) => s.setItem(key, value))
    },
    remove(key) {
      memory.delete(key)
      attempt((s) => s.removeItem(key))
    },
  }
}

const local = store('localStorage')
const session = store('sessionStorage')

/** One transcript entry: who spoke, the text, and a bot reply's sources. */
export interface SavedMessage {
  role: 'user' | 'bot'
  text: string
  sources?: SourceAnswer[]
  /** A reply's id, to rate it, and the visitor's rating of it. */
  messageId?: string
  rating?: 'up' | 'down'
}

export interface SavedConversation {
  sessionId: string | null
  messages: SavedMessage[]
  /** Data Collection: the question waiting for an answer, and whether the form is complete. */
  pending: PublicQuestion | null
  done: boolean
}

const MAX_MESSAGES = 100

function randomId(): string {
  try {
    return crypto.randomUUID()
  } catch {
    // randomUUID needs a secure context; getRandomValues does not
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  }
}

export class ChatbotStorage {
  private readonly prefix: string

  constructor(chatbotId: string) {
    this.prefix = `chatbot:${chatbotId}:`
  }

  visitorId(): string {
    const key = `${this.prefix}visitor`
    let id = local.get(key)
    if (!id || id.length > 100) {
      id = randomId()
      local.set(key, id)
    }
    return id
  }

  load(): SavedConversation {
    const empty: SavedConversation = { sessionId: null, messages: [], pending: null, done: false }
    const raw = session.get(`${this.prefix}conversation`)
    if (!raw) return empty
    try {
      const saved = JSON.parse(raw) as SavedConversation
      return saved && Array.isArray(saved.messages) ? saved : empty
    } catch {
      return empty
    }
  }

  save(conversation: SavedConversation): void {
    session.set(`${this.prefix}conversation`, JSON.stringify({ ...conversation, messages: conversation.messages.slice(-MAX_MESSAGES) }))
  }

  clear(): void {
    session.remove(`${this.prefix}conversation`)
  }
}
