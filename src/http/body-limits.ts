import { tooLarge } from './errors'

export const MiB = 1024 * 1024

/** Largest body per path (by prefix); everything else is JSON and gets 1 MiB. */
const LIMITS: [RegExp, number][] = [
  [/^\/api\/v1\.0\/chatbot-document-add\//, 50 * MiB],
  [/^\/api\/v1\.0\/chat\/[^/]+\/upload\//, 10 * MiB + 64 * 1024],
  [/^\/api\/v1\.0\/api-[a-z-]+\//, 3 * MiB],
  // The dashboard's forms post the same uploads as the API.
  [/^\/dashboard\/chatbots\/[^/]+\/documents\//, 50 * MiB],
  [/^\/dashboard\/chatbots\/new\//, 3 * MiB],
]

/** The hard ceiling Bun enforces before our code runs; above every route limit, so most oversized bodies still get our JSON 413. */
export const SERVER_BODY_CEILING = 64 * MiB

export function bodyLimitFor(path: string): number {
  return LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? MiB
}

/** Refuses by Content-Length before the body is read. */
export function checkDeclaredLength(request: Request): void {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > bodyLimitFor(new URL(request.url).pathname)) throw tooLarge()
}
