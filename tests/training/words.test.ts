import { expect, test } from 'bun:test'
import { countWords } from '../../src/lib/words.ts'

test('counts whitespace-separated tokens holding a letter or digit', () => {
  expect(countWords('')).toBe(0)
  expect(countWords('   \n\t ')).toBe(0)
  expect(countWords('Hello, world!')).toBe(2)
  expect(countWords('one\ntwo\tthree  four')).toBe(4)
  expect(countWords('Price: 12 € — see § 3.')).toBe(4)
  expect(countWords('• — | -> ::=')).toBe(0)
  expect(countWords('naïve café 東京 Ωmega')).toBe(4)
  expect(countWords("don't e-mail (x)")).toBe(3)
})
