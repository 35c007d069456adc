// Standard Webhooks signing (https://www.standardwebhooks.com/): the receiver verifies
// HMAC-SHA256 over "<id>.<unix seconds>.<body>" with the key encoded in the secret.
import { createHmac, randomBytes } from 'node:crypto'

const SECRET_PREFIX = 'whsec_'
const SECRET_BYTES = 32

export type WebhookHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64')
}

/** The key bytes of a secret; like the reference libraries, the prefix is optional. */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret
  const key = Buffer.from(encoded, 'base64')
  if (key.length === 0) throw new Error('Webhook secret is empty or not base64.')
  return key
}

/**
 * The headers of one delivery. Several secrets (during a rotation, the new one first) give one
 * signature each, space-separated, as the specification allows; a receiver accepts any that verifies.
 */
export function signWebhook(secrets: string | string[], msgId: string, timestamp: Date, body: string): WebhookHeaders {
  const seconds = Math.floor(timestamp.getTime() / 1000)
  const signatures = (Array.isArray(secrets) ? secrets : [secrets]).map(
    (secret) => `v1,${createHmac('sha256', secretKey(secret)).update(`${msgId}.${seconds}.${body}`, 'utf8').digest('base64')}`,
  )
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signatures.join(' '),
  }
}
