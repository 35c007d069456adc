/**
 * A bounded in-memory copy of rows the hot paths read on every request (token, subscription,
 * chatbot). The repo that owns the table forgets an entry when it writes it, so this instance
 * sees its own writes at once; another instance's writes are seen when the entry expires, so
 * `ttlMs` is the staleness across instances. Time here is the machine's (performance.now), not the
 * business clock: it bounds staleness, it decides nothing about subscriptions or codes.
 */
/** How long another instance's write may go unseen here (the README's "Caching" says so). */
export const HOT_ROW_TTL_MS = 2_000

/** Every cache made, so a context that opens or closes a database starts from nothing. */
const everyCache = new Set<TtlCache<unknown, unknown>>()

/** Called when a context opens its database and when it closes it (runtime.ts): nothing read through another connection lingers. */
export function forgetAllCachedRows(): void {
  for (const cache of everyCache) cache.clear()
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>()
  /** Bumped by every forget: a load that began before a write must not store what it read. */
  private generation = 0

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    everyCache.add(this as TtlCache<unknown, unknown>)
  }

  /** The cached value, or the loaded one (kept unless it is `undefined` or a write came in meanwhile). */
  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const entry = this.entries.get(key)
    if (entry !== undefined) {
      if (entry.expires > this.now()) return entry.value
      this.entries.delete(key)
    }
    const generation = this.generation
    const value = await load()
    if (value !== undefined && generation === this.generation) this.store(key, value)
    return value
  }

  /**
   * What is held for `key` and still fresh, without loading: the hot routes' answers at once
   * (http/fast-lane.ts) go to the full path, which loads, when this is undefined.
   */
  peek(key: K): V | undefined {
    const entry = this.entries.get(key)
    return entry !== undefined && entry.expires > this.now() ? entry.value : undefined
  }

  forget(key: K): void {
    this.entries.delete(key)
    this.generation++
  }

  /** For writes that do not name the key (a row updated by its own id): every entry goes. */
  clear(): void {
    this.entries.clear()
    this.generation++
  }

  private store(key: K, value: V): void {
    // Map keeps insertion order: past the bound the oldest entry makes room.
    if (this.entries.size >= this.max && !this.entries.has(key)) this.entries.delete(this.entries.keys().next().value as K)
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
  }
}
