/**
 * GET /swagger (Swagger UI) and GET /swagger/json (the document). The UI's script and stylesheet
 * come from the pinned swagger-ui-dist package and are served by the service itself (imported as
 * text, so `bun build --compile` carries them): the page works offline and under a strict CSP.
 * The document declares HTTP bearer auth, so "Authorize" takes the bare token.
 */
import { Elysia } from 'elysia'
import { NOT_FOUND, notFound } from './errors'
import swaggerCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'text' }
import swaggerJs from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'text' }

interface Asset {
  body: string
  type: string
  etag: string
}

const asset = (body: string, type: string): Asset => ({
  body,
  type,
  etag: `"${new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 22)}"`,
})

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/swagger/json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true })
})
`

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

const ASSETS: Record<string, Asset> = {
  'swagger-ui.css': asset(swaggerCss, 'text/css; charset=utf-8'),
  'swagger-ui-bundle.js': asset(swaggerJs, 'application/javascript; charset=utf-8'),
  'init.js': asset(INIT, 'application/javascript; charset=utf-8'),
}

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
      ({ params, request }) => {
        const found = ASSETS[params.file]
        if (!found) throw notFound(NOT_FOUND)
        const headers = { 'content-type': found.type, etag: found.etag, 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' }
        if (request.headers.get('if-none-match') === found.etag) return new Response(null, { status: 304, headers })
        return new Response(found.body, { headers })
      },
      HIDDEN,
    )
