// One webhook delivery: a POST to an owner-supplied URL, under the same destination guard as
// training links (contract 6). Bun's fetch has no DNS hook, so the name is resolved and checked
// here and the request goes to the checked address with the original Host and TLS server name.
import { isIPv4, isIPv6 } from 'node:net'
import { checkDestination, FetchFailed, type DestinationGuard } from '../training/safe-fetch'

export const WEBHOOK_TIMEOUT_MS = 15_000
const USER_AGENT = 'ChatbotServiceWebhooks/1.0'

/** Resolves on a 2xx; throws FetchRefused for a destination the guard refuses, FetchFailed for anything else. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, guard: DestinationGuard, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<number> {
  const signal = AbortSignal.timeout(timeoutMs)
  const { url: checked, address } = await checkDestination(url, guard)
  const target = new URL(checked.href)
  target.hostname = isIPv6(address) ? `[${address}]` : address
  target.username = ''
  target.password = ''
  const hostIsName = !isIPv4(checked.hostname) && !checked.hostname.startsWith('[')
  let response: Response
  try {
    response = await fetch(target, {
      method: 'POST',
      // A redirect is not a delivery: following it would also need the guard on every hop.
      redirect: 'manual',
      signal,
      headers: { ...headers, Host: checked.host, 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
      body,
      tls: checked.protocol === 'https:' ? { serverName: hostIsName ? checked.hostname : undefined } : undefined,
      // A proxy would resolve the name again, and a pooled socket could serve another name.
      proxy: false,
      keepalive: false,
    })
  } catch (error) {
    throw new FetchFailed(signal.aborted ? `timed out after ${timeoutMs / 1000} s` : `could not connect: ${String(error)}`, url)
  }
  await response.body?.cancel().catch(() => {})
  if (response.status < 200 || response.status > 299) throw new FetchFailed(`HTTP ${response.status}`, url, response.status)
  return response.status
}
