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
  /** A postgres:// URL, or null for SQLite at DATA_DIR/chatbot.sqlite. */
  databaseUrl: string | null
  /** Where PDFs, logos, uploads and quotes go: DATA_DIR/files by default, or an S3-compatible bucket. */
  files: FilesConfig
  /** Background jobs: a claimed job's lease, renewed while it runs; another instance takes it back once it lapses. */
  jobs: { leaseMs: number }
  smtpUrl: string | null
  mailFrom: string
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: string | null } | null
  plans: Plan[]
  allowPrivateLinks: boolean
  /** MARKDOWN_CDN_URL: where the embed code loads marked from; null for the pinned jsDelivr file. */
  markdownCdnUrl: string | null
  /** MARKDOWN_CDN_INTEGRITY: the SRI hash of that file; null for the pinned file's hash. */
  markdownCdnIntegrity: string | null
  /** timeoutMs: after it the extractive answer is sent instead (contract section 8: 20 s). */
  llm: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null
  logLevel: 'debug' | 'info' | 'warn' | 'error'
  /** Requests per minute; 0 turns a limit off. */
  rateLimit: { perIp: number; perToken: number }
  /** Contract 11's limits of the public endpoints (the contract's numbers unless set; 0 turns one off). */
  publicLimits: PublicLimits
  /** Reverse-proxy hops whose X-Forwarded-For is believed; 0: the socket address is the client. */
  trustProxy: number
  /** SECRET_KEY, or null: then DATA_DIR/secret.key is used, made at first start (infra/keys.ts). */
  secretKey: string | null
}

export interface PublicLimits {
  /** Quotes per client address per chatbot per hour. */
  quotesPerAddressHour: number
  /** Quote e-mails to one client_email per chatbot per UTC day. */
  quoteMailsPerEmailDay: number
  /** Bookings per client address per chatbot per UTC day. */
  bookingsPerAddressDay: number
  /** Upcoming confirmed appointments per client_email per chatbot. */
  upcomingPerEmail: number
  /** Messages per client address per chatbot per UTC day, as a multiple of user_allowance. */
  messagesPerAddressFactor: number
  /** Uploads per client address per chatbot per hour. */
  uploadsPerAddressHour: number
}

export type FilesConfig =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3'
      bucket: string
      /** Key prefix inside the bucket, without slashes at either end ('' for the bucket's root). */
      prefix: string
      /** null: AWS S3 itself (the region's endpoint). */
      endpoint: string | null
      accessKeyId: string | null
      secretAccessKey: string | null
      region: string | null
      virtualHostedStyle: boolean
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
  const dataDir = resolve(env.DATA_DIR || './data')
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    dataDir,
    databaseUrl: databaseUrl(env),
    files: filesConfig(env, dataDir),
    jobs: { leaseMs: intVar(env, 'JOB_LEASE_SECONDS', 60, 1, 86_400) * 1000 },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Chatbot Service <no-reply@localhost>',
    stripe: stripeKey ? { secretKey: stripeKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET || null, apiBase: env.STRIPE_API_BASE || null } : null,
    plans: env.PLANS_FILE ? parsePlans(readFile(env.PLANS_FILE)) : DEFAULT_PLANS,
    allowPrivateLinks: boolVar(env, 'ALLOW_PRIVATE_LINKS'),
    markdownCdnUrl: httpUrlVar(env, 'MARKDOWN_CDN_URL'),
    markdownCdnIntegrity: integrityVar(env, 'MARKDOWN_CDN_INTEGRITY'),
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
          apiKey: env.LLM_API_KEY || null,
          model: env.LLM_MODEL || 'gpt-4o-mini',
          timeoutMs: intVar(env, 'LLM_TIMEOUT_MS', 20_000, 1, 600_000),
        }
      : null,
    logLevel,
    rateLimit: { perIp: intVar(env, 'RATE_LIMIT_PER_IP', 1200, 0, 10_000_000), perToken: intVar(env, 'RATE_LIMIT_PER_TOKEN', 600, 0, 10_000_000) },
    publicLimits: {
      quotesPerAddressHour: intVar(env, 'RATE_LIMIT_QUOTES_PER_HOUR', 10, 0, 1_000_000),
      quoteMailsPerEmailDay: intVar(env, 'RATE_LIMIT_QUOTE_MAILS_PER_DAY', 3, 0, 1_000_000),
      bookingsPerAddressDay: intVar(env, 'RATE_LIMIT_BOOKINGS_PER_DAY', 5, 0, 1_000_000),
      upcomingPerEmail: intVar(env, 'RATE_LIMIT_UPCOMING_PER_EMAIL', 3, 0, 1_000_000),
      messagesPerAddressFactor: intVar(env, 'RATE_LIMIT_MESSAGES_FACTOR', 20, 0, 1_000_000),
      uploadsPerAddressHour: intVar(env, 'RATE_LIMIT_UPLOADS_PER_HOUR', 20, 0, 1_000_000),
    },
    trustProxy: intVar(env, 'TRUST_PROXY', 0, 0, 32),
    secretKey: secretKey(env),
  }
}

