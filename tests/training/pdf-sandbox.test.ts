// The PDF reader's child process: its memory and time caps, how many run at once, and that the
// decoded bytes never reach the process that asked.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { createPdfExtractor, extractPdf, PDF_CHILDREN } from '../../src/features/training/pdf-extractor'
import { PdfTextError } from '../../src/features/training/pdf-text'
import { GiB, pdfBomb } from '../robustness/pdf-bombs'
import { textPdf } from './pdf-fixtures'

async function failureOf(promise: Promise<unknown>): Promise<PdfTextError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PdfTextError)
    return error as PdfTextError
  }
  throw new Error('expected the extraction to fail')
}

/** Children of this process now running the PDF reader from source (`bun …/pdf-worker.ts`). */
function readerProcesses(): number {
  let count = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('pdf-worker.ts')) count++
    } catch {
      // the process ended while we looked
    }
  }
  return count
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
  const impatient = createPdfExtractor({ memoryBytes: 512 * 1024 * 1024, timeMs: 1, children: 1 })
  const failure = await failureOf(impatient(await textPdf(), 'slow.pdf'))
  expect(failure.reason).toBe('too_slow')
  expect(failure.message).toBe('"slow.pdf" took too long to read.')
  // The killed reader is gone.
  await Bun.sleep(50)
  expect(readerProcesses()).toBe(0)
})

test(`at most ${PDF_CHILDREN} readers run at once; the others wait their turn`, async () => {
  const bombs = await Promise.all(Array.from({ length: 5 }, () => pdfBomb('space-after-stream', GiB / 2)))
  let most = 0
  let watching = true
  const watcher = (async () => {
    while (watching) {
      most = Math.max(most, readerProcesses())
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
