// The warm pool of PDF readers: real reader processes under their real memory cap, real PDFs.
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { createPdfReaderPool, PDF_BUDGET, pdfReaders } from '../../src/features/training/pdf-extractor'
import type { PdfBudget, PdfReaderPool } from '../../src/features/training/pdf-pool'
import { FrameReader, frame } from '../../src/features/training/pdf-frames'
import { PdfTextError } from '../../src/features/training/pdf-text'
import { GiB, pdfBomb } from '../robustness/pdf-bombs'
import { textPdf } from './pdf-fixtures'
import { environmentNames, eventually, isRunning, readerPids } from './pdf-processes'

const pools: PdfReaderPool[] = []
// Readers the service's own pool kept from other tests in this process are not this file's to count.
beforeEach(() => pdfReaders.close())
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()))
})

function pool(budget: Partial<PdfBudget> = {}): PdfReaderPool {
  const created = createPdfReaderPool({ ...PDF_BUDGET, children: 1, ...budget })
  pools.push(created)
  return created
}

async function failureOf(promise: Promise<unknown>): Promise<PdfTextError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PdfTextError)
    return error as PdfTextError
  }
  throw new Error('expected the extraction to fail')
}

/** A PDF long enough that its reading can be caught and interrupted. */
const longPdf = () =>
  textPdf({ pages: Array.from({ length: 400 }, (_, page) => Array.from({ length: 30 }, (_, line) => `Page ${page} line ${line}: the harbour bakery opens early.`)) })

/** Waits for a busy reader other than `not`, and kills it from outside. */
async function killBusyReader(readers: PdfReaderPool, not?: number): Promise<number> {
  let busy: number | undefined
  await eventually(() => {
    busy = readers.readers().find((reader) => reader.busy && reader.pid !== not)?.pid
    return busy !== undefined
  })
  process.kill(busy!, 'SIGKILL')
  return busy!
}

test('no reader runs before the first PDF; then one reader reads file after file', async () => {
  const readers = pool()
  expect(readers.readers()).toEqual([])
  expect(readerPids()).toEqual([])
  const pids = new Set<number>()
  for (let i = 0; i < 6; i++) {
    const result = await readers.read(await textPdf({ title: `Handbook ${i}` }), `handbook-${i}.pdf`)
    expect(result.title).toBe(`Handbook ${i}`)
    expect(result.text).toContain('Our sourdough rises for eighteen hours.')
    pids.add(readers.readers()[0].pid)
  }
  expect(pids.size).toBe(1)
  expect(readers.started).toBe(1)
  expect(readers.readers()).toEqual([{ pid: [...pids][0], filesRead: 6, busy: false }])
  expect(readerPids()).toEqual([...pids])
})

test('the reader gets nothing of the server environment, and its memory cap', async () => {
  process.env.DATABASE_URL_PROBE = 'postgres://secret@example/db'
  try {
    const readers = pool()
    await readers.read(await textPdf(), 'a.pdf')
    const [pid] = readerPids()
    // `sh` adds PWD on its way to the reader; nothing else comes through.
    expect(environmentNames(pid).sort()).toEqual(['BUN_JSC_jitMemoryReservationSize', 'PATH', 'PWD'])
    const limits = await Bun.file(`/proc/${pid}/limits`).text()
    const dataLimit = /^Max data size\s+(\d+)/m.exec(limits)?.[1]
    expect(Number(dataLimit)).toBe(PDF_BUDGET.memoryBytes)
  } finally {
    delete process.env.DATABASE_URL_PROBE
  }
})

test('a bomb is refused for memory after one fresh try, and the next good file still reads', async () => {
  const readers = pool()
  await readers.read(await textPdf(), 'first.pdf')
  const failure = await failureOf(readers.read(await pdfBomb('hex-then-flate', GiB), 'bomb.pdf'))
  expect(failure.reason).toBe('too_much_memory')
  expect(failure.message).toBe('"bomb.pdf" needs more memory to read than one PDF may use.')
  // The warm reader that failed had read another file, so the bomb had one fresh reader, and no more.
  expect(readers.started).toBe(2)
  const next = await readers.read(await textPdf({ title: 'After the bomb' }), 'after.pdf')
  expect(next.title).toBe('After the bomb')
  expect(readers.started).toBe(3)
  expect(readerPids()).toHaveLength(1)
})

test('a file past its time is refused as too slow and its reader killed', async () => {
  const impatient = pool({ timeMs: 30 })
  const failure = await failureOf(impatient.read(await longPdf(), 'slow.pdf'))
  expect(failure.reason).toBe('too_slow')
  expect(failure.message).toBe('"slow.pdf" took too long to read.')
  expect(impatient.readers()).toEqual([])
  expect(readerPids()).toEqual([])
  // Too slow is refused at once: no second try.
  expect(impatient.started).toBe(1)
})

