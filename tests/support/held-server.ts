/**
 * A real local server whose every answer waits until the gate opens, so work that depends on it
 * (a linked page, a webhook delivery) stays in flight for as long as a test needs. Counts the requests.
 */
export function startHeldServer(gate: Promise<void>, answer: (request: Request) => Response) {
  let asked = 0
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      asked++
      await gate
      return answer(request)
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, port: server.port as number, asked: () => asked, stop: () => server.stop(true) }
}

/** A gate for startHeldServer and the function that opens it. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}
