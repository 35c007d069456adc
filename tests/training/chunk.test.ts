import { expect, test } from 'bun:test'
import { chunkText } from '../../src/features/training/chunk.ts'
import { countWords } from '../../src/lib/words.ts'
import { CODE_LINE_BREAK } from '../../src/lib/sentences.ts'

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

test("a table's rows stay in the passage of its caption and header, and no row is taken for a heading", () => {
  const table = [
    'Table 1. Age (years), height (cm) and weight (kg) of the players.',
    'Mean Standard Deviation Minimum Maximum Age (years) 24.21 3.41 18.00 32.00',
    'Height (cm) 173.2 7.04 162 185',
    'Weight (kg) 67.85 5.17 62.32 77.67',
  ]
  // The passage is long enough to end after the first row; the rows after it still belong to it.
  const text = [`${paragraph(6, 0)} ${table[0]} ${table[1]}`, table[2], table[3], paragraph(8, 1)].join('\n\n')
  const chunks = chunkText(text)
  const holding = chunks.find((c) => c.includes('Maximum Age'))
  expect(holding).toContain('Height (cm) 173.2')
  expect(holding).toContain('Weight (kg) 67.85 5.17 62.32 77.67')
  // Prose after the table still starts a passage of its own once the table's passage is long enough.
  expect(chunks.length).toBeGreaterThan(1)
})

test('a heading PDF text ran into the end of a paragraph starts the next passage, with the text under it', () => {
  const text = [`${paragraph(9, 0)} Blood Measures`, 'Blood samples were taken before and after the loading and kept at -80 °C until analysis.', paragraph(8, 2)].join('\n\n')
  const chunks = chunkText(text)
  const section = chunks.find((c) => c.includes('kept at -80 °C'))
  expect(section?.startsWith('Blood Measures\n\nBlood samples were taken')).toBe(true)
  expect(chunks.some((c) => c.endsWith('Blood Measures'))).toBe(false)
})

test("a FAQ's question starts the passage of its answer; what a colon introduces stays with it and heads nothing", () => {
  const question = '10.4 Can I safely de-install an old kernel package, and if so, how?'
  const text = [
    paragraph(9, 0),
    question,
    'Yes. The prerm script checks whether the kernel you are running is the one you remove.',
    'Therefore you can remove unwanted kernel image packages using this command:',
    'dpkg --purge linux-image-NNN',
    paragraph(8, 2),
  ].join('\n\n')
  const chunks = chunkText(text)
  const answer = chunks.find((c) => c.includes('The prerm script'))
  expect(answer?.startsWith(question)).toBe(true)
  expect(answer).toContain('using this command:\n\ndpkg --purge linux-image-NNN')
  expect(chunks.some((c) => c.startsWith('dpkg --purge'))).toBe(false)
})

test("a section's short last words end its passage and never head the next section's", () => {
  const text = ['Options', paragraph(8, 0), 'New in version 1.0.', 'Environment', paragraph(8, 1)].join('\n\n')
  const chunks = chunkText(text)
  const note = chunks.find((c) => c.includes('New in version 1.0.'))
  expect(note?.startsWith('Options')).toBe(true)
  expect(chunks.find((c) => c.includes('Environment'))?.startsWith('Environment')).toBe(true)
  // A short section of its own keeps its heading: "Environment" with a single line under it.
  const short = chunkText(['Options', paragraph(8, 0), 'Environment', 'Set HOME first.', 'Files', paragraph(8, 1)].join('\n\n'))
  expect(short.some((c) => c.startsWith('Environment\n\nSet HOME first.'))).toBe(true)
})

test('a code block is one sentence of its passage: never a heading, never split by sbd, cut only between its lines', () => {
  const code = ['npm install', 'npm test'].join(CODE_LINE_BREAK)
  const passages = chunkText(`${paragraph(3, 0)}\n\nRun these commands:\n\n${code}\n\n${paragraph(3, 1)}`)
  expect(passages).toHaveLength(1)
  // Two short lines without an end mark would read as a heading if they were prose.
  expect(passages[0].split('\n')).toContain(code)
  expect(passages[0]).toContain(`Run these commands:\n\n${code}\n\n`)
  // The dots of "v1.2. Then" would end a sentence in prose.
  const dotted = ['echo v1.2. Then', 'echo done'].join(CODE_LINE_BREAK)
  expect(chunkText(dotted)).toEqual([dotted])
  const long = Array.from({ length: 40 }, (_, i) => `echo line number ${i} of the listing`).join(CODE_LINE_BREAK)
  const pieces = chunkText(long, { maxWords: 100 }).flatMap((p) => p.split('\n'))
  expect(pieces.length).toBeGreaterThan(1)
  for (const piece of pieces) expect(piece.split(CODE_LINE_BREAK).every((line) => /^echo line number \d+ of the listing$/.test(line))).toBe(true)
  expect(pieces.join(CODE_LINE_BREAK)).toBe(long)
})
