/**
 * The widget as browsers get it: client/ bundled by Bun into one minified script, and its
 * stylesheet minified. `npm start` and the tests build it from the sources on first use; the
 * compiled binary has no sources, so `npm run build` writes the bundle first (scripts/build-widget.ts)
 * and `bun build --compile` embeds that file, found here through Bun.embeddedFiles.
 */
import { join } from 'node:path'

export interface WidgetBundle {
  js: string
  css: string
}

/** The embedded file's name (`--asset-naming='[name].[ext]'` keeps it as is; an unknown extension makes Bun embed it as a file). */
export const BUNDLE_FILE = 'chatbot-widget.bundle'

const CLIENT = join(import.meta.dir, 'client')

async function bundleOf(entry: string): Promise<string> {
  const built = await Bun.build({ entrypoints: [join(CLIENT, entry)], target: 'browser', format: 'iife', minify: true, sourcemap: 'none' })
  if (!built.success || built.outputs.length !== 1) throw new AggregateError(built.logs, `the widget's ${entry} did not build`)
  return built.outputs[0].text()
}

/** Builds both files from client/ (needs the sources: development, tests, scripts/build-widget.ts). */
export async function buildWidgetBundle(): Promise<WidgetBundle> {
  const [js, css] = await Promise.all([bundleOf('main.ts'), bundleOf('chatbot.css')])
  return { js, css }
}

/**
 * Bun makes a Blob of every embedded file here (the WordNet dictionaries among them) and keeps them,
 * and the engine counts their 27 MiB, never resident, as heap: a floor under each collection's
 * threshold that the hot routes' collections lean on. Reading the file by its path instead doubled
 * the collector's work under load (docs/benchmarks.md, nineteenth round).
 */
function embeddedBundle(): Blob | undefined {
  return Bun.embeddedFiles.find((file) => (file as Blob & { name?: string }).name === BUNDLE_FILE)
}

let loading: Promise<WidgetBundle> | null = null

/** The bundle the binary carries, else one built now; once per process. */
export function widgetBundle(): Promise<WidgetBundle> {
  loading ??= (async () => {
    const embedded = embeddedBundle()
    return embedded ? ((await embedded.json()) as WidgetBundle) : buildWidgetBundle()
  })()
  // A failed build is not kept: the next request tries again (and logs again).
  loading.catch(() => (loading = null))
  return loading
}
