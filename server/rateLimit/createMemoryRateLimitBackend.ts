import type { RateLimitBackend } from './rateLimitBackend'

/**
 * A per-process backend: counts live in this process's memory, so N processes behind a load balancer
 * allow up to N times the limit. Keeps one entry per bucket; when more than `maxBuckets` (default
 * 100,000) exist, entries of past windows are dropped.
 */
export function createMemoryRateLimitBackend({
  maxBuckets = 100_000,
}: {
  maxBuckets?: number
} = {}): RateLimitBackend {
  const buckets = new Map<string, { windowStartMs: number; hits: number }>()
  return {
    async hit(bucketKey, windowStartMs, hits = 1) {
      const bucket = buckets.get(bucketKey)
      if (bucket !== undefined && bucket.windowStartMs === windowStartMs) {
        bucket.hits += hits
        return bucket.hits
      }
      if (bucket === undefined && buckets.size >= maxBuckets) {
        for (const [key, value] of buckets) if (value.windowStartMs < windowStartMs) buckets.delete(key)
      }
      buckets.set(bucketKey, { windowStartMs, hits })
      return hits
    },
  }
}
