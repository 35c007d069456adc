import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** Opaque, URL-safe, unguessable identifier (UUID v4: 122 random bits). */
export const newId = (): string => crypto.randomUUID()

/** API tokens: 256 random bits, shown once, stored only as a hash. */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** A numeric code of `digits` digits whose first digit is never 0 (10000..99999 for 5). */
export const newNumericCode = (digits: number): string => String(randomInt(10 ** (digits - 1), 10 ** digits))

/** Tokens and codes are high-entropy or short-lived, so an unsalted SHA-256 is enough to keep them out of the database. */
// Bun's one-shot hash: node:crypto's createHash builds a stream object per call (about 700 bytes of
// garbage on every authenticated request's token).
export const sha256 = (value: string): string => Bun.CryptoHasher.hash('sha256', value, 'hex')

export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
