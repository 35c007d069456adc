import { expect, test } from 'bun:test'
import { chunkText } from '../../src/features/training/chunk.ts'
import { countWords } from '../../src/lib/words.ts'

const FILLER = [
  'Our shop opens at nine in the morning on weekdays.',
  'Deliveries within the city are free for orders above fifty dollars.',
  'Returns are accepted within thirty days when the receipt is kept.',
  'Gift cards can be bought online and in every branch.',
  'The support team answers e-mails within one working day.',
  'Seasonal products may sell out before the end of the season.',
]

function paragraph(sentences: number, offset: number): string {
  return Array.from({ length: sentences }, (_, i) => FILLER[(i + offset) % FILLER.length]).join(' ')
}

const DISTINCTIVE = 'The zebra-striped teapot collection is insured by Quillfeather Mutual for exactly 48,000 dollars.'

function longDocument(): string {
  const paragraphs = Array.from({ length: 40 }, (_, i) => paragraph(3 + (i % 9), i))
  paragraphs[17] = `${paragraph(4, 2)} ${DISTINCTIVE} ${paragraph(5, 3)}`
  return paragraphs.join('\n\n')
}

test('passages hold roughly 60 to 150 words and keep every word', () => {
  const text = longDocument()
  const chunks = chunkText(text)
  expect(chunks.length).toBeGreaterThan(10)
  for (const chunk of chunks.slice(0, -1)) {
    expect(countWords(chunk)).toBeGreaterThanOrEqual(45)
    expect(countWords(chunk)).toBeLessThanOrEqual(150)
  }
  expect(countWords(chunks.at(-1)!)).toBeLessThanOrEqual(150)
  expect(chunks.reduce((sum, c) => sum + countWords(c), 0)).toBe(countWords(text))
  expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '))
})

test('a distinctive sentence lands whole in exactly one passage', () => {
  const holders = chunkText(longDocument()).filter((c) => c.includes('Quillfeather'))
  expect(holders).toHaveLength(1)
  expect(holders[0]).toContain(DISTINCTIVE)
})

test('passages end on sentence boundaries', () => {
  for (const chunk of chunkText(longDocument())) expect(chunk).toMatch(/[.!?]$/)
})

test('a sentence longer than the limit is cut into near-equal pieces', () => {
  const endless = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ')
  const chunks = chunkText(endless)
  expect(chunks.map(countWords)).toEqual([134, 134, 132])
})

test('short text gives one passage; empty text gives none', () => {
  expect(chunkText('Just one line.')).toEqual(['Just one line.'])
  expect(chunkText('  \n\n ')).toEqual([])
})

test('a short tail joins the passage before it when that fits', () => {
  const text = `${paragraph(8, 0)}\n\n${paragraph(1, 0)}`
  expect(chunkText(text)).toHaveLength(1)
})
