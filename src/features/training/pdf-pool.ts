// A warm pool of capped PDF readers (pdf-worker.ts). Starting a process and loading pdf.js costs far
// more than reading a typical PDF, so each reader lives on and reads many files, one at a time. The
// memory cap is per process (RLIMIT_DATA) and the time limit per file, as when a process read one file.
import type { Subprocess } from 'bun'
import PQueue from 'p-queue'
import { FrameReader, frame, jsonFrame, parseJson } from './pdf-frames.ts'
import { labelOf, PdfTextError, tooMuchMemory, tooSlow, type PdfText } from './pdf-text.ts'
import type { PdfChildReply, PdfFileRequest, PdfReaderReady } from './pdf-worker.ts'

export interface PdfBudget {
  /** The RLIMIT_DATA of each reader. */
  memoryBytes: number
  /** One file's reading time, from the moment a started reader has it. */
  timeMs: number
  /** Readers at once; more files wait their turn, so N hostile files cost at most N budgets. */
  children: number
  /** Files a reader reads before it is replaced. */
  filesPerChild: number
  /** A reader whose resident memory has grown past this after a file is replaced. */
  recycleResidentBytes: number
  /** A reader left without work this long exits. */
  idleMs: number
}

/** How long a reader may take to start and load pdf.js (a busy machine is slow; no file counts yet). */
const START_LIMIT_MS = 30_000
/**
 * JavaScriptCore reserves its JIT code memory up front, by default more than a reader's whole
 * RLIMIT_DATA: the reservation fails and pdf.js then runs interpreted only, 3 to 5 times slower. A
 * reservation that fits (counted within the cap) keeps the JIT. A Bun that drops this option
 * refuses to start the reader, which the PDF tests show at once.
 */
const JIT_MEMORY_BYTES = 32 * 1024 * 1024
/** The extracted text is bounded (pdf-text.ts), so a longer reply is a broken reader. */
const MAX_REPLY_FRAME_BYTES = 256 * 1024 * 1024

/** Why a reader gave no reply: past its time, or gone (killed by its memory cap, or from outside). */
type Attempt = { reply: PdfChildReply } | { failed: 'timed_out' | 'died' }

const outOfMemory = (reply: PdfChildReply): boolean => !reply.ok && reply.reason === 'too_much_memory'

/** `sh` sets the limit and execs the reader, so the limit holds from its first instruction. */
const limited = (command: string[], limitBytes: number): string[] => ['/bin/sh', '-c', 'ulimit -d "$0" && exec "$@"', String(Math.floor(limitBytes / 1024)), ...command]

class PdfReaderProcess {
  filesRead = 0
  busy = false
  /** Set when the pool ended it on purpose (recycled, idle, closed), not a file. */
  stopped = false
  idleTimer: ReturnType<typeof setTimeout> | undefined

  private constructor(
    private readonly process: Subprocess<'pipe', 'pipe', 'ignore'>,
    private readonly replies: FrameReader,
  ) {}

  get pid(): number {
    return this.process.pid
  }

  get exited(): Promise<unknown> {
    return this.process.exited
  }

  static async start(command: string[], memoryBytes: number): Promise<PdfReaderProcess> {
    const process = Bun.spawn(limited(command, memoryBytes), {
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'ignore',
      // Nothing of the server's environment (database URL, keys) reaches the reader.
      env: { PATH: globalThis.process.env.PATH ?? '/usr/bin:/bin', BUN_JSC_jitMemoryReservationSize: String(JIT_MEMORY_BYTES) },
    })
    const reader = new PdfReaderProcess(process, new FrameReader(process.stdout, MAX_REPLY_FRAME_BYTES))
    const timer = setTimeout(() => process.kill('SIGKILL'), START_LIMIT_MS)
    try {
      const ready = await reader.nextMessage<PdfReaderReady>()
      if (ready?.ready) return reader
    } finally {
      clearTimeout(timer)
    }
    await reader.stop()
    throw new Error('The PDF reader process did not start.')
  }

