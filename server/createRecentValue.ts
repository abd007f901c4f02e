/** A value loaded on demand and reused while recent. */
export interface RecentValue<T> {
  /** The value loaded within the last `maxAgeMs`, else a fresh load (callers during one load share it). */
  get(): Promise<T>
}

/**
 * Wraps `load` so that every caller within `maxAgeMs` of a successful load gets its value, and callers while a
 * load runs share that load instead of starting their own. A failed load is not kept: the next call tries
 * again. For reads that many requests make per second but whose source changes by the block (pool depths of a
 * network that only prices, never settles, from them).
 */
export function createRecentValue<T>(
  load: () => Promise<T>,
  maxAgeMs: number,
  now: () => number = Date.now,
): RecentValue<T> {
  let kept: { value: T; at: number } | undefined
  let loading: Promise<T> | undefined
  return {
    get() {
      if (kept !== undefined && now() - kept.at < maxAgeMs) return Promise.resolve(kept.value)
      if (loading !== undefined) return loading
      const startedAt = now()
      loading = load()
        .then((value) => {
          kept = { value, at: startedAt }
          return value
        })
        .finally(() => {
          loading = undefined
        })
      return loading
    },
  }
}
