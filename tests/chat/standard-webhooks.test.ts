import { describe, expect, test } from 'bun:test'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { newWebhookSecret, signWebhook } from '../../src/lib/standard-webhooks.ts'

const body = JSON.stringify({
  type: 'lead.created',
  timestamp: '2026-03-01T10:00:00.000Z',
  data: { chatbot_id: 'c1', lead: { lead_id: 'l1', total_including_vat: '145.20', currency: '€' } },
})

describe('newWebhookSecret', () => {
  test('is whsec_ followed by base64 of 24 to 32 random bytes', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    expect(key.length).toBeGreaterThanOrEqual(24)
    expect(key.length).toBeLessThanOrEqual(32)
    expect(newWebhookSecret()).not.toBe(secret)
  })
})

describe('signWebhook', () => {
  test('a receiver verifies it with the standardwebhooks library', () => {
    const secret = newWebhookSecret()
    const headers = signWebhook(secret, 'msg_2Qd1', new Date(), body)
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
  })

  test('sends the three headers in their documented form', () => {
    const headers = signWebhook(newWebhookSecret(), 'msg_1', new Date('2026-03-01T10:00:00.900Z'), body)
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp'])
    expect(headers['webhook-id']).toBe('msg_1')
    expect(headers['webhook-timestamp']).toBe(String(Date.UTC(2026, 2, 1, 10) / 1000))
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
  })

  test('matches the library signature byte for byte, multi-byte characters included', () => {
    const secret = newWebhookSecret()
    const at = new Date('2026-03-01T10:00:00Z')
    const unicodeBody = JSON.stringify({ name: 'Zoë 李雷 🎉' })
    expect(signWebhook(secret, 'msg_u', at, unicodeBody)['webhook-signature']).toBe(new Webhook(secret).sign('msg_u', at, unicodeBody))
  })

  test('matches the published Standard Webhooks test vector', () => {
    const headers = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), '{"test": 2432232314}')
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  test('a tampered body, id or timestamp, or another secret, fails verification', () => {
    const secret = newWebhookSecret()
    const headers = signWebhook(secret, 'msg_2Qd1', new Date(), body)
    const webhook = new Webhook(secret)
    expect(() => webhook.verify(body.replace('145.20', '1.00'), headers)).toThrow(WebhookVerificationError)
    expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow(WebhookVerificationError)
    const earlier = String(Number(headers['webhook-timestamp']) - 1)
    expect(() => webhook.verify(body, { ...headers, 'webhook-timestamp': earlier })).toThrow(WebhookVerificationError)
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError)
  })
})
