// Multipart bodies read part by part as they stream in (contract 14): a handler decides on the
// fields before it takes a file, and a file is held only up to its own limit. Bun's
// request.formData() would buffer the whole body first.
import busboy from 'busboy'
import type { Readable } from 'node:stream'
import { MiB } from './body-limits'
import { AppError, serverBusy } from './errors'

/** Contract 14: at most this many body bytes held in memory across every request in flight. */
export const IN_FLIGHT_BODY_LIMIT = 64 * MiB
const BUSY_RETRY_SECONDS = 5
/** Text parts are small (ids, names); a longer one is cut, as busboy does, rather than held. */
const FIELD_LIMIT = 64 * 1024

let inFlight = 0

/** A route parser's answer that leaves the body unread for its handler to stream. (`parse: 'none'` fails beside the app's global JSON parser.) */
export const UNREAD_BODY = { unread: true }

/** The body bytes one request holds; all of them count against the shared bound until released. */
export class BodyBudget {
  private held = 0
  take(bytes: number): void {
    if (inFlight + bytes > IN_FLIGHT_BODY_LIMIT) throw serverBusy(BUSY_RETRY_SECONDS)
    inFlight += bytes
    this.held += bytes
  }
  release(): void {
    inFlight -= this.held
    this.held = 0
  }
}

/** Runs `work` with a budget of its own, released however it ends. */
export async function withBodyBudget<T>(work: (budget: BodyBudget) => Promise<T>): Promise<T> {
  const budget = new BodyBudget()
  try {
    return await work(budget)
  } finally {
    budget.release()
  }
}

/** The body is not a well-formed multipart (or URL-encoded) form; each endpoint says so in its words. */
export class MalformedForm extends Error {}

export interface FieldPart {
  kind: 'field'
  name: string
  value: string
}

export interface FilePart {
  kind: 'file'
  name: string
  filename: string
  /** The file's bytes, failing with `over()` the moment more than `limit` have come in (no more is read). */
  read(limit: number, over: () => Error): Promise<Uint8Array>
}

export type FormPart = FieldPart | FilePart

export const isForm = (request: Request): boolean => {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  return type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')
}

/**
 * The parts of a form body in order. The body is pulled only as fast as the caller takes parts
 * (a file the caller skips is drained, not held); stopping early (a throw, a return) cancels the
 * rest of the body. Errors of the body stream itself (a 413 from body-limits) pass through as they are.
 */
export async function* formParts(request: Request, budget: BodyBudget): AsyncGenerator<FormPart> {
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: Object.fromEntries(request.headers), limits: { fieldSize: FIELD_LIMIT } })
  } catch {
    throw new MalformedForm()
  }
  // Each file part keeps its own stream: by the time the caller is done with one, the parser may have begun the next.
  const queue: ((FormPart & { stream?: Readable }) | { kind: 'end' } | { kind: 'error'; error: unknown })[] = []
  let wake: (() => void) | null = null
  const push = (item: (typeof queue)[number]) => {
    queue.push(item)
    wake?.()
    wake = null
  }
  let current: Readable | null = null
  parser.on('field', (name, value) => {
    budget.take(value.length)
    push({ kind: 'field', name, value })
  })
  parser.on('file', (name, stream, info) => {
    current = stream
    // Cut off with the parser when the caller stops early; a reader sees the error through its iterator.
    stream.on('error', () => {})
    push({ kind: 'file', name, filename: info.filename ?? '', stream, read: (limit, over) => readFile(stream, limit, over, budget) })
  })
  parser.on('error', () => push({ kind: 'error', error: new MalformedForm() }))
  parser.on('close', () => push({ kind: 'end' }))

  const reader = request.body?.getReader()
  let stopped = false
  const feed = (async () => {
    try {
      for (;;) {
        if (!reader) break
        const { done, value } = await reader.read()
        if (done || stopped) break
        if (!parser.write(value)) await new Promise<void>((resolve) => parser.once('drain', resolve))
      }
      if (!stopped) parser.end()
    } catch (error) {
      // The body itself failed (past its limit, cut off): a file being read fails with it.
      push({ kind: 'error', error })
      ;(current as Readable | null)?.destroy(error instanceof Error ? error : new MalformedForm())
    }
  })()

  try {
    for (;;) {
      const item = queue.shift()
      if (!item) {
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        continue
      }
      if (item.kind === 'end') break
      if (item.kind === 'error') throw item.error
      yield item
      // A file the caller did not read is drained, so the parser moves on to the next part.
      if (item.kind === 'file') item.stream?.resume()
    }
    await feed
  } finally {
    stopped = true
    // Not awaited: a piped (limited) body settles its cancel only once its pending write has gone through.
    reader?.cancel().catch(() => {})
    parser.removeAllListeners('file')
    ;(current as Readable | null)?.resume()
    parser.destroy()
  }
}

async function readFile(stream: Readable, limit: number, over: () => Error, budget: BodyBudget): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.byteLength
      if (total > limit) throw over()
      budget.take(chunk.byteLength)
      chunks.push(chunk)
    }
  } catch (error) {
    // The parser cuts the file off on a malformed or truncated form; our own refusals pass as they are.
    throw error instanceof AppError || error === undefined ? error : new MalformedForm()
  }
  const bytes = Buffer.concat(chunks, total)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
