import { expect, test } from 'bun:test'
import { TtlCache } from '../../src/lib/ttl-cache'

test('entries expire after their time, and the cache never holds more than its bound', async () => {
  let now = 0
  const cache = new TtlCache<string, number>(3, 1000, () => now)
  let loads = 0
  const load = (value: number) => async () => {
    loads++
    return value
  }
  expect(await cache.get('a', load(1))).toBe(1)
  expect(await cache.get('a', load(2))).toBe(1)
  now = 1000
  expect(await cache.get('a', load(3))).toBe(3)
  for (const key of ['b', 'c', 'd']) await cache.get(key, load(0))
  // 'a' was the oldest of four: it made room.
  expect(await cache.get('a', load(4))).toBe(4)
  expect(loads).toBe(6)
})

test('a value read while a write forgot its key is handed out but not kept', async () => {
  const cache = new TtlCache<string, string>(10, 60_000)
  let release: () => void = () => {}
  const slow = cache.get('row', () => new Promise<string>((resolve) => (release = () => resolve('before the write'))))
  cache.forget('row')
  release()
  expect(await slow).toBe('before the write')
  expect(await cache.get('row', async () => 'after the write')).toBe('after the write')
})

test('nothing is kept for a key the loader does not find', async () => {
  const cache = new TtlCache<string, string>(10, 60_000)
  expect(await cache.get('missing', async () => undefined)).toBeUndefined()
  expect(await cache.get('missing', async () => 'made since')).toBe('made since')
})
