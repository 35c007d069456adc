// The PDF reader's child process: its memory and time caps, how many run at once, and that the
// decoded bytes never reach the process that asked.
import { expect, test } from 'bun:test'
import { createPdfReaderPool, extractPdf, PDF_BUDGET, PDF_CHILDREN } from '../../src/features/training/pdf-extractor'
import { PdfTextError } from '../../src/features/training/pdf-text'
import { GiB, pdfBomb } from '../robustness/pdf-bombs'
import { textPdf } from './pdf-fixtures'
import { readerPids } from './pdf-processes'

async function failureOf(promise: Promise<unknown>): Promise<PdfTextError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PdfTextError)
    return error as PdfTextError
  }
  throw new Error('expected the extraction to fail')
}

test('a PDF is read in a child process: text, pages and title as before', async () => {
  const result = await extractPdf(await textPdf({ title: 'Harbour Bakery Handbook' }), 'handbook.pdf')
  expect(result.title).toBe('Harbour Bakery Handbook')
  expect(result.pages).toBe(3)
  expect(result.text).toContain('Our sourdough rises for eighteen hours.')
  expect(result.wordCount).toBeGreaterThan(20)
})

test('a bomb decoding to 1 GiB is refused for memory, naming the file, and this process never holds it', async () => {
  const bomb = await pdfBomb('hex-then-flate', GiB)
  const before = process.resourceUsage().maxRSS
  const failure = await failureOf(extractPdf(bomb, 'bomb.pdf'))
  expect(failure.reason).toBe('too_much_memory')
  expect(failure.message).toBe('"bomb.pdf" needs more memory to read than one PDF may use.')
  // maxRSS is in kB: the parent grew by far less than the decoded gigabyte.
  expect((process.resourceUsage().maxRSS - before) / 1024).toBeLessThan(100)
})

test('a reader past its time is killed and the file refused, naming it', async () => {
  const impatient = createPdfReaderPool({ ...PDF_BUDGET, timeMs: 1, children: 1 })
  const others = readerPids() // the service's own readers, still warm from the tests above
  const failure = await failureOf(impatient.read(await textPdf(), 'slow.pdf'))
  expect(failure.reason).toBe('too_slow')
  expect(failure.message).toBe('"slow.pdf" took too long to read.')
  // The killed reader is gone.
  expect(impatient.readers()).toEqual([])
  expect(readerPids()).toEqual(others)
})

test(`at most ${PDF_CHILDREN} readers run at once; the others wait their turn`, async () => {
  const bombs = await Promise.all(Array.from({ length: 5 }, () => pdfBomb('space-after-stream', GiB / 2)))
  let most = 0
  let watching = true
  const watcher = (async () => {
    while (watching) {
      most = Math.max(most, readerPids().length)
      await Bun.sleep(5)
    }
  })()
  const outcomes = await Promise.all(bombs.map((bomb, i) => failureOf(extractPdf(bomb, `bomb-${i}.pdf`))))
  watching = false
  await watcher
  expect(outcomes.map((f) => f.reason)).toEqual(Array(5).fill('too_much_memory'))
  expect(most).toBeGreaterThanOrEqual(1)
  expect(most).toBeLessThanOrEqual(PDF_CHILDREN)
}, 60_000)
