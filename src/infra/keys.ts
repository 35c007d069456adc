import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The server key at work (contract 13): MACs of short secrets, and encryption of secrets kept for later use. */
export interface Keys {
  /** HMAC-SHA256 of `value` under the server key, hex: what is stored of a verification or login code. */
  mac(value: string): string
  /** AES-256-GCM under a key derived for `purpose`; the result names its format, so a key change can be rolled later. */
  seal(purpose: string, plaintext: string): string
  /** The plaintext of seal()'s result; throws when it was not sealed under this key for this purpose. */
  open(purpose: string, sealed: string): string
  /** Whether a stored value is seal()'s output (the 010 migration converts the others). */
  isSealed(value: string): boolean
}

/** The derivation label of the key that seals chatbots' webhook secrets. */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret'

export const SECRET_KEY_FILE = 'secret.key'
const SEALED_PREFIX = 'v1.'

/**
 * SECRET_KEY when set; otherwise the key kept in DATA_DIR/secret.key (mode 0600), made at first
 * start. (config.ts already refused DATABASE_URL without SECRET_KEY: instances must share it.)
 */
export function loadSecretKey(secretKey: string | null, dataDir: string): string {
  if (secretKey) return secretKey
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const path = join(dataDir, SECRET_KEY_FILE)
  try {
    // 'wx': two processes starting at once on one data dir cannot both write a key.
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  chmodSync(path, 0o600)
  const key = readFileSync(path, 'utf8').trim()
  if (key.length < 32) throw new Error(`${path} holds no usable key (at least 32 characters)`)
  return key
}

export function createKeys(secretKey: string): Keys {
  const derived = new Map<string, Buffer>()
  const keyFor = (purpose: string): Buffer => {
    let key = derived.get(purpose)
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', secretKey, 'chatbot-service', `aes-256-gcm:${purpose}`, 32))
      derived.set(purpose, key)
    }
    return key
  }
  return {
    mac: (value) => createHmac('sha256', secretKey).update(value).digest('hex'),
    seal(purpose, plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
    },
    isSealed: (value) => value.startsWith(SEALED_PREFIX),
    open(purpose, sealed) {
      if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed value')
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(raw.length - 16))
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8')
    },
  }
}
