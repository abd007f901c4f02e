/** Hashes recently looked up and not found, remembered for a short time. */
export interface RecentMisses {
  /** True when `key` missed within the last `ttlMs`. */
  has(key: string): boolean
  /** Remembers a miss of `key` now (the oldest entry goes when the set is full). */
  add(key: string): void
  readonly size: number
}

/**
 * A bounded negative cache: `add` remembers a key for `ttlMs` (ms of `now`); at most `maxEntries` keys are kept,
 * the least recently added going first, so a flood of distinct junk keys costs bounded memory (a Map keeps
 * insertion order: the first key is the oldest). Keys are compared lower-case.
 */
export function createRecentMisses(params: {
  ttlMs: number
  maxEntries: number
  now: () => number
}): RecentMisses {
  const missedAt = new Map<string, number>()
  return {
    has(key) {
      const normal = key.toLowerCase()
      const at = missedAt.get(normal)
      if (at === undefined) return false
      if (params.now() - at < params.ttlMs) return true
      missedAt.delete(normal)
      return false
    },
    add(key) {
      const normal = key.toLowerCase()
      // re-adding moves the key to the newest end
      missedAt.delete(normal)
      missedAt.set(normal, params.now())
      while (missedAt.size > params.maxEntries) {
        const oldest = missedAt.keys().next()
        if (oldest.done === true) break
        missedAt.delete(oldest.value)
      }
    },
    get size() {
      return missedAt.size
    },
  }
}
