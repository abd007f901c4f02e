import type { Store } from '../store/createStore'
import { deleteRateLimitBucketsBefore, hitRateLimitBucket } from '../store/rateLimitBuckets'
import type { RateLimitBackend } from './rateLimitBackend'

/**
 * A backend in the database: each hit is one atomic upsert (`INSERT ... ON CONFLICT DO UPDATE SET
 * hits = hits + n RETURNING hits`) on (bucket, window), so every API process using the same PostgreSQL
 * shares one count per key/IP and the limit holds across the whole fleet. At most once per window a
 * hit also deletes windows older than the previous one (best effort, in the background).
 */
export function createStoreRateLimitBackend(store: Store): RateLimitBackend {
  let lastCleanupWindowMs = 0
  return {
    async hit(bucketKey, windowStartMs, count = 1) {
      const hits = await hitRateLimitBucket(store.db, { bucketKey, windowStartMs, hits: count })
      if (windowStartMs > lastCleanupWindowMs) {
        const previous = lastCleanupWindowMs
        lastCleanupWindowMs = windowStartMs
        if (previous !== 0) {
          deleteRateLimitBucketsBefore(store.db, previous).catch(() => {
            lastCleanupWindowMs = previous
          })
        }
      }
      return hits
    },
  }
}
