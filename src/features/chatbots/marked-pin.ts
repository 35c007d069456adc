/**
 * The Markdown library the embed code loads (contract 4): one exact version of marked, at the
 * file that version publishes on npm, with that file's SHA-384 so a browser refuses anything
 * else. tests/chatbots/marked-pin.test.ts recomputes the hash from node_modules/marked (the
 * devDependency is pinned to the same version): raise both together.
 */
export const MARKED_VERSION = '18.2.1'
export const MARKED_FILE = 'lib/marked.umd.js'
export const MARKED_CDN_URL = `https://cdn.jsdelivr.net/npm/marked@${MARKED_VERSION}/${MARKED_FILE}`
export const MARKED_INTEGRITY = 'sha384-eGsnYqMR1DwKM8Hap0jzlzZulA9iLneQ1yxDuryiYhQd2xn7qVXF+6yXoP7plj95'