  async read(bytes: Uint8Array, fileName: string | undefined, timeMs: number): Promise<Attempt> {
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      this.process.kill('SIGKILL')
    }, timeMs)
    try {
      void this.send(bytes, fileName)
      const reply = await this.nextMessage<PdfChildReply>()
      if (reply) {
        this.filesRead = reply.filesRead
        return { reply }
      }
      return { failed: timedOut ? 'timed_out' : 'died' }
    } finally {
      clearTimeout(timer)
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.idleTimer)
    this.process.kill('SIGKILL')
    await this.process.exited
  }

  private async send(bytes: Uint8Array, fileName: string | undefined): Promise<void> {
    const request: PdfFileRequest = { fileName: fileName ?? null }
    try {
      this.process.stdin.write(jsonFrame(request))
      this.process.stdin.write(frame(bytes))
      await this.process.stdin.flush()
    } catch {
      // The reader is gone; its closed stdout answers for it.
    }
  }

  /** The next message, or null when the reader is gone or sent something that is no frame of ours. */
  private async nextMessage<T>(): Promise<T | null> {
    try {
      const payload = await this.replies.next()
      return payload ? (parseJson(payload) as T) : null
    } catch {
      this.process.kill('SIGKILL')
      return null
    }
  }
}

export interface PdfReaderInfo {
  pid: number
  filesRead: number
  busy: boolean
}

export class PdfReaderPool {
  /** Readers started so far, replacements included. */
  started = 0
  private readonly live = new Set<PdfReaderProcess>()
  /** Live readers without a file, most recently used last. */
  private idle: PdfReaderProcess[] = []
  private readonly queue: PQueue

  constructor(
    private readonly command: string[],
    private readonly budget: PdfBudget,
  ) {
    this.queue = new PQueue({ concurrency: budget.children })
  }

  /** Text, title and word count of a PDF, or PdfTextError naming the file. */
  read(bytes: Uint8Array, fileName?: string): Promise<PdfText> {
    return this.queue.add(() => this.readInTurn(bytes, fileName))
  }

  readers(): PdfReaderInfo[] {
    return [...this.live].map((reader) => ({ pid: reader.pid, filesRead: reader.filesRead, busy: reader.busy }))
  }

  /** Ends every reader, a busy one too (its file fails). The pool stays usable: the next file starts a reader. */
  async close(): Promise<void> {
    this.idle = []
    await Promise.all([...this.live].map((reader) => this.retire(reader)))
  }

  private async readInTurn(bytes: Uint8Array, fileName: string | undefined): Promise<PdfText> {
    const label = labelOf(fileName)
    for (let fresh = false; ; fresh = true) {
      const reader = await this.acquire(fresh)
      const readOthers = reader.filesRead > 0
      reader.busy = true
      const attempt = await reader.read(bytes, fileName, this.budget.timeMs)
      reader.busy = false
      if (reader.stopped) throw new Error('The PDF readers were closed.')
      if ('reply' in attempt && !outOfMemory(attempt.reply)) {
        await this.release(reader, attempt.reply)
        if (attempt.reply.ok) return attempt.reply.result
        throw new PdfTextError(attempt.reply.reason, attempt.reply.message)
      }
      await this.retire(reader)
      if ('failed' in attempt && attempt.failed === 'timed_out') throw tooSlow(label)
      // Out of memory (the reader died past its cap, or pdf.js caught the refused allocation). A
      // reader that lived through other files may hold their leftovers, so the file gets one fresh
      // reader before it is refused.
      if (!readOthers || fresh) throw tooMuchMemory(label)
    }
  }

  /** A reader for this turn: the idle one used last, else a new one (a fresh one when asked). */
  private async acquire(fresh: boolean): Promise<PdfReaderProcess> {
    const warm = fresh ? undefined : this.idle.pop()
    if (warm) {
      clearTimeout(warm.idleTimer)
      return warm
    }
    // Busy readers are at most one per turn, so an idle one is there to make room.
    while (this.live.size >= this.budget.children && this.idle.length > 0) await this.retire(this.idle.shift()!)
    const reader = await PdfReaderProcess.start(this.command, this.budget.memoryBytes)
    this.started++
    this.live.add(reader)
    // A reader that dies while idle (killed from outside) leaves the pool at once; a busy one's
    // death is its file's to handle.
    void reader.exited.then(() => {
      if (!reader.busy) this.forget(reader)
    })
    return reader
  }

  private async release(reader: PdfReaderProcess, reply: PdfChildReply): Promise<void> {
    if (reply.filesRead >= this.budget.filesPerChild || reply.residentBytes > this.budget.recycleResidentBytes) {
      await this.retire(reader)
      return
    }
    reader.idleTimer = setTimeout(() => void this.retire(reader), this.budget.idleMs)
    reader.idleTimer.unref()
    this.idle.push(reader)
  }

  private async retire(reader: PdfReaderProcess): Promise<void> {
    this.forget(reader)
    await reader.stop()
  }

  private forget(reader: PdfReaderProcess): void {
    clearTimeout(reader.idleTimer)
    this.idle = this.idle.filter((other) => other !== reader)
    this.live.delete(reader)
  }
}
