/**
 * The architecture's rules, read from the source (docs/architecture.md explains them):
 * each table is queried only in its owner's repo.ts, no feature imports another feature's repo,
 * and no two features depend on each other.
 */
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const SRC = join(ROOT, 'src')

/** Table owners, as design.md lists them. */
export const OWNERS: Record<string, string[]> = {
  accounts: ['accounts', 'verification_codes', 'api_tokens', 'login_code_days'],
  billing: ['subscriptions', 'checkout_sessions', 'processed_events'],
  chatbots: ['chatbots'],
  training: ['documents', 'links', 'link_jobs', 'chunks', 'chunk_terms'],
  calendars: ['calendars'],
  bookings: ['appointments'],
  conversations: ['chat_sessions', 'chat_messages', 'chat_usage'],
  forms: ['chat_uploads', 'chat_submissions'],
  quotes: ['quotes', 'leads', 'quote_counters'],
  dashboard: ['dashboard_sessions'],
  infra: ['jobs', 'rate_limits', 'idempotency_keys'],
  webhooks: ['webhook_deliveries'],
  'owner-faqs': ['owner_faqs'],
}

/** Where each owner's queries live: its repo.ts (infra: the job queue and the edge's rate limiter). */
const REPO_FILES = (owner: string): string[] => (owner === 'infra' ? ['src/infra/jobs.ts', 'src/http/rate-limit.ts', 'src/http/idempotency.ts'] : [`src/features/${owner}/repo.ts`])

/**
 * Files that still query a table of their own feature outside repo.ts, each for a stated reason.
 * Keep this list short; an entry here is a debt, not a rule.
 */
const PENDING: Record<string, string[]> = {
  // The full-text index is dialect-specific SQL, which only db/ may hold (design: "SQLite-only syntax only in db/").
  'src/db/fulltext.ts': ['chunks', 'chunk_terms'],
}

const TABLE_OWNER = new Map(Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner] as const)))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'migrations' || name === 'assets' || name === 'client' ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const FILES = sourceFiles(SRC).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }))

/** Kysely's table references: selectFrom('x'), insertInto('x'), updateTable('x'), deleteFrom('x'), joins. */
const TABLE_REFERENCE = /\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`]([a-z_]+)/g

test('every table the schema declares has an owner, and no owner claims an unknown table', () => {
  const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8')
  // Database is declared in parts (interface merging), one part per migration's tables.
  const parts = [...schema.matchAll(/export interface Database \{([^}]*)\}/g)].map((m) => m[1])
  const declared = parts.flatMap((body) => [...body.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1])).sort()
  expect(declared.length).toBeGreaterThan(10)
  expect([...TABLE_OWNER.keys()].sort()).toEqual(declared)
})

test('each table is queried only in its owner’s repo.ts', () => {
  const strays: string[] = []
  for (const file of FILES) {
    for (const match of file.text.matchAll(TABLE_REFERENCE)) {
      const table = match[1]
      const owner = TABLE_OWNER.get(table)
      if (!owner) {
        strays.push(`${file.path}: unknown table ${table}`)
        continue
      }
      if (REPO_FILES(owner).includes(file.path) || PENDING[file.path]?.includes(table)) continue
      strays.push(`${file.path}: ${table} (owner: ${owner})`)
    }
  }
  expect([...new Set(strays)].sort()).toEqual([])
})

/** Relative imports of a file, resolved to repository paths, with whether they are type-only. */
function importsOf(file: { path: string; text: string }): { target: string; typeOnly: boolean }[] {
  const out: { target: string; typeOnly: boolean }[] = []
  for (const match of file.text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const base = join(dirname(join(ROOT, file.path)), match[2])
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
    const found = candidates.find((c) => {
      try {
        return statSync(c).isFile()
      } catch {
        return false
      }
    })
    if (found) out.push({ target: relative(ROOT, found), typeOnly: Boolean(match[1]) })
  }
  return out
}

const featureOf = (path: string): string | null => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null

test('no feature imports another feature’s repo', () => {
  const crossings: string[] = []
  for (const file of FILES) {
    for (const { target } of importsOf(file)) {
      const owner = featureOf(target)
      if (owner && target.endsWith('/repo.ts') && featureOf(file.path) !== owner) crossings.push(`${file.path} -> ${target}`)
    }
  }
  expect(crossings).toEqual([])
})

test('no two features depend on each other (texts.ts and model.ts, meant for everyone, aside)', () => {
  const edges = new Map<string, Set<string>>()
  for (const file of FILES) {
    const from = featureOf(file.path)
    if (!from) continue
    for (const { target, typeOnly } of importsOf(file)) {
      const to = featureOf(target)
      if (!to || to === from || typeOnly || /\/(texts|model)\.ts$/.test(target)) continue
      if (!edges.has(from)) edges.set(from, new Set())
      edges.get(from)?.add(to)
    }
  }
  // Features that reach each other: each pair is a cycle, named by its two ends.
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>()
    const stack = [...(edges.get(from) ?? [])]
    while (stack.length) {
      const next = stack.pop() ?? ''
      if (seen.has(next)) continue
      seen.add(next)
      stack.push(...(edges.get(next) ?? []))
    }
    return seen
  }
  const mutual: string[] = []
  for (const a of edges.keys()) for (const b of reach(a)) if (a < b && reach(b).has(a)) mutual.push(`${a} <-> ${b}`)
  expect(mutual.sort()).toEqual([])
})

/** The layer order, lowest first: a file may import its own layer and those below (docs/architecture.md). */
const LAYER_OF = (path: string): number => {
  const top = path.split('/')[1]
  if (top === 'lib') return 0
  if (top === 'db' || top === 'infra') return 1
  if (top === 'http') return 2
  if (top === 'features') return 3
  return 4 // app.ts, context.ts, jobs.ts, runtime.ts, main.ts, config.ts: the composition root
}

/**
 * Back-imports allowed, each for its reason. The migrations' entries go when the migrations become
 * schema-only (another branch does that; the merge empties this part of the list).
 */
const BACK_IMPORTS: Record<string, string> = {
  // The one guard asks the accounts service for a token's account (docs/architecture.md, Layers).
  'src/http/auth.ts': 'src/features/accounts/service.ts',
}
const MIGRATIONS_READING_FEATURES = [
  '009_answers.ts',
  '016_tables_whole.ts',
  '017_sections_continued.ts',
  '018_documents_read_again.ts',
  '019_word_forms_and_footnotes.ts',
  '020_typed_signs.ts',
  '021_section_tails_and_pdf_paragraphs.ts',
  '022_links_read_again.ts',
  '023_closed_compounds.ts',
  'read-again.ts',
  'recut-material.ts',
]

const allSourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'assets' || name === 'client' ? [] : allSourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })

test('every file, migrations included, imports only its own layer and those below (lib ← db, infra ← http ← features ← app)', () => {
  const back: string[] = []
  for (const path of allSourceFiles(SRC)) {
    const file = { path: relative(ROOT, path), text: readFileSync(path, 'utf8') }
    const isAllowedMigration = file.path.startsWith('src/db/migrations/') && MIGRATIONS_READING_FEATURES.includes(file.path.slice('src/db/migrations/'.length))
    for (const { target, typeOnly } of importsOf(file)) {
      if (typeOnly || LAYER_OF(target) <= LAYER_OF(file.path) || BACK_IMPORTS[file.path] === target) continue
      if (isAllowedMigration && target.startsWith('src/features/')) continue
      back.push(`${file.path} -> ${target}`)
    }
  }
  expect(back).toEqual([])
})
