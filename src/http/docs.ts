import type { TSchema } from '@sinclair/typebox'

/**
 * OpenAPI for a body the handler validates itself: handlers check auth, subscription and ownership
 * before the body, in the order the spec's error tables imply, so Elysia's own validation is not used.
 */
export function bodyDoc(schema: TSchema, opts: { multipart?: TSchema; summary?: string; tags?: string[] } = {}) {
  const content: Record<string, { schema: TSchema }> = { 'application/json': { schema } }
  if (opts.multipart) content['multipart/form-data'] = { schema: opts.multipart }
  return {
    summary: opts.summary,
    tags: opts.tags,
    security: [{ token: [] }],
    requestBody: { required: true, content },
  }
}
