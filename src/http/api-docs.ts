/**
 * GET /swagger (Swagger UI) and GET /swagger/json (the document). The UI's script and stylesheet
 * come from the pinned swagger-ui-dist package and are served by the service itself
 * (swagger-assets.ts, loaded on the first request for one): the page works offline and under a
 * strict CSP.
 * The document declares HTTP bearer auth, so "Authorize" takes the bare token.
 */
import { Elysia } from 'elysia'
import { NOT_FOUND, notFound } from './errors'
import type { Asset } from './swagger-assets'

/** The page's files, known before their module is loaded: a request for any other loads nothing. */
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js'] as const
export type SwaggerFile = (typeof SWAGGER_FILES)[number]
const isSwaggerFile = (name: string): name is SwaggerFile => (SWAGGER_FILES as readonly string[]).includes(name)

let assets: Promise<Record<SwaggerFile, Asset>> | undefined
const swaggerAssets = (): Promise<Record<SwaggerFile, Asset>> => (assets ??= import('./swagger-assets').then((m) => m.ASSETS))

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chatbot Service API</title>
<link rel="stylesheet" href="./swagger/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="./swagger/swagger-ui-bundle.js"></script>
<script src="./swagger/init.js"></script>
</body>
</html>
`

/** Only our own origin: Swagger UI sets inline styles, and draws its icons as data: images. */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

const HIDDEN = { detail: { hide: true } }

export const apiDocs = (document: () => object) =>
  new Elysia({ name: 'api-docs' })
    .get(
      '/swagger',
      () => new Response(PAGE.replaceAll('./swagger/', '/swagger/'), { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DOCS_CSP } }),
      HIDDEN,
    )
    .get('/swagger/json', () => document(), HIDDEN)
    .get(
      '/swagger/:file',
      async ({ params, request }) => {
        if (!isSwaggerFile(params.file)) throw notFound(NOT_FOUND)
        const found = (await swaggerAssets())[params.file]
        const headers = { 'content-type': found.type, etag: found.etag, 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' }
        if (request.headers.get('if-none-match') === found.etag) return new Response(null, { status: 304, headers })
        return new Response(found.body, { headers })
      },
      HIDDEN,
    )
