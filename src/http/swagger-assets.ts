/**
 * Swagger UI's script and stylesheet from the pinned swagger-ui-dist package, imported as text so
 * `bun build --compile` carries them. Its own module, imported on the first request for a file:
 * 1.7 MB of script held as a string from startup made every full collection's live heap that much
 * larger for a page few requests ever ask for (the binary is built with --splitting).
 */
import type { SwaggerFile } from './api-docs'
import swaggerCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'text' }
import swaggerJs from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'text' }

export interface Asset {
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

export const ASSETS: Record<SwaggerFile, Asset> = {
  'swagger-ui.css': asset(swaggerCss, 'text/css; charset=utf-8'),
  'swagger-ui-bundle.js': asset(swaggerJs, 'application/javascript; charset=utf-8'),
  'init.js': asset(INIT, 'application/javascript; charset=utf-8'),
}
