import { PUBLIC_CORS_HEADERS } from './cors'

/** A stored file served to whoever holds its unguessable URL; never rendered as our own page. */
export const storedFileResponse = (bytes: Uint8Array, mime: string, filename?: string) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': mime,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      ...PUBLIC_CORS_HEADERS,
      ...(filename ? { 'content-disposition': `inline; filename="${filename}"` } : {}),
    },
  })