test('a reader killed from outside while idle is replaced by the next file', async () => {
  const readers = pool()
  await readers.read(await textPdf(), 'a.pdf')
  const [first] = readers.readers()
  process.kill(first.pid, 'SIGKILL')
  await eventually(() => readers.readers().length === 0)
  const result = await readers.read(await textPdf({ title: 'Second reading' }), 'b.pdf')
  expect(result.title).toBe('Second reading')
  expect(readers.started).toBe(2)
  expect(readers.readers()[0].pid).not.toBe(first.pid)
})

test('a file whose warm reader dies mid-file is read again by a fresh reader, once', async () => {
  const readers = pool()
  const long = await longPdf()
  await readers.read(await textPdf(), 'warm-up.pdf')
  const reading = readers.read(long, 'manual.pdf')
  const killed = await killBusyReader(readers)
  const result = await reading
  expect(result.pages).toBe(400)
  expect(readers.started).toBe(2)
  const [fresh] = readers.readers()
  expect(fresh.pid).not.toBe(killed)
  expect(fresh.filesRead).toBe(1)

  // The fresh reader dies as well: the file is refused, not tried a third time.
  await readers.read(await textPdf(), 'warm-up-again.pdf')
  const again = readers.read(long, 'manual.pdf')
  const firstKilled = await killBusyReader(readers)
  await killBusyReader(readers, firstKilled)
  const failure = await failureOf(again)
  expect(failure.reason).toBe('too_much_memory')
  expect(readers.started).toBe(3)
})

test('a fresh reader that dies mid-file refuses the file without another try', async () => {
  const readers = pool()
  const reading = readers.read(await longPdf(), 'manual.pdf')
  await killBusyReader(readers)
  const failure = await failureOf(reading)
  expect(failure.message).toBe('"manual.pdf" needs more memory to read than one PDF may use.')
  expect(readers.started).toBe(1)
})

test('readers are recycled after their number of files or past their memory threshold', async () => {
  const byFiles = pool({ filesPerChild: 3 })
  for (let i = 0; i < 7; i++) await byFiles.read(await textPdf(), `f-${i}.pdf`)
  expect(byFiles.started).toBe(3)
  expect(byFiles.readers()).toEqual([expect.objectContaining({ filesRead: 1 })])

  // Every reader is past 1 MiB resident: each one reads one file and is replaced.
  const byMemory = pool({ recycleResidentBytes: 1024 * 1024 })
  for (let i = 0; i < 3; i++) await byMemory.read(await textPdf(), `m-${i}.pdf`)
  expect(byMemory.started).toBe(3)
  expect(byMemory.readers()).toEqual([])
})

test('idle readers exit; closing the pool ends its readers, and the pool starts new ones on demand', async () => {
  const sleepy = pool({ idleMs: 100 })
  await sleepy.read(await textPdf(), 'a.pdf')
  const [idlePid] = readerPids()
  await eventually(() => !isRunning(idlePid))
  expect(sleepy.readers()).toEqual([])

  const readers = pool({ children: 2 })
  await Promise.all([readers.read(await textPdf(), 'a.pdf'), readers.read(await textPdf(), 'b.pdf')])
  const pids = readerPids()
  expect(pids).toHaveLength(2)
  await readers.close()
  expect(readers.readers()).toEqual([])
  expect(pids.filter(isRunning)).toEqual([])

  const reopened = await readers.read(await textPdf({ title: 'Reopened reader' }), 'c.pdf')
  expect(reopened.title).toBe('Reopened reader')
})

/** A byte stream that delivers exactly these chunks. */
const streamOf = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })

test('frames cross a stream cut anywhere, whatever bytes they hold; an oversized frame is refused', async () => {
  const payloads = [new Uint8Array(0), new TextEncoder().encode('{"fileName":"a\\nb.pdf"}\n\n'), Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31) % 256)]
  const wire = Buffer.concat(payloads.map(frame))
  // Pieces of 1, 2, 3 ... bytes, so every header and payload is split somewhere.
  const pieces: Uint8Array[] = []
  for (let at = 0, size = 1; at < wire.length; at += size, size = (size % 4099) + 1) pieces.push(wire.subarray(at, at + size))
  const reader = new FrameReader(streamOf(pieces), 1024 * 1024)
  for (const payload of payloads) expect(await reader.next()).toEqual(payload)
  expect(await reader.next()).toBeNull()

  const tooLong = new FrameReader(streamOf([frame(new Uint8Array(2048))]), 1024)
  await expect(tooLong.next()).rejects.toThrow('frame of 2048 bytes is over the 1024 accepted')
})
