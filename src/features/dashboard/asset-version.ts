import css from './assets/dashboard.css' with { type: 'text' }
import js from './assets/dashboard.js' with { type: 'text' }

export { css, js }

/** Changes whenever the stylesheet or script does, so browsers may cache them for long. */
export const ASSET_VERSION = new Bun.CryptoHasher('sha256').update(css).update(js).digest('hex').slice(0, 12)
