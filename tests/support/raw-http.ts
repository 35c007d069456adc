import { connect, type Socket } from 'node:net'

export interface RawReply {
  status: number
  headers: Record<string, string>
  body: string
  /** Body bytes the client had written when the answer came (or when it gave up). */
  sentBytes: number
  /** Whether the whole body had been written before the answer came. */
  sentAll: boolean
}

/**
 * One HTTP/1.1 request over a plain socket, so a test controls what fetch would not: the Host
 * header, chunked bodies of any size, and a body that keeps coming while the server answers. The
 * body is written piece by piece (`chunked`: in chunked transfer coding) and writing stops as soon
 * as an answer arrives.
 */
export async function rawRequest(
  port: number,
  opts: { method?: string; path: string; host?: string; headers?: Record<string, string>; body?: Iterable<Uint8Array>; chunked?: boolean; timeoutMs?: number },
): Promise<RawReply> {
  const socket: Socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  let received = Buffer.alloc(0)
  let answered = false
  let closed = false
  const reply = new Promise<void>((resolve) => {
    const check = () => {
      const end = received.indexOf('\r\n\r\n')
      if (end < 0) return
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(received.subarray(0, end).toString('latin1'))
      answered = true
      if (!length || received.length >= end + 4 + Number(length[1])) resolve()
    }
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data])
      check()
    })
    socket.on('close', () => {
      closed = true
      resolve()
    })
  })
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const headers = { host: opts.host ?? 'localhost', ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : {}), ...opts.headers }
  const head = `${opts.method ?? 'POST'} ${opts.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`
  socket.write(head)
  let sentBytes = 0
  let sentAll = true
  // A server that has answered may stop reading: waiting for 'drain' ends when the answer comes.
  const write = (data: Uint8Array | string) =>
    socket.write(data) ? Promise.resolve() : Promise.race([new Promise<void>((resolve) => socket.once('drain', () => resolve())), reply])
  for (const piece of opts.body ?? []) {
    if (answered || closed) {
      sentAll = false
      break
    }
    if (opts.chunked) {
      await write(`${piece.length.toString(16)}\r\n`)
      await write(piece)
      await write('\r\n')
    } else await write(piece)
    sentBytes += piece.length
    // A write the socket takes at once resolves without a turn of the event loop, so an answer that
    // has come in would go unseen while a server draining the rest keeps taking pieces: look each time.
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  if (sentAll && opts.chunked && !answered && !closed) await write('0\r\n\r\n')
  const timer = setTimeout(() => socket.destroy(), opts.timeoutMs ?? 30_000)
  await reply
  clearTimeout(timer)
  socket.destroy()
  const end = received.indexOf('\r\n\r\n')
  if (end < 0) throw new Error(`no answer (${received.length} bytes received)`)
  const [statusLine, ...headerLines] = received.subarray(0, end).toString('latin1').split('\r\n')
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])),
    body: received.subarray(end + 4).toString('utf8'),
    sentBytes,
    sentAll,
  }
}

/** `total` bytes in pieces of `piece` bytes, the first `prefix`, the rest `fill`. */
export function* bodyPieces(prefix: string, total: number, fill = 0x20, piece = 64 * 1024): Generator<Uint8Array> {
  const start = new TextEncoder().encode(prefix)
  yield start
  const block = new Uint8Array(piece).fill(fill)
  for (let sent = start.length; sent < total; sent += piece) yield total - sent < piece ? block.subarray(0, total - sent) : block
}
