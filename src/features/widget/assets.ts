/** The widget's two files, each kept in memory as identity, br and gzip bodies with their validators. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { widgetBundle } from './bundle'
import type { Coding } from './http-cache'
import { strongEtag } from './http-cache'

export interface EncodedAsset {
  contentType: string
  /**
   * Each content coding is its own representation, so each has its own strong ETag. The bytes are
   * a Blob, which a Response shares instead of copying (every answer's copy of the script was new
   * memory that brought the next collection nearer).
   */
  bodies: Record<Coding, { blob: Blob; etag: string }>
}

function encode(text: string, contentType: string): EncodedAsset {
  const identity = new TextEncoder().encode(text)
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  })
  const gzip = gzipSync(identity, { level: 9 })
  const etag = strongEtag(identity)
  return {
    contentType,
    bodies: {
      identity: { blob: new Blob([identity]), etag },
      br: { blob: new Blob([new Uint8Array(br)]), etag: etag.replace(/"$/, '-br"') },
      gzip: { blob: new Blob([new Uint8Array(gzip)]), etag: etag.replace(/"$/, '-gzip"') },
    },
  }
}

let encoding: Promise<{ js: EncodedAsset; css: EncodedAsset }> | null = null
/** The same once encoded, for answers at once. */
let encoded: { js: EncodedAsset; css: EncodedAsset } | undefined

/** Built (or read from the binary) and compressed once per process, on first use. */
export function widgetAssets(): Promise<{ js: EncodedAsset; css: EncodedAsset }> {
  if (!encoding) {
    encoding = widgetBundle().then((bundle) => ({
      js: encode(bundle.js, 'application/javascript; charset=utf-8'),
      css: encode(bundle.css, 'text/css; charset=utf-8'),
    }))
    encoding.then(
      (assets) => (encoded = assets),
      // A failed build is tried again by the next request.
      () => (encoding = null),
    )
  }
  return encoding
}

/** The encoded files if they are ready (undefined before the first request has encoded them). */
export const heldWidgetAssets = (): { js: EncodedAsset; css: EncodedAsset } | undefined => encoded
