// Writes the widget bundle that `bun build --compile` embeds in the binary (see src/features/widget/bundle.ts).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { BUNDLE_FILE, buildWidgetBundle } from '../src/features/widget/bundle'

const outDir = resolve(process.argv[2] ?? 'dist')
mkdirSync(outDir, { recursive: true })
const bundle = await buildWidgetBundle()
writeFileSync(join(outDir, BUNDLE_FILE), JSON.stringify(bundle))
console.log(`widget: ${join(outDir, BUNDLE_FILE)} (js ${bundle.js.length} bytes, css ${bundle.css.length} bytes, minified)`)
