/** A map that keeps at most `maxEntries`, dropping the least recently read or written entry first. */
export interface LruMap<K, V> {
  get(key: K): V | undefined
  set(key: K, value: V): void
  delete(key: K): void
  readonly size: number
  /** The entries, least recent first (reading them does not make them recent). */
  entries(): IterableIterator<[K, V]>
}

/**
 * Creates an empty `LruMap` holding at most `maxEntries` (at least 1). A read or a write makes an entry the
 * most recent; a write beyond the bound drops the least recent one. O(1) per call (a Map's insertion order).
 */
export function createLruMap<K, V>(maxEntries: number): LruMap<K, V> {
  const max = Math.max(1, Math.floor(maxEntries))
  const entries = new Map<K, V>()
  return {
    get(key) {
      const value = entries.get(key)
      if (value === undefined) return undefined
      entries.delete(key)
      entries.set(key, value)
      return value
    },
    set(key, value) {
      entries.delete(key)
      entries.set(key, value)
      if (entries.size > max) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
    },
    delete(key) {
      entries.delete(key)
    },
    get size() {
      return entries.size
    },
    entries: () => entries.entries(),
  }
}
