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

test('the same count as matching /\\S*[\\p{L}\\p{N}]\\S*/gu over every kind of space, mark and letter', () => {
  const WORD_TOKEN = /\S*[\p{L}\p{N}]\S*/gu
  const pieces = ['a', 'Z', '0', ' ', '\n', '\t', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2003', '\u2028', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u180e']
  pieces.push('—', '•', '|', '-', '.', 'é', '東', 'Ω', '𝐀', '😀', '²', '½', '٣', '\u0301', '\ud800')
  // A fixed sequence of pseudo-random picks: the same strings on every run.
  let seed = 7
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  for (let n = 0; n < 20_000; n++) {
    let text = ''
    for (let i = Math.floor(next() * 10); i > 0; i--) text += pieces[Math.floor(next() * pieces.length)]
    expect([text, countWords(text)]).toEqual([text, text.match(WORD_TOKEN)?.length ?? 0])
  }
})
