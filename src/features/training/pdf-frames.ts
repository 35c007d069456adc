// Length-prefixed frames between the server and its PDF readers (pdf-pool.ts, pdf-worker.ts): a
// 4-byte big-endian length, then that many bytes. PDF bytes and the extracted text cross as they
// are, whatever bytes they hold; nothing depends on line breaks.

const HEADER_BYTES = 4

export function frame(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + payload.length)
  new DataView(out.buffer).setUint32(0, payload.length)
  out.set(payload, HEADER_BYTES)
  return out
}

export const jsonFrame = (value: unknown): Uint8Array => frame(new TextEncoder().encode(JSON.stringify(value)))

export const parseJson = (payload: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(payload))

/** Reads whole frames off a byte stream; a frame longer than `maxFrameBytes` is a broken peer. */
export class FrameReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private chunks: Uint8Array[] = []
  private buffered = 0

  constructor(
    stream: ReadableStream<Uint8Array>,
    private readonly maxFrameBytes: number,
  ) {
    this.reader = stream.getReader()
  }

  /** The next frame's payload, or null when the stream ended (cleanly or mid-frame). */
  async next(): Promise<Uint8Array | null> {
    const header = await this.take(HEADER_BYTES)
    if (!header) return null
    const length = new DataView(header.buffer, header.byteOffset, HEADER_BYTES).getUint32(0)
    if (length > this.maxFrameBytes) throw new Error(`frame of ${length} bytes is over the ${this.maxFrameBytes} accepted`)
    return this.take(length)
  }

  private async take(count: number): Promise<Uint8Array | null> {
    while (this.buffered < count) {
      const { done, value } = await this.reader.read()
      if (done) return null
      this.chunks.push(value)
      this.buffered += value.length
    }
    const out = new Uint8Array(count)
    let filled = 0
    while (filled < count) {
      const chunk = this.chunks[0]
      const used = Math.min(chunk.length, count - filled)
      out.set(chunk.subarray(0, used), filled)
      filled += used
      if (used === chunk.length) this.chunks.shift()
      else this.chunks[0] = chunk.subarray(used)
    }
    this.buffered -= count
    return out
  }
}
