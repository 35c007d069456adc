/** One delivery as the receiver got it: the raw body (signatures are over it) and the headers. */
export interface Delivery {
  body: string
  headers: Record<string, string>
}

/** A webhook receiver on loopback that answers each delivery with the next status of `statuses` (then 200). */
export function startWebhookReceiver(statuses: number[] = [], path = '/hooks') {
  const deliveries: Delivery[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      deliveries.push({ body: await request.text(), headers: Object.fromEntries(request.headers.entries()) })
      return new Response('ok', { status: statuses.shift() ?? 200 })
    },
  })
  return { url: `http://127.0.0.1:${server.port}${path}`, deliveries, stop: () => server.stop(true) }
}
