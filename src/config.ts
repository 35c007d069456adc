import { resolve } from 'node:path'

export interface Plan {
  id: string
  name: string
  price: string
  currency: string
  interval: 'day' | 'week' | 'month' | 'year'
  stripe_price_id: string | null
  /** Chatbots an account may create, over its whole life. */
  chatbots: number
  /** Training words per chatbot. */
  training_words: number
}

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | null
  smtpUrl: string | null
  mailFrom: string
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: string | null } | null
  plans: Plan[]
  allowPrivateLinks: boolean
  markdownCdnUrl: string
  llm: { baseUrl: string; apiKey: string | null; model: string } | null
  logLevel: 'debug' | 'info' | 'warn' | 'error'
  /** Requests per minute; 0 turns a limit off. */
  rateLimit: { perIp: number; perToken: number }
}

export const DEFAULT_PLANS: Plan[] = [
  {
    id: 'standard',
    name: 'Standard',
    price: '29.00',
    currency: 'usd',
    interval: 'month',
    stripe_price_id: null,
    chatbots: 10,
    training_words: 100000,
  },
]

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const

/** Turns the environment into a typed Config, failing fast with a message that names the variable. */
export function loadConfig(env: Env, readFile: (path: string) => string): Config {
  const port = intVar(env, 'PORT', 3000, 0, 65535)
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')
  mustBeUrl('PUBLIC_URL', publicUrl)
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel']
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  const stripeKey = env.STRIPE_SECRET_KEY || null
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Chatbot Service <no-reply@localhost>',
    stripe: stripeKey
      ? { secretKey: stripeKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET || null, apiBase: env.STRIPE_API_BASE || null }
      : null,
    plans: env.PLANS_FILE ? parsePlans(readFile(env.PLANS_FILE)) : DEFAULT_PLANS,
    allowPrivateLinks: boolVar(env, 'ALLOW_PRIVATE_LINKS'),
    markdownCdnUrl: env.MARKDOWN_CDN_URL || 'https://cdn.jsdelivr.net/npm/marked/marked.min.js',
    llm: env.LLM_BASE_URL
      ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY || null, model: env.LLM_MODEL || 'gpt-4o-mini' }
      : null,
    logLevel,
    rateLimit: { perIp: intVar(env, 'RATE_LIMIT_PER_IP', 1200, 0, 10_000_000), perToken: intVar(env, 'RATE_LIMIT_PER_TOKEN', 600, 0, 10_000_000) },
  }
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}`)
  return value
}

function boolVar(env: Env, name: string): boolean {
  const raw = (env[name] || '').toLowerCase()
  if (raw === '' || raw === 'false' || raw === '0') return false
  if (raw === 'true' || raw === '1') return true
  throw new ConfigError(`${name} must be true or false`)
}

function mustBeUrl(name: string, value: string): void {
  try {
    new URL(value)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL`)
  }
}

function parsePlans(text: string): Plan[] {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new ConfigError('PLANS_FILE must hold a JSON array of plans')
  }
  if (!Array.isArray(raw) || raw.length === 0) throw new ConfigError('PLANS_FILE must hold a non-empty JSON array of plans')
  return raw.map((p, i) => {
    const at = `PLANS_FILE[${i}]`
    if (typeof p?.id !== 'string' || !p.id) throw new ConfigError(`${at}.id must be a non-empty string`)
    if (!Number.isInteger(p.chatbots) || p.chatbots < 0) throw new ConfigError(`${at}.chatbots must be a non-negative integer`)
    if (!Number.isInteger(p.training_words) || p.training_words < 0)
      throw new ConfigError(`${at}.training_words must be a non-negative integer`)
    if (!['day', 'week', 'month', 'year'].includes(p.interval)) throw new ConfigError(`${at}.interval must be day, week, month or year`)
    return {
      id: p.id,
      name: String(p.name ?? p.id),
      price: String(p.price ?? '0.00'),
      currency: String(p.currency ?? 'usd'),
      interval: p.interval,
      stripe_price_id: p.stripe_price_id ?? null,
      chatbots: p.chatbots,
      training_words: p.training_words,
    }
  })
}
