import { Elysia } from 'elysia';
// Imported as text so `bun build --compile` embeds the assets in the binary.
import widgetJs from './assets/chatbot.js' with { type: 'text' };
import widgetCss from './assets/chatbot.css' with { type: 'text' };

interface Asset {
  body: string;
  contentType: string;
  etag: string;
}

function asset(body: string, contentType: string): Asset {
  const hash = new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 22);
  return { body, contentType, etag: `"${hash}"` };
}

const assets = {
  js: asset(widgetJs, 'application/javascript; charset=utf-8'),
  css: asset(widgetCss, 'text/css; charset=utf-8'),
};

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

function serve(a: Asset, request: Request): Response {
  const headers: Record<string, string> = {
    'Content-Type': a.contentType,
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=300',
    ETag: a.etag,
    'X-Content-Type-Options': 'nosniff',
    // The script and stylesheet are meant to be loaded by other sites.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (etagMatches(request.headers.get('if-none-match'), a.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : a.body, { status: 200, headers });
}

/** Serves the embeddable widget: `<PUBLIC_URL>/widget/chatbot.js` and `/widget/chatbot.css`. */
export const widgetRoutes = new Elysia({ name: 'widget' })
  .get('/widget/chatbot.js', ({ request }) => serve(assets.js, request))
  .get('/widget/chatbot.css', ({ request }) => serve(assets.css, request));
