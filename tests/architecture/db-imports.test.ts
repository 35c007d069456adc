/**
 * db/ sits below every feature (docs/architecture.md, Layers): it holds the schema, the migrations
 * and the dialects' SQL, and knows nothing of how material is read, cut or stemmed. Read from the
 * source: no file of src/db/ (migrations included) imports from src/features/ or src/lib/, and no
 * import circle of the real import graph (type-only imports too) runs through db/.
 */
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** Static imports and re-exports (`import type` too), side-effect imports and dynamic import() of relative paths. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The repository paths a file imports, resolved as the bundler does (with or without the extension, or a folder's index). */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  const out = new Set<string>()
  for (const match of text.matchAll(IMPORT)) {
    const base = join(dirname(path), match[1] ?? match[2] ?? match[3])
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(isFile)
    if (found) out.add(relative(ROOT, found))
  }
  return [...out]
}

const GRAPH = new Map(sourceFiles(join(ROOT, 'src')).map((path) => [relative(ROOT, path), importsOf(path)]))
const inDb = (path: string) => path.startsWith('src/db/')

test('the import graph is read: db/ files and their imports are found', () => {
  expect([...GRAPH.keys()].filter(inDb)).toContain('src/db/migrations/index.ts')
  expect(GRAPH.get('src/db/migrations/index.ts')).toContain('src/db/migrations/001_accounts_and_billing.ts')
  // A feature's import of db/ is seen (the other direction is the one refused).
  expect(GRAPH.get('src/features/training/material.ts')).toContain('src/db/fulltext.ts')
})

test('no file of src/db/ (migrations included) imports from src/features/ or src/lib/', () => {
  const upward = [...GRAPH].filter(([from]) => inDb(from)).flatMap(([from, targets]) => targets.filter((t) => /^src\/(features|lib)\//.test(t)).map((t) => `${from} -> ${t}`))
  expect(upward).toEqual([])
})

/** Strongly connected components of the graph (Tarjan): each of more than one file is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      component.push(member)
      if (member === node) break
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

test('the circle finder finds a circle', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', []],
  ])
  expect(circles(graph)).toEqual([['a', 'b', 'c']])
})

test('no import circle runs through db/', () => {
  expect(circles(GRAPH).filter((component) => component.some(inDb))).toEqual([])
})