/** Instances sharing a database must share the key too, so with DATABASE_URL it cannot be made up locally. */
function secretKey(env: Env): string | null {
  const key = env.SECRET_KEY || ''
  if (key === '') {
    if (env.DATABASE_URL)
      throw new ConfigError('SECRET_KEY must be set when DATABASE_URL is: every instance sharing the database needs the same key (generate one with `openssl rand -base64 32`)')
    return null
  }
  if (key.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters (generate one with `openssl rand -base64 32`)')
  return key
}

function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL || ''
  if (raw === '') return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite under DATA_DIR)')
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite under DATA_DIR)')
  return raw
}

/** FILES_URL: unset (DATA_DIR/files), file:///abs/dir, or s3://bucket/prefix with the S3_* variables. */
function filesConfig(env: Env, dataDir: string): FilesConfig {
  const raw = env.FILES_URL || ''
  if (raw === '') return { kind: 'disk', root: resolve(dataDir, 'files') }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError('FILES_URL must be s3://bucket/prefix or file:///path')
  }
  if (url.protocol === 'file:') return { kind: 'disk', root: resolve(decodeURIComponent(url.pathname)) }
  if (url.protocol !== 's3:' || !url.hostname) throw new ConfigError('FILES_URL must be s3://bucket/prefix or file:///path')
  const endpoint = env.S3_ENDPOINT || env.AWS_ENDPOINT_URL || null
  if (endpoint) mustBeUrl('S3_ENDPOINT', endpoint)
  const accessKeyId = env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || null
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || null
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint,
    accessKeyId,
    secretAccessKey,
    region: env.S3_REGION || env.AWS_REGION || null,
    virtualHostedStyle: boolVar(env, 'S3_VIRTUAL_HOSTED_STYLE'),
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

function httpUrlVar(env: Env, name: string): string | null {
  const raw = env[name] || ''
  if (raw === '') return null
  mustBeUrl(name, raw)
  if (!/^https?:$/.test(new URL(raw).protocol)) throw new ConfigError(`${name} must be an http(s) URL`)
  return raw
}

/** Subresource Integrity metadata: one or more `sha256-`/`sha384-`/`sha512-` base64 digests. */
const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}( sha(256|384|512)-[A-Za-z0-9+/]+={0,2})*$/

function integrityVar(env: Env, name: string): string | null {
  const raw = (env[name] || '').trim()
  if (raw === '') return null
  if (!INTEGRITY.test(raw)) throw new ConfigError(`${name} must be Subresource Integrity metadata like sha384-<base64 digest>`)
  return raw
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
    if (!Number.isInteger(p.training_words) || p.training_words < 0) throw new ConfigError(`${at}.training_words must be a non-negative integer`)
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
