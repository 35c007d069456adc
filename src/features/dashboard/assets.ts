import { Elysia } from 'elysia'
import { css, js } from './asset-version'
import { HIDDEN } from './route-kit'

const serve = (body: string, type: string) => () =>
  new Response(body, { headers: { 'content-type': type, 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' } })

/** The stylesheet and script, embedded as text so the compiled binary carries them. */
export const dashboardAssets = new Elysia({ name: 'dashboard-assets' })
  .get('/dashboard/assets/dashboard.css', serve(css, 'text/css; charset=utf-8'), HIDDEN)
  .get('/dashboard/assets/dashboard.js', serve(js, 'application/javascript; charset=utf-8'), HIDDEN)
